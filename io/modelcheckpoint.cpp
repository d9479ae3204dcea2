// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/modelcheckpoint.h"

#include "io/attentionarray.h"
#include "io/fileaccess.h"
#include "io/inputtextqt.h"
#include "io/mappedfile.h"
#include "io/readerror.h"
#include "io/safetensorsreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <set>

#include <unistd.h>

namespace AttentionLab {

namespace {

[[noreturn]] void fail(const QString &path, const QString &message)
{
    throwReadError(inputText(QDir::toNativeSeparators(path)) + QStringLiteral(": ") + message);
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

    int count(const QString &key)
    {
        const QJsonValue value = require(key);
        const double d = value.toDouble(-1.0);
        if (!value.isDouble() || d < 1.0 || d != double(qint64(d)) || d > 1e9)
            fail(m_path, QStringLiteral("has \"%1\" that is not a positive whole number").arg(key));
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

ModelConfig readConfig(const QString &path)
{
    if (!QFileInfo(path).exists())
        fail(path, QStringLiteral("no such file"));
    if (const QString kind = nonRegularFileKind(path); !kind.isEmpty())
        fail(path, QStringLiteral("is %1, not a model's configuration").arg(kind));
    constexpr qint64 kMaxConfigBytes = 16 * 1024 * 1024;
    if (const qint64 size = QFileInfo(path).size(); size > kMaxConfigBytes)
        fail(path, QStringLiteral("is %1 bytes; a model's config.json is a few kB").arg(size));
    QByteArray bytes;
    QString why;
    if (!readWithoutBlocking(path, kMaxConfigBytes, &bytes, &why))
        fail(path, why);
    if (bytes.size() > kMaxConfigBytes)
        fail(path, QStringLiteral("is over %1 bytes; a model's config.json is a few kB")
                       .arg(kMaxConfigBytes));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (!document.isObject())
        fail(path, error.error != QJsonParseError::NoError
                       ? QStringLiteral("is not valid JSON at byte %1: %2")
                             .arg(error.offset)
                             .arg(error.errorString())
                       : QStringLiteral("is not a JSON object"));
    const QJsonObject object = document.object();
    ConfigReader reader(path, object);
    const QString type = reader.require(QStringLiteral("model_type")).toString();
    ModelConfig config;
    if (type == QLatin1String("gpt2")) {
        config.family = ModelFamily::Gpt2;
        config.layers = reader.count(QStringLiteral("n_layer"));
        config.heads = reader.count(QStringLiteral("n_head"));
        config.modelDim = reader.count(QStringLiteral("n_embd"));
        config.positions = reader.count(QStringLiteral("n_positions"));
        config.vocabulary = reader.count(QStringLiteral("vocab_size"));
        config.epsilon = reader.positive(QStringLiteral("layer_norm_epsilon"));
        config.gelu = reader.gelu(QStringLiteral("activation_function"));
        // n_inner: null (or absent, as in older files) means 4 n_embd.
        const QJsonValue inner = object.value(QLatin1String("n_inner"));
        config.feedForward = inner.isNull() || inner.isUndefined()
                                 ? 4 * config.modelDim
                                 : reader.count(QStringLiteral("n_inner"));
    } else if (type == QLatin1String("bert")) {
        config.family = ModelFamily::Bert;
        config.layers = reader.count(QStringLiteral("num_hidden_layers"));
        config.heads = reader.count(QStringLiteral("num_attention_heads"));
        config.modelDim = reader.count(QStringLiteral("hidden_size"));
        config.feedForward = reader.count(QStringLiteral("intermediate_size"));
        config.positions = reader.count(QStringLiteral("max_position_embeddings"));
        config.tokenTypes = reader.count(QStringLiteral("type_vocab_size"));
        config.vocabulary = reader.count(QStringLiteral("vocab_size"));
        config.epsilon = reader.positive(QStringLiteral("layer_norm_eps"));
        config.gelu = reader.gelu(QStringLiteral("hidden_act"));
    } else {
        fail(path, QStringLiteral("has the model_type \"%1\"; Attention Lab runs \"gpt2\" and "
                                  "\"bert\" checkpoints")
                       .arg(inputText(type)));
    }
    if (config.modelDim % config.heads != 0)
        fail(path, QStringLiteral("has a model width of %1, which its %2 heads do not divide")
                       .arg(config.modelDim)
                       .arg(config.heads));
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

/// The tensors of model.safetensors by name, the family's prefix removed.
class TensorTable
{
public:
    TensorTable(QString path, AttentionArrays arrays, const QString &prefix)
        : m_path(std::move(path))
    {
        for (AttentionArray &array : arrays.arrays) {
            QString name = array.name;
            if (name.startsWith(prefix)) {
                name.remove(0, prefix.size());
                m_prefixed = true;
            }
            m_arrays.emplace(name, std::move(array));
        }
        m_prefix = m_prefixed ? prefix : QString();
    }

    /// The tensor \a name (\a alternative when that is absent), of \a shape.
    WeightTensor require(const QString &name, std::vector<long long> shape,
                         const QString &alternative = QString())
    {
        const AttentionArray *array = find(name, alternative);
        if (!array)
            fail(m_path, QStringLiteral("has no tensor %1").arg(shown(name)));
        return tensor(*array, std::move(shape));
    }

    /// The tensor \a name of \a shape, or an absent one.
    WeightTensor optional(const QString &name, std::vector<long long> shape,
                          const QString &alternative = QString())
    {
        const AttentionArray *array = find(name, alternative);
        return array ? tensor(*array, std::move(shape)) : WeightTensor();
    }

    bool contains(const QString &name) const { return m_arrays.count(name) > 0; }

    /// The tensors no require() or optional() asked for, as the file spells
    /// them, but for the buffers and heads that are there by design: GPT-2's
    /// causal-mask buffers and tied lm_head, BERT's position_ids, pooler,
    /// next-sentence head and tied decoder.
    QStringList unused() const
    {
        static const char *const endings[] = {".attn.bias", ".attn.masked_bias", ".position_ids"};
        static const char *const beginnings[] = {"pooler.", "cls.seq_relationship.",
                                                 "cls.predictions.decoder.", "lm_head."};
        QStringList names;
        for (const auto &[name, array] : m_arrays) {
            if (m_used.count(name))
                continue;
            bool byDesign = false;
            for (const char *ending : endings)
                byDesign = byDesign || name.endsWith(QLatin1String(ending));
            for (const char *beginning : beginnings)
                byDesign = byDesign || name.startsWith(QLatin1String(beginning));
            if (!byDesign)
                names.append(inputText(shown(name)));
        }
        return names;
    }

    /// \a name as the file would spell it.
    QString shown(const QString &name) const
    {
        return name.startsWith(QLatin1String("cls.")) ? name : m_prefix + name;
    }

private:
    const AttentionArray *find(const QString &name, const QString &alternative) const
    {
        auto it = m_arrays.find(name);
        if (it == m_arrays.end() && !alternative.isEmpty())
            it = m_arrays.find(alternative);
        if (it == m_arrays.end())
            return nullptr;
        m_used.insert(it->first);
        return &it->second;
    }

    WeightTensor tensor(const AttentionArray &array, std::vector<long long> shape)
    {
        if (!array.type)
            fail(m_path,
                 QStringLiteral("tensor %1 %2; weights must be F32, F16, BF16 or F64")
                     .arg(inputText(array.name), array.refusal.section(QLatin1Char(';'), 0, 0)));
        if (array.shape != shape)
            fail(m_path, QStringLiteral("has tensor %1 of shape %2; the configuration needs %3")
                             .arg(inputText(array.name), shapeText(array.shape), shapeText(shape)));
        std::function<FloatValues()> load = array.load;
        // Checked once, when first used: a NaN or an infinity in a weight
        // gives a confident wrong answer (a NaN distribution, all-zero heads).
        auto finite = std::make_shared<std::atomic<bool>>(false);
        const long long count = array.elementCount();
        return WeightTensor(std::move(shape), [load, finite, count, path = m_path,
                                               name = array.name, dims = array.shape] {
            FloatValues data = load();
            if (!finite->load(std::memory_order_acquire)) {
                if (const long long at = firstNonFinite(data.data, count); at >= 0)
                    fail(path, nonFiniteMessage(name, dims, at, data.data[at]));
                finite->store(true, std::memory_order_release);
            }
            return data;
        });
    }

    QString m_path;
    QString m_prefix;
    bool m_prefixed = false;
    std::map<QString, AttentionArray> m_arrays;
    mutable std::set<QString> m_used;
};

/// Norm tensors named NAME.weight/bias or, in older files, NAME.gamma/beta.
NormTensors norm(TensorTable &table, const QString &name, long long width, bool required = true)
{
    const std::vector<long long> shape{width};
    const QString weight = name + QStringLiteral(".weight");
    const QString gamma = name + QStringLiteral(".gamma");
    const QString bias = name + QStringLiteral(".bias");
    const QString beta = name + QStringLiteral(".beta");
    if (!required && !table.contains(weight) && !table.contains(gamma))
        return {};
    return {table.require(weight, shape, gamma), table.require(bias, shape, beta)};
}

LinearTensors conv1d(TensorTable &table, const QString &name, long long in, long long out)
{
    return {table.require(name + QStringLiteral(".weight"), {in, out}),
            table.require(name + QStringLiteral(".bias"), {out}), true};
}

LinearTensors dense(TensorTable &table, const QString &name, long long in, long long out)
{
    return {table.require(name + QStringLiteral(".weight"), {out, in}),
            table.require(name + QStringLiteral(".bias"), {out}), false};
}

ModelTensors gpt2Tensors(TensorTable &table, const ModelConfig &config)
{
    const long long d = config.modelDim;
    ModelTensors tensors;
    tensors.wordEmbeddings = table.require(QStringLiteral("wte.weight"), {config.vocabulary, d});
    tensors.positionEmbeddings = table.require(QStringLiteral("wpe.weight"), {config.positions, d});
    // h.{i}.attn.bias and masked_bias are buffers (the causal mask), not weights: not read.
    for (int l = 0; l < config.layers; ++l) {
        const QString block = QStringLiteral("h.%1.").arg(l);
        LayerTensors layer;
        layer.attentionNorm = norm(table, block + QStringLiteral("ln_1"), d);
        layer.queryKeyValue.push_back(
            conv1d(table, block + QStringLiteral("attn.c_attn"), d, 3 * d));
        layer.attentionOutput = conv1d(table, block + QStringLiteral("attn.c_proj"), d, d);
        layer.feedForwardNorm = norm(table, block + QStringLiteral("ln_2"), d);
        layer.feedForwardIn =
            conv1d(table, block + QStringLiteral("mlp.c_fc"), d, config.feedForward);
        layer.feedForwardOut =
            conv1d(table, block + QStringLiteral("mlp.c_proj"), config.feedForward, d);
        tensors.layers.push_back(std::move(layer));
    }
    tensors.finalNorm = norm(table, QStringLiteral("ln_f"), d);
    return tensors;
}

ModelTensors bertTensors(TensorTable &table, const ModelConfig &config)
{
    const long long d = config.modelDim;
    ModelTensors tensors;
    tensors.wordEmbeddings =
        table.require(QStringLiteral("embeddings.word_embeddings.weight"), {config.vocabulary, d});
    tensors.positionEmbeddings = table.require(
        QStringLiteral("embeddings.position_embeddings.weight"), {config.positions, d});
    tensors.tokenTypeEmbeddings = table.require(
        QStringLiteral("embeddings.token_type_embeddings.weight"), {config.tokenTypes, d});
    tensors.embeddingNorm = norm(table, QStringLiteral("embeddings.LayerNorm"), d);
    // embeddings.position_ids is an int64 buffer, not a weight: not read.
    for (int l = 0; l < config.layers; ++l) {
        const QString block = QStringLiteral("encoder.layer.%1.").arg(l);
        LayerTensors layer;
        for (const char *part : {"query", "key", "value"})
            layer.queryKeyValue.push_back(dense(
                table, block + QStringLiteral("attention.self.") + QLatin1String(part), d, d));
        layer.attentionOutput =
            dense(table, block + QStringLiteral("attention.output.dense"), d, d);
        layer.attentionNorm = norm(table, block + QStringLiteral("attention.output.LayerNorm"), d);
        layer.feedForwardIn =
            dense(table, block + QStringLiteral("intermediate.dense"), d, config.feedForward);
        layer.feedForwardOut =
            dense(table, block + QStringLiteral("output.dense"), config.feedForward, d);
        layer.feedForwardNorm = norm(table, block + QStringLiteral("output.LayerNorm"), d);
        tensors.layers.push_back(std::move(layer));
    }
    // The masked-LM head is optional (a bare BertModel has none); the pooler is not used.
    if (table.contains(QStringLiteral("cls.predictions.transform.dense.weight"))) {
        tensors.maskedLmTransform =
            dense(table, QStringLiteral("cls.predictions.transform.dense"), d, d);
        tensors.maskedLmNorm =
            norm(table, QStringLiteral("cls.predictions.transform.LayerNorm"), d);
        tensors.maskedLmBias =
            table.require(QStringLiteral("cls.predictions.bias"), {config.vocabulary});
    }
    return tensors;
}

} // namespace

void ModelCheckpoint::requireUnchanged() const
{
    m_weightsFile->requireUnchanged(QStringLiteral("the model"));
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
    if (!QFileInfo(weightsPath).exists())
        fail(weightsPath, QStringLiteral("no such file (the weights must be in the safetensors "
                                         "format)"));
    if (const QString kind = nonRegularFileKind(weightsPath); !kind.isEmpty())
        fail(weightsPath, QStringLiteral("is %1, not a weights file").arg(kind));
    // Mapped, not read: float32 weights are used where they lie in the file.
    std::shared_ptr<const MappedFile> mapped;
    AttentionArrays arrays;
    try {
        mapped = MappedFile::open(weightsPath);
        arrays = SafetensorsReader::read(mapped->data(), mapped->size(), mapped);
    } catch (const ReadError &error) {
        fail(weightsPath, error.message);
    }
    const long long size = mapped->size();
    const bool gpt2 = config.family == ModelFamily::Gpt2;
    TensorTable table(weightsPath, std::move(arrays),
                      gpt2 ? QStringLiteral("transformer.") : QStringLiteral("bert."));
    ModelTensors tensors = gpt2 ? gpt2Tensors(table, config) : bertTensors(table, config);

    std::shared_ptr<ModelCheckpoint> checkpoint(new ModelCheckpoint);
    checkpoint->m_folder = folder;
    checkpoint->m_weights = std::make_unique<ModelWeights>(config, std::move(tensors));
    checkpoint->m_weightsFileBytes = size;
    checkpoint->m_weightsFile = std::move(mapped);
    checkpoint->m_unusedTensors = table.unused();
    return checkpoint;
}

} // namespace AttentionLab
