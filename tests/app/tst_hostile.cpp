// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The crafted inputs of issue 9, findings 3 to 6, run through the real
// binary: one short line on stderr and exit status 2 for what cannot be used,
// the right numbers with exit status 0 for what can. Small inputs are files
// in tests/data/hostile; large ones and special files are made here.

#include "hostilecases.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <functional>
#include <limits>
#include <tuple>

#include <sys/stat.h>

using HostileCases::addRow;

namespace {

/// A copy of tests/data/models/\a model at \a dir/\a name, then \a change made to it.
bool copyModel(const QDir &dir, const QString &model, const QString &name,
               const std::function<bool(const QDir &)> &change = {})
{
    const QDir source(QStringLiteral(TEST_DATA_DIR "/models/") + model);
    if (!dir.mkdir(name))
        return false;
    const QDir target(dir.filePath(name));
    for (const QString &file : source.entryList(QDir::Files))
        if (!QFile::copy(source.filePath(file), target.filePath(file)))
            return false;
    return !change || change(target);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile::remove(path);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// bert-tiny's weights with one token type: the header's token type
/// embeddings cut to their first row (the bytes after it are left unused).
bool oneTokenType(const QDir &folder)
{
    const QString path = folder.filePath(QStringLiteral("model.safetensors"));
    const QByteArray bytes = readFile(path);
    quint64 length = 0;
    std::memcpy(&length, bytes.constData(), 8); // little-endian, as the machines we run on
    QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
    const QString name = QStringLiteral("bert.embeddings.token_type_embeddings.weight");
    QJsonObject entry = header.value(name).toObject();
    const QJsonArray shape = entry.value(QStringLiteral("shape")).toArray();
    const qint64 begin = entry.value(QStringLiteral("data_offsets")).toArray().at(0).toInteger();
    entry.insert(QStringLiteral("shape"), QJsonArray{1, shape.at(1)});
    entry.insert(QStringLiteral("data_offsets"),
                 QJsonArray{begin, begin + 4 * shape.at(1).toInteger()});
    header.insert(name, entry);
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (json.size() % 8 != 0)
        json.append(' ');
    quint64 newLength = quint64(json.size());
    QByteArray out(8, '\0');
    std::memcpy(out.data(), &newLength, 8);
    out += json + bytes.mid(8 + qsizetype(length));
    QByteArray config = readFile(folder.filePath(QStringLiteral("config.json")));
    config.replace("\"type_vocab_size\": 2", "\"type_vocab_size\": 1");
    return writeFile(path, out) &&
           writeFile(folder.filePath(QStringLiteral("config.json")), config);
}

/// Writes \a value over elements [\a from, \a to) of float32 tensor \a name
/// in \a folder's model.safetensors.
bool poison(const QDir &folder, const QString &name, long long from, long long to, float value)
{
    QFile file(folder.filePath(QStringLiteral("model.safetensors")));
    if (!file.open(QIODevice::ReadWrite))
        return false;
    quint64 length = 0;
    if (file.read(reinterpret_cast<char *>(&length), 8) != 8)
        return false;
    const QJsonObject header = QJsonDocument::fromJson(file.read(qint64(length))).object();
    const QJsonArray offsets =
        header.value(name).toObject().value(QLatin1String("data_offsets")).toArray();
    if (offsets.size() != 2)
        return false;
    QByteArray values;
    for (long long i = from; i < to; ++i)
        values.append(reinterpret_cast<const char *>(&value), 4);
    return file.seek(8 + qint64(length) + offsets[0].toInteger() + 4 * from) &&
           file.write(values) == values.size();
}

/// \a folder's \a file with its first \a from replaced by \a to.
bool replaceIn(const QDir &folder, const QString &file, const QByteArray &from,
               const QByteArray &to)
{
    QByteArray text = readFile(folder.filePath(file));
    const qsizetype at = text.indexOf(from);
    if (at < 0)
        return false;
    text.replace(at, from.size(), to);
    return writeFile(folder.filePath(file), text);
}

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void oneShortLine_data();
    void oneShortLine();
    void tinyTemperature_data();
    void tinyTemperature();
    void specialFiles_data();
    void specialFiles();
    void smallerFindings_data();
    void smallerFindings();
    void fullDisk_data();
    void fullDisk();
    void modelFolders_data();
    void modelFolders();
    void issue36_data();
    void issue36();

private:
    QTemporaryDir m_dir;
};

void TestHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(HostileCases::copyFixtures(m_dir.path()));
    const QDir dir(m_dir.path());

