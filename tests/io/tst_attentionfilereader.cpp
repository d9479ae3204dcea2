// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Attention files (.npy, .npz, .safetensors): every fixture that
// tests/data/make_attention_fixtures.py wrote with numpy reads to the shape,
// weights and tokens numpy gives, and every bad one gets one line naming the
// file and what is wrong.

#include "io/attentionfilereader.h"
#include "io/attentionlayout.h"
#include "io/floatconversion.h"
#include "io/inputtextqt.h"
#include "io/tokenlistreader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cmath>
#include <limits>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

namespace {

QString attentionDir()
{
    return QStringLiteral(TEST_DATA_DIR "/attention");
}

QJsonObject expected()
{
    QFile file(attentionDir() + QStringLiteral("/expected.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read expected.json");
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::vector<std::string> strings(const QJsonValue &list)
{
    std::vector<std::string> out;
    for (const QJsonValue &item : list.toArray())
        out.push_back(item.toString().toStdString());
    return out;
}

AttentionReadOptions options(const QJsonObject &row)
{
    AttentionReadOptions o;
    const QString tokens = row.value(QLatin1String("tokens_file")).toString();
    if (!tokens.isEmpty())
        o.tokensFile = tokens;
    o.batch = row.value(QLatin1String("batch")).toInt();
    if (row.contains(QLatin1String("layout")))
        o.layout = parseBatchLayout(row.value(QLatin1String("layout")).toString());
    return o;
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

/// A .safetensors of one [2, 3, 1, 2, 2] array whose block (a, b) of the
/// two leading axes has rows [p, 1 - p] with p = (3 a + b + 1) / 10, so a
/// tensor read from it says which block each of its heads came from; with
/// \a layout (if any) under __metadata__ "layout".
QByteArray fiveAxisSafetensors(const QString &layout)
{
    QJsonObject header{{QStringLiteral("attentions"),
                        QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                                    {QStringLiteral("shape"), QJsonArray{2, 3, 1, 2, 2}},
                                    {QStringLiteral("data_offsets"), QJsonArray{0, 24 * 4}}}}};
    if (!layout.isNull())
        header.insert(QStringLiteral("__metadata__"),
                      QJsonObject{{QStringLiteral("layout"), layout}});
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json += QByteArray((8 - json.size() % 8) % 8, ' ');
    QByteArray bytes(8, '\0');
    for (int b = 0; b < 8; ++b)
        bytes[b] = char((quint64(json.size()) >> (8 * b)) & 0xff);
    bytes += json;
    for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 3; ++b) {
            const float p = float(3 * a + b + 1) / 10.0f;
            for (const float v : {p, 1.0f - p, p, 1.0f - p})
                bytes += QByteArray(reinterpret_cast<const char *>(&v), sizeof v);
        }
    }
    return bytes;
}

/// A .npy of \a descr and shape \a shape (as numpy writes the header) over \a data.
QByteArray npy(const QByteArray &descr, const QByteArray &shape, const QByteArray &data)
{
    QByteArray dict =
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    dict += QByteArray((64 - (10 + dict.size() + 1) % 64) % 64, ' ') + '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(dict.size() & 0xff);
    out += char(dict.size() >> 8);
    return out + dict + data;
}

quint32 crc32(const QByteArray &bytes)
{
    quint32 crc = 0xffffffffu;
    for (const char c : bytes) {
        crc ^= quint8(c);
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

/// A zip of stored members, as np.savez writes an .npz.
QByteArray storedZip(const QList<std::pair<QByteArray, QByteArray>> &members)
{
    auto le = [](quint64 value, int bytes) {
        QByteArray out;
        for (int b = 0; b < bytes; ++b)
            out += char((value >> (8 * b)) & 0xff);
        return out;
    };
    QByteArray zip, directory;
    for (const auto &[name, data] : members) {
        const QByteArray common = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0x21, 2) +
                                  le(crc32(data), 4) + le(data.size(), 4) + le(data.size(), 4) +
                                  le(name.size(), 2) + le(0, 2);
        directory += le(0x02014b50, 4) + le(20, 2) + common + le(0, 2) + le(0, 2) + le(0, 2) +
                     le(0, 4) + le(zip.size(), 4) + name;
        zip += le(0x04034b50, 4) + common + name + data;
    }
    return zip + directory + le(0x06054b50, 4) + le(0, 2) + le(0, 2) + le(members.size(), 2) +
           le(members.size(), 2) + le(directory.size(), 4) + le(zip.size(), 4) + le(0, 2);
}

/// The same array as an .npz, with \a layout (if any) as a layout member of
/// shape (), as np.savez(f, attentions=a, layout="BLHQK") stores it.
QByteArray fiveAxisNpz(const QString &layout)
{
    const QByteArray safetensors = fiveAxisSafetensors(QString());
    const QByteArray values = safetensors.right(24 * 4);
    QList<std::pair<QByteArray, QByteArray>> members{
        {"attentions.npy", npy("<f4", "(2, 3, 1, 2, 2)", values)}};
    if (!layout.isNull()) {
        QByteArray units;
        for (const QChar c : layout) // UTF-32, little-endian
            units += char(c.unicode()) + QByteArray(3, '\0');
        members.append({"layout.npy", npy("<U" + QByteArray::number(layout.size()), "()", units)});
    }
    return storedZip(members);
}

} // namespace

Q_DECLARE_METATYPE(QJsonObject)

class TestAttentionFileReader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readsFixtures_data();
    void readsFixtures();
    void overlappingTensorsAreRefused_data();
    void overlappingTensorsAreRefused();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void tensorOutlivesItsReader();
    void missingEmptyAndForeignFiles();
    void specialFilesAreRefusedBeforeOpening();
    void memoryBudgetRefusesUpFront();
    void layerNumbers_data();
    void layerNumbers();
    void halfFloats_data();
    void halfFloats();
    void suffixes();
    void tokenLists_data();
    void tokenLists();
    void fiveAxisLayouts_data();
    void fiveAxisLayouts();
};

