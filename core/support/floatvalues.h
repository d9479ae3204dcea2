// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <memory>

namespace AttentionLab {

/// An array's values as float32 in C order, valid while \a owner lives: a
/// mapped file for float32 values used in place, a buffer read from a zip
/// member, or a converted copy. The attention readers and the weights of a
/// model both hand their values out this way.
struct FloatValues
{
    const float *data = nullptr;
    std::shared_ptr<const void> owner;
};

} // namespace AttentionLab
