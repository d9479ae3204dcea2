// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/modelcheckpoint.h"

#include "core/model/familydescription.h"

#include "io/attentionarray.h"
#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/mappedfile.h"
#include "io/readerror.h"
#include "io/safetensorsreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>

#include <unistd.h>

namespace AttentionLab {

namespace {

[[noreturn]] void fail(const QString &path, const QString &message)
{
    throwReadError(inputText(QDir::toNativeSeparators(path)) + QStringLiteral(": ") + message);
}

/// The largest count config.json may give (a width, a number of positions, a window).
constexpr double kMaxCount = 1e9;

/// \a value as its JSON text ("3", "[1]", "{}"), for messages.
QString jsonText(const QJsonValue &value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

class ConfigReader
{
public:
    ConfigReader(QString path, QJsonObject object)
        : m_path(std::move(path)), m_object(std::move(object))
    {
    }

    const QJsonValue &require(const QString &key)
    {
        m_value = m_object.value(key);
        if (m_value.isUndefined())
            fail(m_path, QStringLiteral("has no \"%1\"").arg(key));
        return m_value;
    }

    /// Whether \a key is given, and not null; false for the empty key of a
    /// family that has no such setting.
    bool has(const QString &key) const
    {
        if (key.isEmpty())
            return false;
        const QJsonValue value = m_object.value(key);
        return !value.isUndefined() && !value.isNull();
    }

    bool flag(const QString &key, bool fallback)
    {
        if (!has(key))
            return fallback;
        const QJsonValue value = require(key);
        if (!value.isBool())
            fail(m_path, QStringLiteral("has \"%1\" that is not true or false").arg(key));
        return value.toBool();
    }

    int count(const QString &key)
    {
        const QJsonValue value = require(key);
        const double d = value.toDouble(-1.0);
        if (!value.isDouble() || d < 1.0 || d != std::floor(d))
            fail(m_path, QStringLiteral("has \"%1\" that is not a positive whole number").arg(key));
        // A whole number past the limit is named as such (issue 36, item 15).
        if (d > kMaxCount)
            fail(m_path, QStringLiteral("has \"%1\" %2, more than the %3 Attention Lab reads")
                             .arg(key, inputNumberText(d), QString::number(qint64(kMaxCount))));
        return int(d);
    }

    double positive(const QString &key)
    {
        const QJsonValue value = require(key);
        if (!value.isDouble() || !(value.toDouble() > 0.0))
            fail(m_path, QStringLiteral("has \"%1\" that is not a positive number").arg(key));
        return value.toDouble();
    }

    GeluForm gelu(const QString &key)
    {
        const QString name = require(key).toString();
        if (name == QLatin1String("gelu_new") || name == QLatin1String("gelu_pytorch_tanh"))
            return GeluForm::Tanh;
        if (name == QLatin1String("gelu"))
            return GeluForm::Erf;
        fail(m_path, QStringLiteral("has \"%1\" \"%2\"; only \"gelu_new\", \"gelu_pytorch_tanh\" "
                                    "and \"gelu\" are supported")
                         .arg(key, inputText(name)));
    }

private:
    QString m_path;
    QJsonObject m_object;
    QJsonValue m_value;
};

QString key(const std::string &name)
{
    return QString::fromStdString(name);
}

/// The JSON object of the small file \a path (config.json, the shards' index).
QJsonObject readJsonObject(const QString &path, const QString &what, const QString &file)
{
    if (!QFileInfo(path).exists())
        fail(path, QStringLiteral("no such file"));
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        fail(path, QStringLiteral("is %1, not %2").arg(kind, what));
    constexpr qint64 kMaxConfigBytes = 16 * 1024 * 1024;
    if (const qint64 size = QFileInfo(path).size(); size > kMaxConfigBytes)
        fail(path, QStringLiteral("is %1 bytes; %2 is a few kB").arg(size).arg(file));
    QByteArray bytes;
    QString why;
    if (!readWithoutBlocking(path, kMaxConfigBytes, &bytes, &why))
        fail(path, why);
    if (bytes.size() > kMaxConfigBytes)
        fail(path,
             QStringLiteral("is over %1 bytes; %2 is a few kB").arg(kMaxConfigBytes).arg(file));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (!document.isObject())
        fail(path, error.error != QJsonParseError::NoError
                       ? QStringLiteral("is not valid JSON at byte %1: %2")
                             .arg(error.offset)
                             .arg(error.errorString())
                       : QStringLiteral("is not a JSON object"));
    return document.object();
}

/// The shard files model.safetensors.index.json's weight_map names, each once, in order.
QStringList shardFiles(const QString &indexPath)
{
    const QJsonObject index = readJsonObject(indexPath, QStringLiteral("a shards' index"),
                                             QStringLiteral("a shards' index"));
    const QJsonValue map = index.value(QLatin1String("weight_map"));
    if (!map.isObject() || map.toObject().isEmpty())
        fail(indexPath, QStringLiteral("has no \"weight_map\" naming the shards"));
    QStringList files;
    const QJsonObject names = map.toObject();
    for (auto it = names.begin(); it != names.end(); ++it) {
        const QString file = it.value().toString();
        // A NUL is refused here, before Qt's file functions print a warning
        // of their own about it (issue 36, item 16).
        if (file.isEmpty() || file.contains(QLatin1Char('/')) || file.contains(QLatin1Char('\\')) ||
            file.contains(QChar(u'\0')) || file.startsWith(QLatin1Char('.')))
            fail(indexPath, QStringLiteral("names \"%1\" as the shard of %2; a shard is a file "
                                           "of the model's folder")
                                .arg(inputText(file), inputText(it.key())));
        if (!files.contains(file))
            files.append(file);
    }
    files.sort();
    return files;
}

/// config.json's rotary settings: theta, the rotated share, rope_scaling
/// (or, in newer files, rope_parameters).
RotaryConfig readRotary(const QString &path, const QJsonObject &object, ConfigReader &reader,
                        const ConfigKeys &keys)
{
    RotaryConfig rotary;
    QJsonObject scaling;
    if (object.value(QLatin1String("rope_parameters")).isObject()) {
        scaling = object.value(QLatin1String("rope_parameters")).toObject();
        if (scaling.value(QLatin1String("rope_theta")).isDouble())
            rotary.theta = scaling.value(QLatin1String("rope_theta")).toDouble();
    }
    if (reader.has(key(keys.ropeTheta)))
        rotary.theta = reader.positive(key(keys.ropeTheta));
    if (reader.has(key(keys.rotaryFraction))) {
        rotary.fraction = reader.positive(key(keys.rotaryFraction));
        if (rotary.fraction > 1.0)
            fail(path, QStringLiteral("has \"%1\" %2; the rotated share of a head is at most 1")
                           .arg(key(keys.rotaryFraction))
                           .arg(rotary.fraction));
    }
    if (reader.has(key(keys.ropeScaling))) {
        const QJsonValue value = reader.require(key(keys.ropeScaling));
        if (!value.isObject())
            fail(path,
                 QStringLiteral("has \"%1\" that is not an object").arg(key(keys.ropeScaling)));
        scaling = value.toObject();
    }
    if (scaling.isEmpty())
        return rotary;
    // rope_type, or type in older files. One that is given must be a known
    // name: an empty or non-string one once ran as plain rotary positions,
    // its factor dropped (issue 36, item 7).
    const QLatin1String typeKey(scaling.contains(QLatin1String("rope_type")) ? "rope_type"
                                                                             : "type");
    const QJsonValue typeValue = scaling.value(typeKey);
    const bool typeGiven = !typeValue.isUndefined() && !typeValue.isNull();
    if (typeGiven && !typeValue.isString())
        fail(path, QStringLiteral("has a %1 that is not a name (%2); Attention Lab runs "
                                  "\"default\", \"linear\" and \"llama3\" rotary positions")
                       .arg(typeKey, inputText(jsonText(typeValue))));
    const QString type = typeValue.toString();
    ConfigReader parameters(path, scaling);
    if ((!typeGiven && scaling.value(QLatin1String("factor")).isUndefined()) ||
        type == QLatin1String("default"))
        return rotary;
    if (type == QLatin1String("linear")) {
        rotary.scaling = RopeScaling::Linear;
        rotary.factor = parameters.positive(QStringLiteral("factor"));
    } else if (type == QLatin1String("llama3")) {
        rotary.scaling = RopeScaling::Llama3;
        rotary.factor = parameters.positive(QStringLiteral("factor"));
        rotary.lowFrequencyFactor = parameters.positive(QStringLiteral("low_freq_factor"));
        rotary.highFrequencyFactor = parameters.positive(QStringLiteral("high_freq_factor"));
        rotary.originalPositions =
            parameters.count(QStringLiteral("original_max_position_embeddings"));
        if (!(rotary.highFrequencyFactor > rotary.lowFrequencyFactor))
            fail(path, QStringLiteral("has a llama3 rope_scaling whose high_freq_factor is not "
                                      "above its low_freq_factor"));
    } else {
        fail(path, QStringLiteral("has the rope_type \"%1\"; Attention Lab runs \"default\", "
                                  "\"linear\" and \"llama3\" rotary positions")
                       .arg(inputText(type)));
    }
    return rotary;
}

ModelConfig readConfig(const QString &path)
{
    const QJsonObject object = readJsonObject(path, QStringLiteral("a model's configuration"),
                                              QStringLiteral("a model's config.json"));
    ConfigReader reader(path, object);
    const QString type = reader.require(QStringLiteral("model_type")).toString();
    ModelConfig config;
    if (!findModelFamily(type.toStdString(), &config.family))
        fail(path, QStringLiteral("has the model_type \"%1\"; Attention Lab runs %2 checkpoints")
                       .arg(inputText(type), QString::fromStdString(supportedModelTypes())));
    const FamilyDescription &family = familyDescription(config.family);
    const ConfigKeys &keys = family.keys;
    config.layers = reader.count(key(keys.layers));
    config.heads = reader.count(key(keys.heads));
    config.modelDim = reader.count(key(keys.modelDim));
    config.kvHeads = reader.has(key(keys.kvHeads)) ? reader.count(key(keys.kvHeads)) : config.heads;
    config.positions = reader.count(key(keys.positions));
    config.vocabulary = reader.count(key(keys.vocabulary));
    // n_inner: null (or absent, as in older files) means 4 n_embd.
    config.feedForward = keys.feedForwardTimesWidth > 0 && !reader.has(key(keys.feedForward))
                             ? keys.feedForwardTimesWidth * config.modelDim
                             : reader.count(key(keys.feedForward));
    if (!keys.tokenTypes.empty())
        config.tokenTypes = reader.count(key(keys.tokenTypes));
    config.epsilon = reader.positive(key(keys.epsilon));
    switch (family.feedForward) {
    case FeedForwardKind::Plain:
        config.gelu = reader.gelu(key(keys.activation));
        break;
    case FeedForwardKind::GatedSilu:
        if (const QString name = reader.require(key(keys.activation)).toString();
            name != QLatin1String("silu"))
            fail(path, QStringLiteral("has \"%1\" \"%2\"; a gated MLP of model_type \"%3\" "
                                      "runs \"silu\"")
                           .arg(key(keys.activation), inputText(name), type));
        break;
    }
    switch (family.positions) {
    case PositionKind::Learned:
        break;
    case PositionKind::Rotary:
        config.rotary = readRotary(path, object, reader, keys);
        break;
    }
    if (reader.has(key(keys.slidingWindow)))
        config.slidingWindow = reader.count(key(keys.slidingWindow));
    // Qwen2's per-layer windows (use_sliding_window, max_window_layers) are not built.
    if (reader.flag(QStringLiteral("use_sliding_window"), false))
        fail(path, QStringLiteral("has \"use_sliding_window\" true; Attention Lab runs no "
                                  "sliding-window layers of model_type \"%1\"")
                       .arg(type));
    config.tiedOutput = reader.flag(key(keys.tieEmbeddings), family.tiedOutput);
    config.parallelResidual = reader.flag(key(keys.parallelResidual), family.parallelResidual);
    const bool attentionBias = reader.flag(key(keys.attentionBias), family.queryKeyValueBias);
    config.queryKeyValueBias =
        keys.attentionBias.empty() ? family.queryKeyValueBias : attentionBias;
    config.outputBias = keys.attentionBias.empty() ? family.outputBias : attentionBias;
    config.feedForwardBias = reader.flag(key(keys.feedForwardBias), family.feedForwardBias);
    if (config.heads % config.kvHeads != 0)
        fail(path, QStringLiteral("has %1 query heads, which its %2 key/value heads do not divide")
                       .arg(config.heads)
                       .arg(config.kvHeads));
    if (reader.has(key(keys.headDim))) {
        config.headSize = reader.count(key(keys.headDim));
    } else {
        if (config.modelDim % config.heads != 0)
            fail(path, QStringLiteral("has a model width of %1, which its %2 heads do not divide")
                           .arg(config.modelDim)
                           .arg(config.heads));
        config.headSize = config.modelDim / config.heads;
    }
    return config;
}

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

/// The tensors of a checkpoint's weights file (or shards) by name, the family's prefix removed.
class TensorTable
{
public:
    /// \a path is named when a tensor is missing: the weights file, or the shards' index.
    TensorTable(QString path, const TensorNames &names) : m_path(std::move(path)), m_names(names) {}

    /// Adds the arrays of the file \a path.
    void add(const QString &path, AttentionArrays arrays)
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

    /// A tensor the pass does not use by design (a tied copy of the output matrix).
    void ignore(const QString &beginning) { m_ignored.append(beginning); }

    /// The tensor \a name (\a alternative when that is absent), of \a shape.
    WeightTensor require(const QString &name, std::vector<long long> shape,
                         const QString &alternative = QString())
    {
        const Entry *entry = find(name, alternative);
        if (!entry)
            fail(m_path, QStringLiteral("has no tensor %1").arg(shown(name)));
        return tensor(*entry, std::move(shape));
    }

    /// The tensor \a name of \a shape, or an absent one.
    WeightTensor optional(const QString &name, std::vector<long long> shape,
                          const QString &alternative = QString())
    {
        const Entry *entry = find(name, alternative);
        return entry ? tensor(*entry, std::move(shape)) : WeightTensor();
    }

    bool contains(const QString &name) const { return m_arrays.count(name) > 0; }

    /// The tensors no require() or optional() asked for, as the file spells
    /// them, but for the buffers and heads that are there by design
    /// (TensorNames::ignoredEndings and ignoredBeginnings).
    QStringList unused() const
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

    /// \a name as the file would spell it.
    QString shown(const QString &name) const
    {
        for (const std::string &top : m_names.topLevel) {
            if (name.startsWith(key(top)))
                return name;
        }
        return m_prefixed ? key(m_names.prefix) + name : name;
    }

private:
    struct Entry
    {
        AttentionArray array;
        QString path;
    };

    const Entry *find(const QString &name, const QString &alternative) const
    {
        auto it = m_arrays.find(name);
        if (it == m_arrays.end() && !alternative.isEmpty())
            it = m_arrays.find(alternative);
        if (it == m_arrays.end())
            return nullptr;
        m_used.insert(it->first);
        return &it->second;
    }

    WeightTensor tensor(const Entry &entry, std::vector<long long> shape)
    {
        const AttentionArray &array = entry.array;
        if (!array.type)
            fail(entry.path,
                 QStringLiteral("tensor %1 %2; weights must be F32, F16, BF16 or F64")
                     .arg(inputText(array.name), array.refusal.section(QLatin1Char(';'), 0, 0)));
        if (array.shape != shape)
            fail(entry.path,
                 QStringLiteral("has tensor %1 of shape %2; the configuration needs %3")
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
                        owner = array.storedOwner, finite, count, path = entry.path,
                        name = array.name, dims = array.shape] {
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

    QString m_path;
    const TensorNames &m_names;
    bool m_prefixed = false;
    std::map<QString, Entry> m_arrays;
    QStringList m_ignored;
    mutable std::set<QString> m_used;

public:
    /// The elements of every tensor the configuration reads (a tied matrix once).
    long long parameters() const { return m_parameters; }
    /// Their element types as stored ("bfloat16"; "float32, bfloat16" when mixed).
    QString storedTypes() const
    {
        return QStringList(m_types.begin(), m_types.end()).join(QStringLiteral(", "));
    }

private:
    long long m_parameters = 0;
    std::set<QString> m_types;
};

/// The module \a name of layer \a layer: "h.%1.ln_1" for 3 is "h.3.ln_1".
QString module(const std::string &name, int layer = -1)
{
    QString text = key(name);
    if (layer >= 0)
        text.replace(QStringLiteral("%1"), QString::number(layer));
    return text;
}

/// A norm's tensors NAME.weight (and, for a LayerNorm, NAME.bias) or, in
/// older files, NAME.gamma/beta.
NormTensors norm(TensorTable &table, NormKind kind, const QString &name, long long width)
{
    const std::vector<long long> shape{width};
    NormTensors tensors;
    tensors.weight =
        table.require(name + QStringLiteral(".weight"), shape, name + QStringLiteral(".gamma"));
    switch (kind) {
    case NormKind::LayerNorm:
        tensors.bias =
            table.require(name + QStringLiteral(".bias"), shape, name + QStringLiteral(".beta"));
        break;
    case NormKind::RmsNorm:
        break;
    }
    return tensors;
}

LinearTensors linear(TensorTable &table, LinearLayout layout, const QString &name, long long in,
                     long long out, bool bias)
{
    LinearTensors tensors;
    switch (layout) {
    case LinearLayout::InputMajor:
        tensors.weight = table.require(name + QStringLiteral(".weight"), {in, out});
        tensors.inputMajor = true;
        break;
    case LinearLayout::OutputMajor:
        tensors.weight = table.require(name + QStringLiteral(".weight"), {out, in});
        break;
    }
    if (bias)
        tensors.bias = table.require(name + QStringLiteral(".bias"), {out});
    return tensors;
}

/// Every tensor \a config needs, by the names of its family's description.
ModelTensors readTensors(TensorTable &table, const ModelConfig &config)
{
    const FamilyDescription &family = familyDescription(config.family);
    const TensorNames &names = family.tensors;
    const LinearLayout layout = family.linearLayout;
    const long long d = config.modelDim;
    const long long queryWidth = (long long)config.heads * config.headDim();
    const long long kvWidth = (long long)config.keyValueHeads() * config.headDim();
    ModelTensors tensors;
    tensors.wordEmbeddings = table.require(module(names.wordEmbeddings) + QStringLiteral(".weight"),
                                           {config.vocabulary, d});
    switch (family.positions) {
    case PositionKind::Learned:
        tensors.positionEmbeddings = table.require(
            module(names.positionEmbeddings) + QStringLiteral(".weight"), {config.positions, d});
        break;
    case PositionKind::Rotary:
        break;
    }
    if (!names.tokenTypeEmbeddings.empty())
        tensors.tokenTypeEmbeddings = table.require(
            module(names.tokenTypeEmbeddings) + QStringLiteral(".weight"), {config.tokenTypes, d});
    if (!names.embeddingNorm.empty())
        tensors.embeddingNorm = norm(table, family.norm, module(names.embeddingNorm), d);
    for (int l = 0; l < config.layers; ++l) {
        LayerTensors layer;
        layer.attentionNorm = norm(table, family.norm, module(names.attentionNorm, l), d);
        switch (family.queryKeyValue) {
        case QueryKeyValueLayout::FusedBlocks:
        case QueryKeyValueLayout::FusedPerHead:
            layer.queryKeyValue.push_back(linear(table, layout, module(names.query, l), d,
                                                 queryWidth + 2 * kvWidth,
                                                 config.queryKeyValueBias));
            break;
        case QueryKeyValueLayout::Separate:
            layer.queryKeyValue.push_back(linear(table, layout, module(names.query, l), d,
                                                 queryWidth, config.queryKeyValueBias));
            layer.queryKeyValue.push_back(
                linear(table, layout, module(names.key, l), d, kvWidth, config.queryKeyValueBias));
            layer.queryKeyValue.push_back(linear(table, layout, module(names.value, l), d, kvWidth,
                                                 config.queryKeyValueBias));
            break;
        }
        layer.attentionOutput = linear(table, layout, module(names.attentionOutput, l), queryWidth,
                                       d, config.outputBias);
        if (family.queryKeyNorm) {
            layer.queryNorm =
                norm(table, NormKind::RmsNorm, module(names.queryNorm, l), config.headDim());
            layer.keyNorm =
                norm(table, NormKind::RmsNorm, module(names.keyNorm, l), config.headDim());
        }
        layer.feedForwardNorm = norm(table, family.norm, module(names.feedForwardNorm, l), d);
        switch (family.feedForward) {
        case FeedForwardKind::Plain:
            break;
        case FeedForwardKind::GatedSilu:
            layer.feedForwardGate = linear(table, layout, module(names.feedForwardGate, l), d,
                                           config.feedForward, config.feedForwardBias);
            break;
        }
        layer.feedForwardIn = linear(table, layout, module(names.feedForwardIn, l), d,
                                     config.feedForward, config.feedForwardBias);
        layer.feedForwardOut = linear(table, layout, module(names.feedForwardOut, l),
                                      config.feedForward, d, config.feedForwardBias);
        tensors.layers.push_back(std::move(layer));
    }
    if (!names.finalNorm.empty())
        tensors.finalNorm = norm(table, family.norm, module(names.finalNorm), d);
    if (!config.tiedOutput)
        tensors.outputMatrix =
            table.require(module(names.output) + QStringLiteral(".weight"), {config.vocabulary, d});
    else if (!names.output.empty())
        table.ignore(module(names.output) + QLatin1Char('.'));
    // The masked-LM head is optional (a bare BertModel has none).
    switch (family.readout) {
    case Readout::NextToken:
        break;
    case Readout::MaskedLm:
        if (table.contains(module(names.maskedLmTransform) + QStringLiteral(".weight"))) {
            tensors.maskedLmTransform =
                linear(table, layout, module(names.maskedLmTransform), d, d, true);
            tensors.maskedLmNorm = norm(table, family.norm, module(names.maskedLmNorm), d);
            tensors.maskedLmBias = table.require(module(names.maskedLmBias), {config.vocabulary});
        }
        break;
    }
    return tensors;
}

} // namespace

void ModelCheckpoint::requireUnchanged() const
{
    for (const std::shared_ptr<const MappedFile> &file : m_weightsFiles)
        file->requireUnchanged(QStringLiteral("the model"));
}

std::shared_ptr<const ModelCheckpoint> ModelCheckpoint::open(const QString &folder)
{
    const QFileInfo folderInfo(folder);
    if (!folderInfo.exists())
        fail(folder, QStringLiteral("no such folder"));
    if (!folderInfo.isDir())
        fail(folder, QStringLiteral("is not a folder; a model is a folder holding config.json "
                                    "and model.safetensors"));
    // Without search permission nothing in it can be opened: say so, not "no such file".
    if (::access(QFile::encodeName(folder).constData(), X_OK) != 0)
        fail(folder, QStringLiteral("cannot be opened: permission denied (the folder cannot be "
                                    "searched)"));
    const QDir dir(folder);
    const ModelConfig config = readConfig(dir.filePath(QStringLiteral("config.json")));

    const QString weightsPath = dir.filePath(QStringLiteral("model.safetensors"));
    const QString indexPath = dir.filePath(QStringLiteral("model.safetensors.index.json"));
    // One file, or shards named by the index, as the hub splits large models.
    QStringList files;
    QString tablePath = weightsPath;
    if (!QFileInfo(weightsPath).exists() && QFileInfo(indexPath).exists()) {
        files = shardFiles(indexPath);
        tablePath = indexPath;
    } else {
        files = {QStringLiteral("model.safetensors")};
    }
    TensorTable table(tablePath, familyDescription(config.family).tensors);
    std::vector<std::shared_ptr<const MappedFile>> mappedFiles;
    long long size = 0;
    for (const QString &file : files) {
        const QString path = dir.filePath(file);
        if (!QFileInfo(path).exists())
            fail(path, path == weightsPath
                           ? QStringLiteral("no such file (the weights must be in the "
                                            "safetensors format)")
                           : QStringLiteral("no such file (model.safetensors.index.json names "
                                            "it as a shard)"));
        if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
            fail(path, QStringLiteral("is %1, not a weights file").arg(kind));
        // Mapped, not read: float32 weights are used where they lie in the file.
        std::shared_ptr<const MappedFile> mapped;
        AttentionArrays arrays;
        try {
            mapped = MappedFile::open(path);
            arrays = SafetensorsReader::read(mapped->data(), mapped->size(), mapped);
        } catch (const ReadError &error) {
            fail(path, error.message);
        }
        size += mapped->size();
        table.add(path, std::move(arrays));
        mappedFiles.push_back(std::move(mapped));
    }
    ModelTensors tensors = readTensors(table, config);

    std::shared_ptr<ModelCheckpoint> checkpoint(new ModelCheckpoint);
    checkpoint->m_folder = folder;
    checkpoint->m_weights = std::make_unique<ModelWeights>(config, std::move(tensors));
    checkpoint->m_weightsFileBytes = size;
    checkpoint->m_weightsPath = tablePath;
    checkpoint->m_weightsFiles = std::move(mappedFiles);
    checkpoint->m_unusedTensors = table.unused();
    checkpoint->m_parameters = table.parameters();
    checkpoint->m_storedTypes = table.storedTypes();
    return checkpoint;
}

} // namespace AttentionLab