void TestAttentionFileReader::initTestCase()
{
    // Relative names, so that messages show them whole (inputText() shortens
    // long ones in the middle).
    QVERIFY(QDir::setCurrent(attentionDir()));
}

void TestAttentionFileReader::readsFixtures_data()
{
    QTest::addColumn<QJsonObject>("row");
    const QJsonArray rows = expected().value(QLatin1String("good")).toArray();
    QVERIFY(rows.size() >= 30);
    for (const QJsonValue &row : rows) {
        const QJsonObject o = row.toObject();
        QTest::newRow(qPrintable(o.value(QLatin1String("name")).toString())) << o;
    }
}

void TestAttentionFileReader::readsFixtures()
{
    QFETCH(QJsonObject, row);
    const QString path = row.value(QLatin1String("file")).toString();
    // From the file (mapped) and from bytes in memory: the same tensor.
    for (const bool mapped : {true, false}) {
        AttentionFileReader reader(options(row));
        const std::optional<AttentionTensor> tensor =
            mapped ? reader.readFile(path) : reader.parse(fileBytes(path), path);
        QVERIFY2(tensor, qPrintable(reader.errorString()));
        QVERIFY(reader.errorString().isEmpty());

        const QJsonArray shape = row.value(QLatin1String("shape")).toArray();
        QCOMPARE(tensor->layers(), shape[0].toInt());
        QCOMPARE(tensor->heads(), shape[1].toInt());
        QCOMPARE(tensor->queries(), shape[2].toInt());
        QCOMPARE(tensor->keys(), shape[3].toInt());
        for (const QJsonValue &sample : row.value(QLatin1String("values")).toArray()) {
            const QJsonArray s = sample.toArray();
            const int l = s[0].toInt(), h = s[1].toInt(), q = s[2].toInt(), k = s[3].toInt();
            // numpy's float32 value, exactly: conversions round as numpy does.
            const float want = float(s[4].toString().toDouble());
            const float got = tensor->head(l, h)(q, k);
            QVERIFY2(got == want, qPrintable(QStringLiteral("%1.%2 [%3, %4]: %5, numpy %6")
                                                 .arg(l)
                                                 .arg(h)
                                                 .arg(q)
                                                 .arg(k)
                                                 .arg(double(got), 0, 'g', 9)
                                                 .arg(double(want), 0, 'g', 9)));
        }
        QCOMPARE(tensor->tokens(), strings(row.value(QLatin1String("tokens"))));
        QCOMPARE(tensor->queryTokens(), strings(row.value(QLatin1String("query_tokens"))));
    }
}

