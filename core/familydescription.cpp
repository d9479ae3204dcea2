// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/familydescription.h"

namespace AttentionLab {

const FamilyDescription &familyDescription(ModelFamily family)
{
    switch (family) {
    case ModelFamily::Gpt2:
        return gpt2Family();
    case ModelFamily::Bert:
        return bertFamily();
    }
    return gpt2Family(); // not reached: the switch names every family
}

const std::vector<ModelFamily> &modelFamilies()
{
    static const std::vector<ModelFamily> families{ModelFamily::Gpt2, ModelFamily::Bert};
    return families;
}

bool findModelFamily(const std::string &modelType, ModelFamily *family)
{
    for (ModelFamily candidate : modelFamilies()) {
        if (familyDescription(candidate).modelType == modelType) {
            *family = candidate;
            return true;
        }
    }
    return false;
}

const char *modelTypeName(ModelFamily family)
{
    return familyDescription(family).modelType.c_str();
}

} // namespace AttentionLab
