// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/familydescription.h"
#include "core/model/weighttensor.h"
#include "io/attentionarray.h"

#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace AttentionLab::Checkpoint {

/// The tensors of a checkpoint's weights file (or shards) by name, the family's prefix removed.
class TensorTable
{
public:
    /// \a path is named when a tensor is missing: the weights file, or the shards' index.
    TensorTable(QString path, const TensorNames &names) : m_path(std::move(path)), m_names(names) {}

    /// Adds the arrays of the file \a path.
    void add(const QString &path, AttentionArrays arrays);

    /// A tensor the pass does not use by design (a tied copy of the output matrix).
    void ignore(const QString &beginning) { m_ignored.append(beginning); }

    /// The tensor \a name (\a alternative when that is absent), of \a shape.
    WeightTensor require(const QString &name, std::vector<long long> shape,
                         const QString &alternative = QString());

    /// The tensor \a name of \a shape, or an absent one.
    WeightTensor optional(const QString &name, std::vector<long long> shape,
                          const QString &alternative = QString());

    bool contains(const QString &name) const { return m_arrays.count(name) > 0; }

    /// The tensors no require() or optional() asked for, as the file spells
    /// them, but for the buffers and heads that are there by design
    /// (TensorNames::ignoredEndings and ignoredBeginnings).
    QStringList unused() const;

    /// \a name as the file would spell it.
    QString shown(const QString &name) const;

    /// The elements of every tensor the configuration reads (a tied matrix once).
    long long parameters() const { return m_parameters; }
    /// Their element types as stored ("bfloat16"; "float32, bfloat16" when mixed).
    QString storedTypes() const;

private:
    struct Entry
    {
        AttentionArray array;
        QString path;
    };

    const Entry *find(const QString &name, const QString &alternative) const;
    /// The entry's values as a tensor of \a shape, checked to be finite when first loaded.
    WeightTensor tensor(const Entry &entry, std::vector<long long> shape);

    QString m_path;
    const TensorNames &m_names;
    bool m_prefixed = false;
    std::map<QString, Entry> m_arrays;
    QStringList m_ignored;
    mutable std::set<QString> m_used;
    long long m_parameters = 0;
    std::set<QString> m_types;
};

} // namespace AttentionLab::Checkpoint