void TestAttentionFileReader::refusesBadFiles_data()
{
    QTest::addColumn<QJsonObject>("row");
    const QJsonArray rows = expected().value(QLatin1String("bad")).toArray();
    QVERIFY(rows.size() >= 30);
    for (const QJsonValue &row : rows) {
        const QJsonObject o = row.toObject();
        QTest::newRow(qPrintable(o.value(QLatin1String("name")).toString())) << o;
    }
}

void TestAttentionFileReader::refusesBadFiles()
{
    QFETCH(QJsonObject, row);
    const QString path = row.value(QLatin1String("file")).toString();
    const QString want = row.value(QLatin1String("error")).toString();
    for (const bool mapped : {true, false}) {
        AttentionFileReader reader(options(row));
        const auto tensor = mapped ? reader.readFile(path) : reader.parse(fileBytes(path), path);
        QVERIFY(!tensor);
        const QString error = reader.errorString();
        QVERIFY2(error.startsWith(path + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(want), qPrintable(error + QStringLiteral("\n   wanted: ") + want));
        QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
    }
}

void TestAttentionFileReader::overlappingTensorsAreRefused_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("error");
    const QString both = QStringLiteral("each tensor must have bytes of its own");
    // wpe aliasing wte, as a crafted checkpoint would.
    QTest::newRow("alias") << QByteArrayLiteral(
                                  R"({"wpe":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
                                  R"("wte":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})")
                           << QStringLiteral("has tensors wpe and wte whose data_offsets "
                                             "[0, 16] and [0, 16] overlap; ") +
                                  both;
    QTest::newRow("partial") << QByteArrayLiteral(
                                    R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,12]},)"
                                    R"("b":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})")
                             << QStringLiteral("[0, 12] and [8, 16] overlap");
}

void TestAttentionFileReader::overlappingTensorsAreRefused()
{
    QFETCH(QByteArray, header);
    QFETCH(QString, error);
    QByteArray bytes(8, '\0');
    const quint64 length = quint64(header.size());
    for (int i = 0; i < 8; ++i)
        bytes[i] = char((length >> (8 * i)) & 0xff);
    bytes += header;
    bytes += QByteArray(16, '\0');
    AttentionFileReader reader;
    QVERIFY(!reader.parse(bytes, QStringLiteral("overlap.safetensors")));
    QVERIFY2(reader.errorString().contains(error), qPrintable(reader.errorString()));
    // Tensors that only touch are fine.
    const QByteArray touching =
        QByteArrayLiteral(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                          R"("b":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})");
    QByteArray good(8, '\0');
    for (int i = 0; i < 8; ++i)
        good[i] = char((quint64(touching.size()) >> (8 * i)) & 0xff);
    good += touching + QByteArray(16, '\0');
    AttentionFileReader other;
    other.parse(good, QStringLiteral("touching.safetensors"));
    QVERIFY2(!other.errorString().contains(QLatin1String("overlap")),
             qPrintable(other.errorString()));
}

void TestAttentionFileReader::tensorOutlivesItsReader()
{
    // The mapping (float32 .npy, .safetensors) and the converted buffers stay
    // alive with the tensor, not with the reader or the file's name.
    std::optional<AttentionTensor> npy, safetensors;
    {
        AttentionFileReader reader;
        npy = reader.readFile(attentionDir() + QStringLiteral("/f4_le.npy"));
        safetensors = reader.readFile(attentionDir() + QStringLiteral("/per_layer.safetensors"));
    }
    QVERIFY(npy && safetensors);
    QCOMPARE(npy->shape(), safetensors->shape());
    for (int l = 0; l < npy->layers(); ++l) {
        for (int h = 0; h < npy->heads(); ++h)
            QVERIFY(npy->head(l, h) == safetensors->head(l, h));
    }
}