    // An unknown mask of five million characters: a 5 MB line before.
    QFile huge(dir.filePath(QStringLiteral("huge-mask.json")));
    QVERIFY(huge.open(QIODevice::WriteOnly));
    huge.write(
        R"({"format": "attention-lab/session", "version": 1, "queries": [[1]], "keys": [[1]], "mask": "x)");
    huge.write(QByteArray(5'000'000, 'x'));
    huge.write("\"}\n");
    huge.close();

    // A file name with a newline in it.
    QVERIFY(QFile::copy(dir.filePath(QStringLiteral("version-1e308.json")),
                        dir.filePath(QStringLiteral("two\nlines.json"))));

    // Things that are not regular files.
    QVERIFY(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.json"))).constData(),
                     0600) == 0);
    QVERIFY(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.png"))).constData(),
                     0600) == 0);
    QVERIFY(dir.mkdir(QStringLiteral("folder.json")));
    QVERIFY(dir.mkdir(QStringLiteral("folder.png")));

    // Model folders with a crafted tokenizer file (issue 19, items 14 and 15).
    const QString gpt2 = QStringLiteral("gpt2-tiny");
    const QString bert = QStringLiteral("bert-tiny");
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("gpt2")));
    QVERIFY(copyModel(dir, bert, QStringLiteral("bert")));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-evil-key"), [](const QDir &d) {
        QByteArray vocab = readFile(d.filePath(QStringLiteral("vocab.json")));
        vocab = "{\"\\u001b[31m\\nevil\\u202e\": 1.5," + vocab.mid(1);
        return writeFile(d.filePath(QStringLiteral("vocab.json")), vocab);
    }));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-evil-merge"), [](const QDir &d) {
        return writeFile(d.filePath(QStringLiteral("merges.txt")), "#version: 0.2\n\xe2\x80\xae"
                                                                   "evil\x1b[2J x\n");
    }));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-evil-type"), [](const QDir &d) {
        QByteArray config = readFile(d.filePath(QStringLiteral("config.json")));
        config.replace("\"model_type\": \"gpt2\"", "\"model_type\": \"gpt2\\u202e\\u2066x\"");
        return writeFile(d.filePath(QStringLiteral("config.json")), config);
    }));
    const auto replaceBy = [](const QString &file,
                              const std::function<bool(const QString &)> &make) {
        return [file, make](const QDir &d) {
            return QFile::remove(d.filePath(file)) && make(d.filePath(file));
        };
    };
    const auto fifo = [](const QString &path) {
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
    };
    const auto folder = [](const QString &path) { return QDir().mkdir(path); };
    const auto device = [](const QString &path) {
        return QFile::link(QStringLiteral("/dev/zero"), path);
    };
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-fifo-vocab"),
                      replaceBy(QStringLiteral("vocab.json"), fifo)));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-folder-merges"),
                      replaceBy(QStringLiteral("merges.txt"), folder)));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-device-merges"),
                      replaceBy(QStringLiteral("merges.txt"), device)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-fifo-vocab"),
                      replaceBy(QStringLiteral("vocab.txt"), fifo)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-device-vocab"),
                      replaceBy(QStringLiteral("vocab.txt"), device)));
    const QString tokenizerConfig = QStringLiteral("tokenizer_config.json");
    QVERIFY(
        copyModel(dir, bert, QStringLiteral("b-fifo-config"), replaceBy(tokenizerConfig, fifo)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-folder-config"),
                      replaceBy(tokenizerConfig, folder)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-device-config"),
                      replaceBy(tokenizerConfig, device)));
    // Line ends and a byte order mark: CR alone, CRLF, and a BOM, in each text file.
    const auto rewrite = [](const QString &file,
                            const std::function<QByteArray(QByteArray)> &edit) {
        return [file, edit](const QDir &d) {
            return writeFile(d.filePath(file), edit(readFile(d.filePath(file))));
        };
    };
    const auto crOnly = [](QByteArray text) -> QByteArray { return text.replace('\n', '\r'); };
    const auto crlf = [](QByteArray text) -> QByteArray { return text.replace("\n", "\r\n"); };
    const auto bom = [](QByteArray text) -> QByteArray {
        return QByteArray("\xef\xbb\xbf") + text;
    };
    const QString merges = QStringLiteral("merges.txt");
    const QString vocabTxt = QStringLiteral("vocab.txt");
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-cr"), rewrite(merges, crOnly)));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-crlf"), rewrite(merges, crlf)));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-bom"), rewrite(merges, bom)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-cr"), rewrite(vocabTxt, crOnly)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-crlf"), rewrite(vocabTxt, crlf)));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-bom"), rewrite(vocabTxt, bom)));
    // JSON files with a byte order mark and CR line ends.
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-bom-json"), [&](const QDir &d) {
        return rewrite(QStringLiteral("vocab.json"), bom)(d) &&
               rewrite(QStringLiteral("config.json"), bom)(d);
    }));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-bom-json"), [&](const QDir &d) {
        return rewrite(QStringLiteral("config.json"), crOnly)(d) &&
               rewrite(QStringLiteral("tokenizer_config.json"), bom)(d);
    }));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tokens-cr.txt")), "is\rthe\rbest\rof\rall\r"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tokens-bom.txt")),
                      "\xef\xbb\xbfis\r\nthe\r\nbest\nof\r\nall\r\n"));
    QVERIFY(copyModel(dir, bert, QStringLiteral("b-one-type"), oneTokenType));
    // Issue 36: finite weights whose pass overflows, a NaN the first pass
    // finds, a tiny rotary theta, a NUL in a shard's name.
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-nan-wte"), [](const QDir &d) {
        return poison(d, QStringLiteral("wte.weight"), 100, 101,
                      std::numeric_limits<float>::quiet_NaN());
    }));
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-big-attn"), [](const QDir &d) {
        return poison(d, QStringLiteral("h.0.attn.c_attn.weight"), 0, 32 * 96, 3e38f);
    }));
    QVERIFY(copyModel(dir, QStringLiteral("../decoders/llama-gqa"), QStringLiteral("l-theta"),
                      [](const QDir &d) {
                          return replaceIn(d, QStringLiteral("config.json"),
                                           "\"rope_theta\": 10000.0", "\"rope_theta\": 5e-324");
                      }));
    QVERIFY(copyModel(dir, QStringLiteral("../decoders/llama3-mqa"), QStringLiteral("l-nul"),
                      [](const QDir &d) {
                          return replaceIn(d, QStringLiteral("model.safetensors.index.json"),
                                           ": \"model-00001-of-00002.safetensors\"",
                                           ": \"model\\u0000-00001-of-00002.safetensors\"");
                      }));
    // A model folder that cannot be searched, in a work directory open to all.
    QVERIFY(copyModel(dir, gpt2, QStringLiteral("g-no-search")));
    QVERIFY(QFile::setPermissions(dir.filePath(QStringLiteral("g-no-search")),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
    QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner |
                                                    QFile::ExeOwner | QFile::ReadOther |
                                                    QFile::ExeOther));
}

