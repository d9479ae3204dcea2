// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The one UTF-8 encoder and decoder (issue 19, item 19), and where a text
// stops being UTF-8, found in one pass (item 16).

#include "core/support/utf8.h"

#include <QStringDecoder>
#include <QtTest>

#include <optional>
#include <string>

using namespace AttentionLab;

class TestUtf8 : public QObject
{
    Q_OBJECT

private slots:
    void encode_data();
    void encode();
    void roundTripEveryCodePoint();
    void firstInvalid_data();
    void firstInvalid();
    void surrogates();
    void invalidByteAtTheEndOfALongText();
};

void TestUtf8::encode_data()
{
    QTest::addColumn<uint>("code");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("U+0000") << 0u << QByteArray("\0", 1);
    QTest::newRow("U+007F, last of one byte") << 0x7Fu << QByteArray("\x7f");
    QTest::newRow("U+0080, first of two") << 0x80u << QByteArray("\xc2\x80");
    QTest::newRow("U+07FF, last of two") << 0x7FFu << QByteArray("\xdf\xbf");
    QTest::newRow("U+0800, first of three") << 0x800u << QByteArray("\xe0\xa0\x80");
    QTest::newRow("U+202E") << 0x202Eu << QByteArray("\xe2\x80\xae");
    QTest::newRow("U+D800, a surrogate as WTF-8") << 0xD800u << QByteArray("\xed\xa0\x80");
    QTest::newRow("U+FFFF, last of three") << 0xFFFFu << QByteArray("\xef\xbf\xbf");
    QTest::newRow("U+10000, first of four") << 0x10000u << QByteArray("\xf0\x90\x80\x80");
    QTest::newRow("U+10FFFF, the last") << 0x10FFFFu << QByteArray("\xf4\x8f\xbf\xbf");
}

void TestUtf8::encode()
{
    QFETCH(uint, code);
    QFETCH(QByteArray, bytes);
    std::string out = "x";
    appendUtf8(out, char32_t(code));
    QCOMPARE(QByteArray::fromStdString(out), QByteArray("x") + bytes);
}

void TestUtf8::roundTripEveryCodePoint()
{
    // Every character through the encoder and back, and the same bytes as Qt's.
    for (char32_t code = 0; code <= 0x10FFFF; ++code) {
        if (code >= 0xD800 && code <= 0xDFFF)
            continue;
        std::string out;
        appendUtf8(out, code);
        char32_t decoded = 0;
        if (decodeUtf8(out, 0, decoded) != out.size() || decoded != code)
            QFAIL(qPrintable(QStringLiteral("U+%1 does not round-trip").arg(uint(code), 0, 16)));
        if (code % 97 == 0 &&
            QString::fromUcs4(&code, 1).toUtf8() != QByteArray::fromStdString(out))
            QFAIL(qPrintable(QStringLiteral("U+%1 is not Qt's UTF-8").arg(uint(code), 0, 16)));
    }
}

void TestUtf8::firstInvalid_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("offset"); // -1: all valid
    QTest::newRow("empty") << QByteArray() << -1;
    QTest::newRow("ASCII") << QByteArray("hello") << -1;
    QTest::newRow("two-, three- and four-byte characters")
        << QByteArray("caf\xc3\xa9 \xe2\x88\x9a \xf0\x9f\x98\x80") << -1;
    QTest::newRow("0xff after two letters") << QByteArray("ab\xff") << 2;
    QTest::newRow("a stray continuation byte") << QByteArray("a\x80z") << 1;
    QTest::newRow("overlong slash C0 AF") << QByteArray("a\xc0\xafz") << 1;
    QTest::newRow("overlong E0 80 AF") << QByteArray("\xe0\x80\xaf") << 0;
    QTest::newRow("a sequence cut at the end") << QByteArray("ab\xe2\x82") << 2;
    QTest::newRow("a sequence cut by a letter") << QByteArray("\xe2\x82z") << 0;
    QTest::newRow("past U+10FFFF") << QByteArray("x\xf4\x90\x80\x80") << 1;
    QTest::newRow("F5 lead byte") << QByteArray("\xf5\x80\x80\x80") << 0;
    QTest::newRow("an encoded surrogate") << QByteArray("ok\xed\xa0\x80") << 2;
    QTest::newRow("after valid characters")
        << QByteArray("\xc3\xa9\xe2\x88\x9a\xf0\x9f\x98\x80\xff") << 9;
}

void TestUtf8::firstInvalid()
{
    QFETCH(QByteArray, text);
    QFETCH(int, offset);
    const std::optional<std::size_t> found =
        firstInvalidUtf8(std::string_view(text.constData(), std::size_t(text.size())));
    QCOMPARE(found ? int(*found) : -1, offset);
    // The same verdict as Qt's decoder.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    [[maybe_unused]] const QString decoded = decoder.decode(text);
    QCOMPARE(decoder.hasError(), offset >= 0);
}

void TestUtf8::surrogates()
{
    char32_t code = 0;
    QCOMPARE(decodeUtf8("\xed\xa0\x80", 0, code), std::size_t(0));
    QCOMPARE(decodeUtf8("\xed\xa0\x80", 0, code, Utf8Surrogates::Accepted), std::size_t(3));
    QCOMPARE(uint(code), 0xD800u);
}

void TestUtf8::invalidByteAtTheEndOfALongText()
{
    // 16 MB then 0xff: one pass finds it; decoding every prefix again (the
    // command line's old way, 2.2 s at 131 KB) would take days.
    std::string text(16 * 1024 * 1024, 'a');
    text += "\xff";
    const std::optional<std::size_t> found = firstInvalidUtf8(text);
    QVERIFY(found);
    QCOMPARE(*found, text.size() - 1);
}

QTEST_APPLESS_MAIN(TestUtf8)
#include "tst_utf8.moc"