void TestAttentionFileReader::missingEmptyAndForeignFiles()
{
    QTemporaryDir dir;
    AttentionFileReader reader;
    const QString missing = dir.filePath(QStringLiteral("none.npy"));
    QVERIFY(!reader.readFile(missing));
    QCOMPARE(reader.errorString(), inputText(missing) + QStringLiteral(": no such file"));

    const QString empty = dir.filePath(QStringLiteral("empty.safetensors"));
    QFile file(empty);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!reader.readFile(empty));
    QCOMPARE(reader.errorString(), inputText(empty) + QStringLiteral(": is empty"));

    QVERIFY(!reader.parse(QByteArrayLiteral("{}"), QStringLiteral("a.json")));
    QCOMPARE(reader.errorString(),
             QStringLiteral("a.json: is not an attention file (.npy, .npz or .safetensors)"));

    // Upper-case suffixes are the same formats.
    QVERIFY(reader.parse(fileBytes(attentionDir() + QStringLiteral("/f4_le.npy")),
                         QStringLiteral("A.NPY")));
}

void TestAttentionFileReader::specialFilesAreRefusedBeforeOpening()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.npy"));
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    AttentionFileReader reader;
    QVERIFY(!reader.readFile(fifo));
    QCOMPARE(reader.errorString(),
             inputText(fifo) + QStringLiteral(": is a FIFO (named pipe), not an attention file"));
    const QString folder = dir.filePath(QStringLiteral("folder.npz"));
    QVERIFY(QDir().mkdir(folder));
    QVERIFY(!reader.readFile(folder));
    QCOMPARE(reader.errorString(),
             inputText(folder) + QStringLiteral(": is a folder, not an attention file"));
    QVERIFY(!reader.readFile(QStringLiteral("/dev/null")));
    QCOMPARE(reader.errorString(),
             QStringLiteral("/dev/null: is a character device, not an attention file"));
}

void TestAttentionFileReader::memoryBudgetRefusesUpFront()
{
    // A float16 [12, 12, 4096, 4096] .npy is 4.5 GiB on disk (sparse here:
    // never written, never read) and 9 GiB as float32: over the 8 GiB budget.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("huge.npy"));
    QByteArray header = "{'descr': '<f2', 'fortran_order': False, 'shape': (12, 12, 4096, 4096), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray preamble("\x93NUMPY\x01\x00", 8);
    preamble += char(header.size() & 0xff);
    preamble += char(header.size() >> 8);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(preamble + header) == 10 + header.size());
    QVERIFY(file.resize(10 + header.size() + 2ll * 12 * 12 * 4096 * 4096));
    file.close();
    AttentionFileReader reader;
    QVERIFY(!reader.readFile(path));
    QCOMPARE(reader.errorString(),
             inputText(path) +
                 QStringLiteral(": its attention [12, 12, 4096, 4096] would need 9.0 GiB of "
                                "memory; the limit is 8.0 GiB"));
}

void TestAttentionFileReader::layerNumbers_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("number"); // -1: none
    QTest::newRow("Hugging Face") << QStringLiteral("attentions.0") << 0;
    QTest::newRow("underscore") << QStringLiteral("layer_3") << 3;
    QTest::newRow("TransformerLens") << QStringLiteral("blocks.5.attn.hook_pattern") << 5;
    QTest::newRow("BERT module path") << QStringLiteral("encoder.layer.11.attention.self") << 11;
    QTest::newRow("digits ending a word") << QStringLiteral("layer7") << 7;
    QTest::newRow("numpy positional") << QStringLiteral("arr_12") << 12;
    QTest::newRow("digits inside a word") << QStringLiteral("gpt2_attn") << -1;
    QTest::newRow("no digits") << QStringLiteral("attentions") << -1;
    QTest::newRow("tokens") << QStringLiteral("tokens") << -1;
    QTest::newRow("absurdly large") << QStringLiteral("layer_99999999999") << -1;
}