void TestHostile::cleanupTestCase()
{
    // So that the temporary directory can be removed.
    QFile::setPermissions(QDir(m_dir.path()).filePath(QStringLiteral("g-no-search")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void TestHostile::oneShortLine_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("newline in the mask", {eval, QStringLiteral("mask-newline.json")}, 2,
           QStringLiteral("attention-lab: mask-newline.json: unknown mask \"causal\\nnone\": use"));
    addRow("newline in the format", {eval, QStringLiteral("format-newline.json")}, 2,
           QStringLiteral("attention-lab: format-newline.json: \"format\" is the text "
                          "\"attention-lab/\\nsession\", "
                          "not \"attention-lab/session\""));
    addRow("newline in a temperature string",
           {eval, QStringLiteral("temperature-text-newline.json")}, 2,
           QStringLiteral("attention-lab: temperature-text-newline.json: \"temperature\" must be a "
                          "number above 0, "
                          "not the text \"1\\n0\""));
    addRow("newline in the file name", {eval, QStringLiteral("two\nlines.json")}, 2,
           QStringLiteral(
               "attention-lab: two\\nlines.json: the session is version 1e+308, newer than"));
    addRow("5,000,000-character mask", {eval, QStringLiteral("huge-mask.json")}, 2,
           QStringLiteral("attention-lab: huge-mask.json: unknown mask "
                          "\"xxxxxxxxxxxxxxxxxxxxxxxxxx\u2026xxxxxxxxxxxxx\": use"));
    addRow("version 1e308", {eval, QStringLiteral("version-1e308.json")}, 2,
           QStringLiteral("attention-lab: version-1e308.json: the session is version 1e+308, newer "
                          "than this program "
                          "understands (1)"));
    addRow("temperature -1e-300", {eval, QStringLiteral("temperature-negative-tiny.json")}, 2,
           QStringLiteral("attention-lab: temperature-negative-tiny.json: \"temperature\" must be "
                          "a number above 0, "
                          "not -1e-300"));
    addRow("newline in an output path",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("no-such-folder/a\nb.png")},
           2, QStringLiteral("attention-lab: no-such-folder/a\\nb.png: cannot be written: "));
    addRow("newline in an output format",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("out.p\nng")},
           2,
           QStringLiteral(
               "attention-lab: out.p\\nng: unknown format \"p\\nng\": use .png, .svg or .pdf"));
    addRow("newline in a colour map",
           {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
            QStringLiteral("out.png"), QStringLiteral("--colormap"), QStringLiteral("viridis\n")},
           2, QStringLiteral("attention-lab: --colormap: unknown colour map \"viridis\\n\""));
    addRow("newline in an unknown option", {QStringLiteral("--one\n")}, 2,
           QStringLiteral("attention-lab: unknown option \"--one\\n\""));
    addRow("100,000-character option", {QStringLiteral("--") + QString(100'000, QLatin1Char('o'))},
           2,
           QStringLiteral(
               "attention-lab: unknown option \"--oooooooooooooooooooooooo\u2026ooooooooooooo\""));
    addRow("escape sequence in --seed",
           {QStringLiteral("--scale"), QStringLiteral("--seed"), QStringLiteral("\x1b[2J1")}, 2,
           QStringLiteral("attention-lab: --seed: \"\\x1b[2J1\" is not a whole number"));
}

void TestHostile::oneShortLine()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::tinyTemperature_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("tau 5e-324: all the weight on the largest score",
           {eval, QStringLiteral("temperature-tiny.json")}, 0, {}, QStringLiteral("weights"),
           "[[1, 0, 0]]");
    addRow("tau 5e-324: logits overflow, reported as infinities, not masked",
           {eval, QStringLiteral("temperature-tiny.json")}, 0, {}, QStringLiteral("logits"),
           R"([["Infinity", "-Infinity", "Infinity"]])");
    addRow("tau 5e-324, lecture example: one-hot on best",
           {eval, QStringLiteral("temperature-tiny-lecture.json")}, 0, {},
           QStringLiteral("weights"), "[[0, 0, 1]]");
    addRow("tau 5e-324, lecture example: entropy 0",
           {eval, QStringLiteral("temperature-tiny-lecture.json")}, 0, {},
           QStringLiteral("entropy_bits"), "[0]");
    addRow(
        "tau 1e-310, causal: masked cells null, overflow infinite",
        {eval, QStringLiteral("temperature-tiny-causal.json")}, 0, {}, QStringLiteral("logits"),
        R"([["-Infinity", null, null], ["-Infinity", "Infinity", null], ["Infinity", "-Infinity", "Infinity"]])");
    addRow("tau 1e-310, causal: weights", {eval, QStringLiteral("temperature-tiny-causal.json")}, 0,
           {}, QStringLiteral("weights"), "[[1, 0, 0], [0, 1, 0], [1, 0, 0]]");
}

void TestHostile::tinyTemperature()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::specialFiles_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow("eval of a FIFO", {eval, QStringLiteral("fifo.json")}, 2,
           QStringLiteral("attention-lab: fifo.json: is a FIFO (named pipe), not a session file"));
    addRow("eval of a device", {eval, QStringLiteral("/dev/zero")}, 2,
           QStringLiteral("attention-lab: /dev/zero: is a character device, not a session file"));
    addRow("eval of a folder", {eval, QStringLiteral("folder.json")}, 2,
           QStringLiteral("attention-lab: folder.json: is a folder, not a session file"));
    addRow("export of a FIFO",
           {QStringLiteral("export"), QStringLiteral("fifo.json"), QStringLiteral("-o"),
            QStringLiteral("out.png")},
           2,
           QStringLiteral("attention-lab: fifo.json: is a FIFO (named pipe), not a session file"));
    addRow(
        "export to a FIFO",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         QStringLiteral("fifo.png")},
        2,
        QStringLiteral(
            "attention-lab: fifo.png: cannot be written: it is a FIFO (named pipe), not a file"));
    addRow(
        "export to a folder",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         QStringLiteral("folder.png")},
        2,
        QStringLiteral("attention-lab: folder.png: cannot be written: it is a folder, not a file"));
}

