// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tensortable.h"

#include "io/checkpointfiles.h"
#include "io/inputtextqt.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>

namespace AttentionLab::Checkpoint {

namespace {

/// "tensor h.0.attn.c_attn.weight holds +inf at [0, 7] (element 7): ...".
QString nonFiniteMessage(const QString &name, const std::vector<long long> &shape, long long at,
                         float value)
{
    QStringList index;
    long long rest = at;
    for (auto length = shape.rbegin(); length != shape.rend(); ++length) {
        index.prepend(QString::number(rest % std::max(1LL, *length)));
        rest /= std::max(1LL, *length);
    }
    const QString what = std::isnan(value)
                             ? QStringLiteral("NaN")
                             : (value > 0 ? QStringLiteral("+inf") : QStringLiteral("-inf"));
    return QStringLiteral("tensor %1 holds %2 at [%3] (element %4); a checkpoint with weights "
                          "that are not finite numbers gives no meaningful attention")
        .arg(inputText(name), what, index.join(QStringLiteral(", ")))
        .arg(at);
}

} // namespace

void TensorTable::add(const QString &path, AttentionArrays arrays)
{
    const QString prefix = key(m_names.prefix);
    for (AttentionArray &array : arrays.arrays) {
        QString name = array.name;
        if (!prefix.isEmpty() && name.startsWith(prefix)) {
            name.remove(0, prefix.size());
            m_prefixed = true;
        }
        m_arrays.emplace(name, Entry{std::move(array), path});
    }
}

WeightTensor TensorTable::require(const QString &name, std::vector<long long> shape,
                                  const QString &alternative)
{
    const Entry *entry = find(name, alternative);
    if (!entry)
        fail(m_path, QStringLiteral("has no tensor %1").arg(shown(name)));
    return tensor(*entry, std::move(shape));
}

WeightTensor TensorTable::optional(const QString &name, std::vector<long long> shape,
                                   const QString &alternative)
{
    const Entry *entry = find(name, alternative);
    return entry ? tensor(*entry, std::move(shape)) : WeightTensor();
}

QStringList TensorTable::unused() const
{
    QStringList names;
    for (const auto &[name, entry] : m_arrays) {
        if (m_used.count(name))
            continue;
        bool byDesign = false;
        for (const std::string &ending : m_names.ignoredEndings)
            byDesign = byDesign || name.endsWith(key(ending));
        for (const std::string &beginning : m_names.ignoredBeginnings)
            byDesign = byDesign || name.startsWith(key(beginning));
        for (const QString &beginning : m_ignored)
            byDesign = byDesign || name.startsWith(beginning);
        if (!byDesign)
            names.append(inputText(shown(name)));
    }
    return names;
}

QString TensorTable::shown(const QString &name) const
{
    for (const std::string &top : m_names.topLevel) {
        if (name.startsWith(key(top)))
            return name;
    }
    return m_prefixed ? key(m_names.prefix) + name : name;
}

const TensorTable::Entry *TensorTable::find(const QString &name, const QString &alternative) const
{
    auto it = m_arrays.find(name);
    if (it == m_arrays.end() && !alternative.isEmpty())
        it = m_arrays.find(alternative);
    if (it == m_arrays.end())
        return nullptr;
    m_used.insert(it->first);
    return &it->second;
}

WeightTensor TensorTable::tensor(const Entry &entry, std::vector<long long> shape)
{
    const AttentionArray &array = entry.array;
    if (!array.type)
        fail(entry.path,
             QStringLiteral("tensor %1 %2; weights must be F32, F16, BF16 or F64")
                 .arg(inputText(array.name), array.refusal.section(QLatin1Char(';'), 0, 0)));
    if (array.shape != shape)
        fail(entry.path, QStringLiteral("has tensor %1 of shape %2; the configuration needs %3")
                             .arg(inputText(array.name), shapeText(array.shape), shapeText(shape)));
    m_parameters += array.elementCount();
    m_types.insert(QString::fromLatin1(elementTypeName(*array.type)));
    std::function<FloatValues()> load = array.load;
    // Checked once, when first used: a NaN or an infinity in a weight
    // gives a confident wrong answer (a NaN distribution, all-zero heads).
    auto finite = std::make_shared<std::atomic<bool>>(false);
    const long long count = array.elementCount();
    WeightTensor::BFloat16Loader bfloat16;
    if (array.type == ElementType::BFloat16 && array.stored &&
        reinterpret_cast<std::uintptr_t>(array.stored) % alignof(std::uint16_t) == 0) {
        // Read in place by the product, never copied as float32.
        bfloat16 = [stored = reinterpret_cast<const std::uint16_t *>(array.stored),
                    owner = array.storedOwner, finite, count, path = entry.path, name = array.name,
                    dims = array.shape] {
            if (!finite->load(std::memory_order_acquire)) {
                if (const long long at = firstNonFiniteBFloat16(stored, count); at >= 0) {
                    const std::uint32_t bits = std::uint32_t(stored[at]) << 16;
                    float value;
                    std::memcpy(&value, &bits, sizeof value);
                    fail(path, nonFiniteMessage(name, dims, at, value));
                }
                finite->store(true, std::memory_order_release);
            }
            return WeightTensor::BFloat16Values{stored, owner};
        };
    }
    return WeightTensor(
        std::move(shape),
        [load, finite, count, path = entry.path, name = array.name, dims = array.shape] {
            FloatValues data = load();
            if (!finite->load(std::memory_order_acquire)) {
                if (const long long at = firstNonFinite(data.data, count); at >= 0)
                    fail(path, nonFiniteMessage(name, dims, at, data.data[at]));
                finite->store(true, std::memory_order_release);
            }
            return data;
        },
        std::move(bfloat16));
}

QString TensorTable::storedTypes() const
{
    return QStringList(m_types.begin(), m_types.end()).join(QStringLiteral(", "));
}

} // namespace AttentionLab::Checkpoint