void TestAttentionFileReader::layerNumbers()
{
    QFETCH(QString, name);
    QFETCH(int, number);
    const std::optional<int> got = AttentionLayout::layerNumber(name);
    QCOMPARE(got.value_or(-1), number);
}

void TestAttentionFileReader::halfFloats_data()
{
    QTest::addColumn<uint>("bits");
    QTest::addColumn<float>("value");
    QTest::newRow("one") << 0x3c00u << 1.0f;
    QTest::newRow("minus two") << 0xc000u << -2.0f;
    QTest::newRow("largest") << 0x7bffu << 65504.0f;
    QTest::newRow("smallest normal") << 0x0400u << std::ldexp(1.0f, -14);
    QTest::newRow("smallest subnormal") << 0x0001u << std::ldexp(1.0f, -24);
    QTest::newRow("largest subnormal") << 0x03ffu << std::ldexp(1023.0f, -24);
    QTest::newRow("negative zero") << 0x8000u << -0.0f;
    QTest::newRow("infinity") << 0x7c00u << std::numeric_limits<float>::infinity();
}

void TestAttentionFileReader::halfFloats()
{
    QFETCH(uint, bits);
    QFETCH(float, value);
    const float got = halfToFloat(std::uint16_t(bits));
    QCOMPARE(got, value);
    QCOMPARE(std::signbit(got), std::signbit(value));
    QVERIFY(std::isnan(halfToFloat(0x7e00)));
}

void TestAttentionFileReader::suffixes()
{
    QVERIFY(AttentionFileReader::isAttentionFile(QStringLiteral("/a/b.npy")));
    QVERIFY(AttentionFileReader::isAttentionFile(QStringLiteral("B.NPZ")));
    QVERIFY(AttentionFileReader::isAttentionFile(QStringLiteral("model.SafeTensors")));
    QVERIFY(!AttentionFileReader::isAttentionFile(QStringLiteral("session.json")));
    QVERIFY(!AttentionFileReader::isAttentionFile(QStringLiteral("npy")));
    QCOMPARE(AttentionFileReader::fileFilter(),
             QStringLiteral("Attention tensors (*.npy *.npz *.safetensors)"));
}

void TestAttentionFileReader::tokenLists_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("tokens"); // empty: refused
    QTest::addColumn<QString>("error");
    QTest::newRow("JSON list") << QByteArray(R"(["a", "Ġb"])")
                               << QStringList{QStringLiteral("a"), QStringLiteral("Ġb")}
                               << QString();
    QTest::newRow("one a line") << QByteArray("a\nb\n")
                                << QStringList{QStringLiteral("a"), QStringLiteral("b")}
                                << QString();
    QTest::newRow("CRLF, blank lines at the end")
        << QByteArray("a\r\nb\r\n\r\n\n") << QStringList{QStringLiteral("a"), QStringLiteral("b")}
        << QString();
    QTest::newRow("[CLS] first, a line each")
        << QByteArray("[CLS]\nhello\n[SEP]\n")
        << QStringList{QStringLiteral("[CLS]"), QStringLiteral("hello"), QStringLiteral("[SEP]")}
        << QString();
    QTest::newRow("broken JSON list")
        << QByteArray(R"(["a", "b")") << QStringList()
        << QStringLiteral("t.json: is not a valid JSON list of strings");
    QTest::newRow("JSON list of numbers")
        << QByteArray("[1, 2]") << QStringList()
        << QStringLiteral("t.json: is a JSON list whose item 0 is not a string");
}

