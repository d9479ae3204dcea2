// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// JSON written as it goes: numbers that read back to the same double in the
// fewest digits, text escaped, and a document Qt's parser reads back whole.

#include "io/jsonstreamwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace AttentionLab;

namespace {

/// Everything \a write puts on a stream, as text.
template <typename Write> QByteArray written(Write write, bool *ok = nullptr)
{
    std::FILE *file = std::tmpfile();
    bool finished = false;
    {
        JsonStreamWriter out(file);
        write(out);
        finished = out.finish();
    }
    if (ok)
        *ok = finished;
    QByteArray bytes(int(std::ftell(file)), '\0');
    std::rewind(file);
    const size_t read = std::fread(bytes.data(), 1, size_t(bytes.size()), file);
    std::fclose(file);
    bytes.truncate(qsizetype(read));
    return bytes;
}

} // namespace

class TestJsonStreamWriter : public QObject
{
    Q_OBJECT

private slots:
    void numbersRoundTrip_data();
    void numbersRoundTrip();
    void floatsRoundTrip_data();
    void floatsRoundTrip();
    void nonFiniteIsNull();
    void documentReadsBack();
    void layout();
    void largeDocumentIsStreamed();
    void writeErrorIsReported();
};

void TestJsonStreamWriter::numbersRoundTrip_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << "0";
    QTest::newRow("negative zero") << -0.0 << "-0";
    QTest::newRow("one") << 1.0 << "1";
    QTest::newRow("a tenth") << 0.1 << "0.1";
    QTest::newRow("a third") << 1.0 / 3.0 << "0.3333333333333333";
    QTest::newRow("17 digits") << 0.33691970107251534 << "0.33691970107251534";
    QTest::newRow("negative") << -2.5 << "-2.5";
    QTest::newRow("large integer") << 123456789012.0 << "123456789012";
    QTest::newRow("2^53 + 2") << 9007199254740994.0 << "9007199254740994";
    QTest::newRow("1e21") << 1e21 << "1e+21";
    QTest::newRow("largest") << std::numeric_limits<double>::max() << "1.7976931348623157e+308";
    QTest::newRow("smallest normal")
        << std::numeric_limits<double>::min() << "2.2250738585072014e-308";
    QTest::newRow("smallest subnormal") << std::numeric_limits<double>::denorm_min() << "5e-324";
    QTest::newRow("1e-7") << 1e-7 << "1e-07";
    QTest::newRow("pi") << M_PI << "3.141592653589793";
}

void TestJsonStreamWriter::numbersRoundTrip()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    const std::string formatted = JsonStreamWriter::formatNumber(value);
    QCOMPARE(QString::fromStdString(formatted), text);
    // Back to the very same double, sign of zero included...
    double back = 0.0;
    const auto parsed =
        std::from_chars(formatted.data(), formatted.data() + formatted.size(), back);
    QCOMPARE(parsed.ec, std::errc());
    QCOMPARE(std::memcmp(&back, &value, sizeof value), 0);
    // ...also through a JSON reader, inside a document.
    const QByteArray json = written([value](JsonStreamWriter &out) {
        out.beginArray(JsonStreamWriter::Layout::Line);
        out.number(value);
        out.endArray();
    });
    QCOMPARE(json, QByteArray("[" + text.toUtf8() + "]\n"));
    const double read = QJsonDocument::fromJson(json).array().at(0).toDouble();
    QCOMPARE(read, value);
}

void TestJsonStreamWriter::floatsRoundTrip_data()
{
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("a tenth") << 0.1f << "0.1";
    QTest::newRow("a third") << 1.0f / 3.0f << "0.33333334";
    QTest::newRow("one") << 1.0f << "1";
    QTest::newRow("smallest subnormal") << std::numeric_limits<float>::denorm_min() << "1e-45";
    QTest::newRow("NaN") << std::numeric_limits<float>::quiet_NaN() << "null";
}