void TestHostile::specialFiles()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::smallerFindings_data()
{
    HostileCases::addColumns();
    const QString eval = QStringLiteral("eval");
    addRow(
        "large PNG on a full disk",
        {QStringLiteral("export"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
         HostileCases::kFullDisk + QStringLiteral("/big.png"), QStringLiteral("--width"),
         QStringLiteral("4000"), QStringLiteral("--height"), QStringLiteral("3000")},
        2,
        QStringLiteral("attention-lab: disk/big.png: cannot be written: No space left on device"));
    addRow("lone surrogate in a token", {eval, QStringLiteral("lone-surrogate.json")}, 2,
           QStringLiteral(
               "attention-lab: lone-surrogate.json: tokens[0] \"\\ud800\" is not valid Unicode"));
    addRow("UTF-8 byte order mark: accepted", {eval, QStringLiteral("bom.json")}, 0, {},
           QStringLiteral("tokens"), R"(["is", "the", "best"])");
    addRow("duplicate members: the last one counts",
           {eval, QStringLiteral("duplicate-members.json")}, 0, {}, QStringLiteral("mask"),
           R"("causal")");
}

void TestHostile::smallerFindings()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::fullDisk_data()
{
    // Issue 19, item 8: standard output that cannot be written is exit status 2.
    HostileCases::addColumns();
    const QString full = HostileCases::kStdoutFull;
    const QString message =
        QStringLiteral("attention-lab: cannot write the output: No space left on device");
    const QStringList text{QStringLiteral("--text"), QStringLiteral("the animal")};
    addRow("--one", {full, QStringLiteral("--one")}, 2, message);
    addRow("--one --json", {full, QStringLiteral("--one"), QStringLiteral("--json")}, 2, message);
    addRow("--scale",
           {full, QStringLiteral("--scale"), QStringLiteral("--draws"), QStringLiteral("2")}, 2,
           message);
    addRow("--help", {full, QStringLiteral("--help")}, 2, message);
    addRow("eval", {full, QStringLiteral("eval"), QStringLiteral("lecture.json")}, 2, message);
    addRow("tokenize", QStringList{full, QStringLiteral("tokenize"), QStringLiteral("gpt2")} + text,
           2, message);
    addRow("tokenize --json",
           QStringList{full, QStringLiteral("tokenize"), QStringLiteral("gpt2"),
                       QStringLiteral("--json")} +
               text,
           2, message);
    addRow("model", QStringList{full, QStringLiteral("model"), QStringLiteral("gpt2")} + text, 2,
           message);
    addRow("model --json",
           QStringList{full, QStringLiteral("model"), QStringLiteral("bert"),
                       QStringLiteral("--json")} +
               text,
           2, message);
    addRow("bench --model",
           {full, QStringLiteral("bench"), QStringLiteral("--model"), QStringLiteral("gpt2"),
            QStringLiteral("--n"), QStringLiteral("4")},
           2, message);
    addRow("bench --model --json",
           {full, QStringLiteral("bench"), QStringLiteral("--model"), QStringLiteral("gpt2"),
            QStringLiteral("--n"), QStringLiteral("4"), QStringLiteral("--json")},
           2, message);
    addRow("inspect",
           {full, QStringLiteral("inspect"), QStringLiteral(TEST_DATA_DIR "/attention/f2_le.npy")},
           2, message);
    // Issue 36, item 9: the text generate writes as it comes.
    addRow("generate",
           QStringList{full, QStringLiteral("generate"), QStringLiteral("gpt2"),
                       QStringLiteral("--tokens"), QStringLiteral("3")} +
               text,
           2, message);
}

void TestHostile::fullDisk()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::modelFolders_data()
{
    HostileCases::addColumns();
    const auto tokenize = [](const QString &folder) {
        return QStringList{QStringLiteral("tokenize"), folder, QStringLiteral("--text"),
                           QStringLiteral("the animal")};
    };
    // Item 14: every piece of input through the one quoting, which escapes
    // the bidirectional controls too: one line, and "evil" not shown as "live".
    addRow("a vocab.json key with ESC, a newline and U+202E",
           tokenize(QStringLiteral("g-evil-key")), 2,
           HostileCases::kContains + QStringLiteral("/vocab.json: is not a JSON object of token to "
                                                    "id: \"\\x1b[31m\\nevil\\u202e\" has id 1.5"));
    addRow("a merge with U+202E and ESC", tokenize(QStringLiteral("g-evil-merge")), 2,
           HostileCases::kContains +
               QStringLiteral("/merges.txt: line 2: \"\\u202eevil\\x1b[2J\" is "
                              "not in vocab.json"));
    addRow("a model_type with U+202E and U+2066", tokenize(QStringLiteral("g-evil-type")), 2,
           HostileCases::kContains +
               QStringLiteral("/config.json: has the model_type \"gpt2\\u202e\\u2066x\"; "
                              "Attention Lab runs \"gpt2\", \"bert\", \"llama\", "
                              "\"mistral\", \"qwen2\", \"qwen3\", \"gpt_neox\", "
                              "\"gemma2\", \"gemma3_text\", \"gemma3\", \"phi3\", "
                              "\"smollm3\", \"t5\", \"bart\", \"mbart\" and \"marian\" "
                              "checkpoints"));
    // Item 15: what is there, rather than "missing".
    addRow("vocab.json is a FIFO", tokenize(QStringLiteral("g-fifo-vocab")), 2,
           HostileCases::kContains + QStringLiteral("/vocab.json: is a FIFO (named pipe), not a "
                                                    "tokenizer file"));
    addRow("merges.txt is a folder", tokenize(QStringLiteral("g-folder-merges")), 2,
           HostileCases::kContains + QStringLiteral("/merges.txt: is a folder, not a tokenizer "
                                                    "file"));
    addRow("merges.txt is a device", tokenize(QStringLiteral("g-device-merges")), 2,
           HostileCases::kContains + QStringLiteral("/merges.txt: is a character device, not a "
                                                    "tokenizer file"));
    addRow("vocab.txt is a FIFO", tokenize(QStringLiteral("b-fifo-vocab")), 2,
           HostileCases::kContains + QStringLiteral("/vocab.txt: is a FIFO (named pipe), not a "
                                                    "tokenizer file"));
    addRow("vocab.txt is a device", tokenize(QStringLiteral("b-device-vocab")), 2,
           HostileCases::kContains + QStringLiteral("/vocab.txt: is a character device, not a "
                                                    "tokenizer file"));
    addRow("tokenizer_config.json is a FIFO", tokenize(QStringLiteral("b-fifo-config")), 2,
           HostileCases::kContains + QStringLiteral("config.json: is a FIFO (named "
                                                    "pipe), not a tokenizer file"));
    addRow("tokenizer_config.json is a folder", tokenize(QStringLiteral("b-folder-config")), 2,
           HostileCases::kContains + QStringLiteral("config.json: is a folder, not "
                                                    "a tokenizer file"));
    addRow("tokenizer_config.json is /dev/zero", tokenize(QStringLiteral("b-device-config")), 2,
           HostileCases::kContains + QStringLiteral("config.json: is a character "
                                                    "device, not a tokenizer file"));
    addRow(
        "--pair on a BERT of one token type",
        tokenize(QStringLiteral("b-one-type")) << QStringLiteral("--pair") << QStringLiteral("b"),
        2,
        QStringLiteral("attention-lab: b-one-type: config.json has type_vocab_size 1: this "
                       "model reads one sentence, and a second one (--pair) needs token type 1"));
    // The same ids whatever the line ends, with or without a byte order mark.
    const QByteArray gpt2Ids = "[83, 71, 68, 263]";
    const QByteArray bertIds = "[2, 10, 11, 3]";
    for (const char *folder : {"gpt2", "g-cr", "g-crlf", "g-bom", "g-bom-json"})
        addRow(qPrintable(QStringLiteral("GPT-2 files: %1").arg(QLatin1String(folder))),
               tokenize(QLatin1String(folder)) << QStringLiteral("--json"), 0, {},
               QStringLiteral("ids"), gpt2Ids);
    for (const char *folder : {"bert", "b-cr", "b-crlf", "b-bom", "b-bom-json"})
        addRow(qPrintable(QStringLiteral("BERT files: %1").arg(QLatin1String(folder))),
               tokenize(QLatin1String(folder)) << QStringLiteral("--json"), 0, {},
               QStringLiteral("ids"), bertIds);
    for (const char *tokens : {"tokens-cr.txt", "tokens-bom.txt"})
        addRow(qPrintable(QStringLiteral("--tokens: %1").arg(QLatin1String(tokens))),
               {QStringLiteral("inspect"), QStringLiteral(TEST_DATA_DIR "/attention/f2_le.npy"),
                QStringLiteral("--tokens"), QLatin1String(tokens), QStringLiteral("--json")},
               0, {}, QStringLiteral("tokens"), R"(["is", "the", "best", "of", "all"])");
    addRow("a model folder that cannot be searched",
           QStringList{HostileCases::kAsNobody} + tokenize(QStringLiteral("g-no-search")), 2,
           HostileCases::kContains +
               QStringLiteral("g-no-search: cannot be opened: permission denied (the folder "
                              "cannot be searched)"));
    // Item 12: refused as bench --model refuses it, not timed at 28 tokens.
    addRow("bench --gui --model past the model's positions",
           {QStringLiteral("bench"), QStringLiteral("--gui"), QStringLiteral("--model"),
            QStringLiteral("gpt2"), QStringLiteral("--n"), QStringLiteral("40")},
           2, QStringLiteral("attention-lab: --n 40 is more than the model's 32 positions"));
    addRow("bench --model past the model's positions",
           {QStringLiteral("bench"), QStringLiteral("--model"), QStringLiteral("gpt2"),
            QStringLiteral("--n"), QStringLiteral("33")},
           2, QStringLiteral("attention-lab: --n 33 is more than the model's 32 positions"));
}

void TestHostile::modelFolders()
{
    HostileCases::run(m_dir.path());
}

void TestHostile::issue36_data()
{
    HostileCases::addColumns();
    const QString text = QStringLiteral("--text");
    const QString animal = QStringLiteral("the animal");
    const QString gif = QStringLiteral("out36.gif");
    const QStringList small{QStringLiteral("--width"), QStringLiteral("64"),
                            QStringLiteral("--height"), QStringLiteral("64")};
    const auto animate = [&](const QString &sweep) {
        return QStringList{QStringLiteral("animate"), QStringLiteral("lecture.json"),
                           QStringLiteral("-o"),      gif,
                           QStringLiteral("--sweep"), sweep} +
               small;
    };
    // Item 3: an error of a command that builds the window offscreen is its one line.
    addRow("3: bench --gui --model with a NaN in the embeddings",
           {QStringLiteral("bench"), QStringLiteral("--gui"), QStringLiteral("--model"),
            QStringLiteral("g-nan-wte"), QStringLiteral("--n"), QStringLiteral("8")},
           2,
           HostileCases::kContains +
               QStringLiteral("tensor wte.weight holds NaN at [3, 4] (element 100)"));
    // Items 5 and 6: a pass that overflows is refused, naming where.
    const QString overflow = HostileCases::kContains + QStringLiteral("the pass is not finite: ");
    addRow("6: model, c_attn all 3e38",
           {QStringLiteral("model"), QStringLiteral("g-big-attn"), text, animal}, 2,
           overflow + QStringLiteral("layer 0's queries hold"));
    addRow("6: generate, c_attn all 3e38",
           {QStringLiteral("generate"), QStringLiteral("g-big-attn"), text, animal}, 2,
           overflow + QStringLiteral("layer 0's queries hold"));
    addRow("6: lens, c_attn all 3e38",
           {QStringLiteral("lens"), QStringLiteral("g-big-attn"), text, animal}, 2,
           overflow + QStringLiteral("layer 0's queries hold"));
    addRow("5: generate, rope_theta 5e-324",
           {QStringLiteral("generate"), QStringLiteral("l-theta"), text, QStringLiteral("the cat")},
           2, overflow + QStringLiteral("layer 0's queries hold NaN"));
    addRow("5: model, rope_theta 5e-324",
           {QStringLiteral("model"), QStringLiteral("l-theta"), text, QStringLiteral("the cat")}, 2,
           overflow + QStringLiteral("layer 0's queries hold NaN"));
    // Item 10: a malformed --tokens is refused, not the default of 20.
    addRow("10: generate --tokens ''",
           {QStringLiteral("generate"), QStringLiteral("gpt2"), text, animal,
            QStringLiteral("--tokens"), QString()},
           2, QStringLiteral("attention-lab: --tokens: \"\" is not a whole number"));
    addRow("10: animate --sweep generation --tokens ''",
           QStringList{QStringLiteral("animate"), QStringLiteral("gpt2"), QStringLiteral("-o"), gif,
                       QStringLiteral("--sweep"), QStringLiteral("generation"), text, animal,
                       QStringLiteral("--tokens"), QString()} +
               small,
           2, QStringLiteral("attention-lab: --tokens: \"\" is not a whole number"));
    // Item 11: builtin stands for its folder in animate too.
    addRow("11: animate builtin --sweep generation",
           QStringList{QStringLiteral("animate"), QStringLiteral("builtin"), text,
                       QStringLiteral("a member of"), QStringLiteral("--sweep"),
                       QStringLiteral("generation"), QStringLiteral("--tokens"),
                       QStringLiteral("2"), QStringLiteral("-o"), gif} +
               small,
           0, {});
    // Item 12: any finite temperature above 0 sweeps.
    addRow("12: a log temperature sweep from 5e-324",
           animate(QStringLiteral("temperature=5e-324:1:log"))
               << QStringLiteral("--frames") << QStringLiteral("3"),
           0, {});
    // Item 13: the sweep's values quoted as every input is: escaped and cut.
    const QString evil = QStringLiteral("\x1b[2J\u202e\nx");
    addRow("13: temperature= with ESC, U+202E and a newline",
           animate(QStringLiteral("temperature=") + evil + QStringLiteral(":1:log")), 2,
           QStringLiteral("attention-lab: --sweep temperature=\\x1b[2J\\u202e\\nx:1:log: "
                          "\"\\x1b[2J\\u202e\\nx\" is not a number"));
    addRow("13: key: with a 5,000-character token",
           animate(QStringLiteral("key:") + QString(5000, QLatin1Char('t')) +
                   QStringLiteral(":1=0:2")),
           2, QStringLiteral("attention-lab: --sweep key:tttttttttttttttttttt"));
    addRow("13: key: with ESC and a newline in the token",
           animate(QStringLiteral("key:") + evil + QStringLiteral(":1=0:2")), 2,
           QStringLiteral("attention-lab: --sweep key:\\x1b[2J\\u202e\\nx:1=0:2: no key is "
                          "labelled \"\\x1b[2J\\u202e\\nx\""));
    addRow("13: dk= with a newline",
           animate(QStringLiteral("dk=1:") + evil)
               << QStringLiteral("--view") << QStringLiteral("scale"),
           2,
           QStringLiteral("attention-lab: --sweep dk=1:\\x1b[2J\\u202e\\nx: "
                          "\"\\x1b[2J\\u202e\\nx\" is not a whole number"));
    // Item 14: what is wrong with an MP4's size, or with the disk, rather
    // than FFmpeg's "Generic error in an external library".
    const auto mp4 = [&](const QString &width, const QString &height) {
        return QStringList{QStringLiteral("animate"),  QStringLiteral("lecture.json"),
                           QStringLiteral("-o"),       QStringLiteral("out36.mp4"),
                           QStringLiteral("--sweep"),  QStringLiteral("mask"),
                           QStringLiteral("--width"),  width,
                           QStringLiteral("--height"), height};
    };
    addRow("14: an MP4 of 20000 x 16", mp4(QStringLiteral("20000"), QStringLiteral("16")), 2,
           QStringLiteral("attention-lab: out36.mp4: an MP4 (H.264) is at most 16384 pixels on "
                          "each side, not 20000 x 16"));
    addRow("14: an MP4 of 20000 x 20000", mp4(QStringLiteral("20000"), QStringLiteral("20000")), 2,
           QStringLiteral("attention-lab: out36.mp4: an MP4 (H.264) is at most 16384 pixels on "
                          "each side, not 20000 x 20000"));
    addRow("14: an MP4 of 16384 x 16384", mp4(QStringLiteral("16384"), QStringLiteral("16384")), 2,
           QStringLiteral("attention-lab: out36.mp4: an MP4 of 16384 x 16384 is more than "
                          "FFmpeg's frames hold"));
    // Each more than the 64 KiB disk holds (an MP4 of flat figures is small).
    for (const auto &[format, frames, width, height] :
         {std::tuple{"gif", "4", "1200", "900"}, std::tuple{"mp4", "60", "2000", "1500"}})
        addRow(qPrintable(QStringLiteral("14: a %1 on a full disk").arg(QLatin1String(format))),
               {QStringLiteral("animate"), QStringLiteral("lecture.json"), QStringLiteral("-o"),
                HostileCases::kFullDisk + QStringLiteral("/big.") + QLatin1String(format),
                QStringLiteral("--sweep"), QStringLiteral("temperature=0.1:10:log"),
                QStringLiteral("--frames"), QLatin1String(frames), QStringLiteral("--width"),
                QLatin1String(width), QStringLiteral("--height"), QLatin1String(height)},
               2,
               QStringLiteral("attention-lab: disk/big.%1: cannot be written: No space left on "
                              "device")
                   .arg(QLatin1String(format)));
    // Item 16: a NUL in a shard's name is our one line, with no warning of Qt's before it.
    addRow("16: a weight_map entry with a NUL",
           {QStringLiteral("model"), QStringLiteral("l-nul"), text, QStringLiteral("the cat")}, 2,
           HostileCases::kContains +
               QStringLiteral("rs.index.json: names \"model\\x00-00001-of-00002.safetensors\" "
                              "as the shard of"));
}

void TestHostile::issue36()
{
    HostileCases::run(m_dir.path());
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