void TestAttentionFileReader::tokenLists()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, tokens);
    QFETCH(QString, error);
    TokenListReader reader;
    const auto read = reader.parse(text, QStringLiteral("t.json"));
    if (!error.isEmpty()) {
        QVERIFY(!read);
        QVERIFY2(reader.errorString().startsWith(error), qPrintable(reader.errorString()));
        return;
    }
    QVERIFY2(read, qPrintable(reader.errorString()));
    QStringList got;
    for (const std::string &t : *read)
        got << QString::fromStdString(t);
    QCOMPARE(got, tokens);
}

void TestAttentionFileReader::fiveAxisLayouts_data()
{
    QTest::addColumn<QString>("option");   // --layout, or empty
    QTest::addColumn<QString>("metadata"); // the layout the file records, or null
    QTest::addColumn<int>("layers");       // 0: refused
    QTest::addColumn<QString>("error");
    QTest::addColumn<bool>("npz"); // .npz's layout member, or .safetensors' __metadata__
    const QString none;
    for (const bool npz : {false, true}) {
        const char *format = npz ? "npz" : "safetensors";
        QTest::addRow("%s, --layout LBHQK: 2 layers, a batch of 3", format)
            << u"LBHQK"_s << none << 2 << none << npz;
        QTest::addRow("%s, --layout BLHQK: a batch of 2, 3 layers", format)
            << u"BLHQK"_s << none << 3 << none << npz;
        QTest::addRow("%s, recorded BLHQK, taken without asking", format)
            << none << u"BLHQK"_s << 3 << none << npz;
        QTest::addRow("%s, recorded LBHQK, taken without asking", format)
            << none << u"LBHQK"_s << 2 << none << npz;
        QTest::addRow("%s, --layout over the record", format)
            << u"LBHQK"_s << u"BLHQK"_s << 2 << none << npz;
        QTest::addRow("%s, neither: refused, naming both readings", format)
            << none << none << 0
            << u"f.safetensors: holds a five-axis array [2, 3, 1, 2, 2] that reads two ways: "
               "[layers, batch, heads, Q, K] (torch.stack(outputs.attentions)), 2 layers and a "
               "batch of 3, or [batch, layers, heads, Q, K] (torch.stack(outputs.attentions, 1)), "
               "a batch of 2 and 3 layers"_s
            << npz;
        QTest::addRow("%s, a record that is no layout", format)
            << none << u"HQK"_s << 0
            << u"f.safetensors: records the layout \"HQK\"; it is LBHQK or BLHQK"_s << npz;
    }
}

void TestAttentionFileReader::fiveAxisLayouts()
{
    QFETCH(QString, option);
    QFETCH(QString, metadata);
    QFETCH(int, layers);
    QFETCH(QString, error);
    QFETCH(bool, npz);
    for (int batch : {0, 1}) {
        AttentionReadOptions o;
        o.batch = batch;
        if (!option.isEmpty())
            o.layout = parseBatchLayout(option);
        AttentionFileReader reader(o);
        const std::optional<AttentionTensor> tensor =
            npz ? reader.parse(fiveAxisNpz(metadata), u"f.npz"_s)
                : reader.parse(fiveAxisSafetensors(metadata), u"f.safetensors"_s);
        if (layers == 0) {
            QVERIFY(!tensor);
            QCOMPARE(reader.errorString(),
                     npz ? QString(error).replace(u"f.safetensors"_s, u"f.npz"_s) : error);
            QCOMPARE(reader.needsLayout(), metadata.isNull());
            continue;
        }
        QVERIFY2(tensor, qPrintable(reader.errorString()));
        QVERIFY(!reader.needsLayout());
        QCOMPARE(tensor->layers(), layers);
        QCOMPARE(tensor->heads(), 1);
        // Layer l of batch item b is block (l, b) read layers first, (b, l) batch first.
        for (int l = 0; l < layers; ++l) {
            const int block = layers == 2 ? 3 * l + batch : 3 * batch + l;
            QCOMPARE(tensor->head(l, 0)(0, 0), float(block + 1) / 10.0f);
        }
    }
}

QTEST_APPLESS_MAIN(TestAttentionFileReader)
#include "tst_attentionfilereader.moc"