void TestJsonStreamWriter::floatsRoundTrip()
{
    QFETCH(float, value);
    QFETCH(QString, text);
    // float32 attention weights: the float's own shortest text, not its double's.
    const QByteArray json = written([value](JsonStreamWriter &out) {
        out.beginArray(JsonStreamWriter::Layout::Line);
        out.floatNumber(value);
        out.endArray();
    });
    QCOMPARE(json, QByteArray("[" + text.toUtf8() + "]\n"));
    if (std::isfinite(value)) {
        float back = 0.0f;
        const std::string digits = text.toStdString();
        std::from_chars(digits.data(), digits.data() + digits.size(), back);
        QCOMPARE(std::memcmp(&back, &value, sizeof value), 0);
    }
}

void TestJsonStreamWriter::nonFiniteIsNull()
{
    const QByteArray json = written([](JsonStreamWriter &out) {
        out.beginArray(JsonStreamWriter::Layout::Line);
        out.number(std::numeric_limits<double>::quiet_NaN());
        out.number(-std::numeric_limits<double>::infinity());
        out.number(std::numeric_limits<double>::infinity());
        out.endArray();
    });
    QCOMPARE(json, QByteArray("[null, null, null]\n"));
}

void TestJsonStreamWriter::documentReadsBack()
{
    const std::string awkward = "say \"hi\"\\ \n\t\r\x01 caf\xc3\xa9 \xe2\x88\x9a";
    bool ok = false;
    const QByteArray json = written(
        [&](JsonStreamWriter &out) {
            out.beginObject();
            out.key("text");
            out.string(awkward);
            out.key("numbers");
            out.beginArray();
            out.beginArray(JsonStreamWriter::Layout::Line);
            out.number(0.5);
            out.integer(-7);
            out.null();
            out.boolean(true);
            out.endArray();
            out.beginArray(JsonStreamWriter::Layout::Line);
            out.endArray();
            out.endArray();
            out.key("empty");
            out.beginObject();
            out.endObject();
            out.key("big");
            out.integer(9007199254740993LL);
            out.endObject();
        },
        &ok);
    QVERIFY(ok);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(json, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(o.value(QStringLiteral("text")).toString(), QString::fromStdString(awkward));
    const QJsonArray numbers = o.value(QStringLiteral("numbers")).toArray();
    QCOMPARE(numbers.size(), 2);
    QCOMPARE(numbers.at(0).toArray(), QJsonArray({0.5, -7, QJsonValue(), true}));
    QVERIFY(numbers.at(1).toArray().isEmpty());
    QVERIFY(o.value(QStringLiteral("empty")).toObject().isEmpty());
    QVERIFY(json.contains("9007199254740993"));
    QVERIFY(json.contains("\\u0001"));
}

void TestJsonStreamWriter::layout()
{
    const QByteArray json = written([](JsonStreamWriter &out) {
        out.beginObject();
        out.key("a");
        out.integer(1);
        out.key("m");
        out.beginArray();
        for (int i = 0; i < 2; ++i) {
            out.beginArray(JsonStreamWriter::Layout::Line);
            out.number(i);
            out.number(i + 0.5);
            out.endArray();
        }
        out.endArray();
        out.endObject();
    });
    QCOMPARE(
        json,
        QByteArray(
            "{\n    \"a\": 1,\n    \"m\": [\n        [0, 0.5],\n        [1, 1.5]\n    ]\n}\n"));
}

void TestJsonStreamWriter::largeDocumentIsStreamed()
{
    // Far more than the buffer: written in pieces, read back whole.
    const int count = 300000;
    const QByteArray json = written([count](JsonStreamWriter &out) {
        out.beginArray(JsonStreamWriter::Layout::Line);
        for (int i = 0; i < count; ++i)
            out.number(i / 7.0);
        out.endArray();
    });
    const QJsonArray values = QJsonDocument::fromJson(json).array();
    QCOMPARE(values.size(), count);
    for (int i = 0; i < count; i += 997)
        QCOMPARE(values.at(i).toDouble(), i / 7.0);
}

void TestJsonStreamWriter::writeErrorIsReported()
{
    std::FILE *full = std::fopen("/dev/full", "w");
    if (!full)
        QSKIP("no /dev/full here");
    bool ok = true;
    {
        JsonStreamWriter out(full);
        out.beginArray();
        for (int i = 0; i < 100000; ++i)
            out.number(i);
        out.endArray();
        ok = out.finish();
    }
    std::fclose(full);
    QVERIFY(!ok);
}

QTEST_APPLESS_MAIN(TestJsonStreamWriter)
#include "tst_jsonstreamwriter.moc"
