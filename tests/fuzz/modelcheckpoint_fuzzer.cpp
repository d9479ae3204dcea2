// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for a checkpoint folder's JSON (ModelCheckpoint::open):
// config.json, and model.safetensors.index.json after a NUL when the input
// has one (else the fixture's own index), beside the two shards of tests/data/decoders/llama3-mqa
// (so a config that fits them opens, and a pass runs). Opening may refuse with a ReadError, one
// line; a folder that opens must give a configuration whose numbers fit together, and a pass over
// three tokens must either run, with an attention of the configuration's shape whose rows each sum
// to one, or refuse with a ReadError or std::invalid_argument (the memory limit). Any other
// exception, a crash or a hang is a failure.

#include "attentionfuzzcheck.h"
#include "core/model/modelconfig.h"
#include "core/model/transformerforward.h"
#include "io/modelcheckpoint.h"
#include "io/readerror.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <stdexcept>

using namespace AttentionLab;

namespace {

const char *const kFuzzer = "modelcheckpoint_fuzzer";

/// A folder of this process's with the fixture's shards and index.
const QTemporaryDir &folder()
{
    static const QTemporaryDir dir;
    static const bool copied = [] {
        const QDir fixture(QStringLiteral(TEST_DATA_DIR "/decoders/llama3-mqa"));
        for (const QString &name : {QStringLiteral("model-00001-of-00002.safetensors"),
                                    QStringLiteral("model-00002-of-00002.safetensors"),
                                    QStringLiteral("model.safetensors.index.json")}) {
            if (!dir.isValid() ||
                !QFile::copy(fixture.filePath(name), QDir(dir.path()).filePath(name)))
                AttentionFuzz::failure(kFuzzer, "cannot copy the fixture's", name);
        }
        return true;
    }();
    (void)copied;
    return dir;
}

void write(const QString &name, const QByteArray &bytes)
{
    QFile file(QDir(folder().path()).filePath(name));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        AttentionFuzz::failure(kFuzzer, "cannot write the temporary", name);
}

void checkConfig(const ModelConfig &c)
{
    if (c.layers < 1 || c.heads < 1 || c.modelDim < 1 || c.vocabulary < 1 || c.positions < 1)
        AttentionFuzz::failure(kFuzzer, "a configuration with a size below 1 opened");
    if (c.keyValueHeads() < 1 || c.heads % c.keyValueHeads() != 0)
        AttentionFuzz::failure(kFuzzer, "key/value heads that do not divide the heads");
}

void checkPass(const ModelCheckpoint &checkpoint)
{
    const ModelConfig &c = checkpoint.config();
    ModelInput input;
    for (int i = 0; i < 3 && i < c.positions; ++i)
        input.ids.push_back(i % c.vocabulary);
    ModelRun run;
    try {
        run = runModel(checkpoint.weights(), input);
    } catch (const ReadError &) {
        return; // a weight that is not finite, named
    } catch (const std::invalid_argument &) {
        return; // the memory limit
    }
    const AttentionTensor &a = run.attention;
    if (a.layers() != c.layers || a.heads() != c.heads || a.keys() != int(input.ids.size()))
        AttentionFuzz::failure(kFuzzer, "an attention of another shape than the configuration's");
    for (int l = 0; l < a.layers(); ++l)
        for (int h = 0; h < a.heads(); ++h) {
            const auto head = a.head(l, h);
            for (int i = 0; i < head.rows(); ++i) {
                const double sum = double(head.row(i).sum());
                // A row sums to one, or is NaN where the weights themselves
                // overflow (a config's epsilon of 0 over a zero norm).
                if (std::isfinite(sum) && std::abs(sum - 1.0) > 1e-3)
                    AttentionFuzz::failure(kFuzzer, "an attention row that does not sum to one");
            }
        }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nul = bytes.indexOf('\0');
    write(QStringLiteral("config.json"), nul < 0 ? bytes : bytes.left(nul));
    // Without a NUL the fixture's own index, so that no input sees another's.
    static const QByteArray fixtureIndex = [] {
        QFile file(
            QStringLiteral(TEST_DATA_DIR "/decoders/llama3-mqa/model.safetensors.index.json"));
        if (!file.open(QIODevice::ReadOnly))
            AttentionFuzz::failure(kFuzzer, "cannot read the fixture's index");
        return file.readAll();
    }();
    write(QStringLiteral("model.safetensors.index.json"),
          nul < 0 ? fixtureIndex : bytes.mid(nul + 1));
    std::shared_ptr<const ModelCheckpoint> checkpoint;
    try {
        checkpoint = ModelCheckpoint::open(folder().path());
    } catch (const ReadError &) {
        return 0; // refused in one line: what a bad folder should get
    }
    checkConfig(checkpoint->config());
    checkPass(*checkpoint);
    return 0;
}
