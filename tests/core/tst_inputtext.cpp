// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The one quoting of input in messages: escaped, cut, and numbers short.

#include "core/maths/inputtext.h"

#include <QtTest>

#include <string>

using namespace AttentionLab;

class TestInputText : public QObject
{
    Q_OBJECT

private slots:
    void text_data();
    void text();
    void longTextKeepsStartAndEnd();
    void number_data();
    void number();
};

void TestInputText::text_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("shown");
    QTest::newRow("plain") << QByteArray("causal") << QByteArray("causal");
    QTest::newRow("empty") << QByteArray("") << QByteArray("");
    QTest::newRow("newline") << QByteArray("causal\nnone") << QByteArray("causal\\nnone");
    QTest::newRow("carriage return and tab") << QByteArray("a\r\tb") << QByteArray("a\\r\\tb");
    QTest::newRow("escape and DEL") << QByteArray("\x1b[2J\x7f") << QByteArray("\\x1b[2J\\x7f");
    QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << QByteArray("a\\\"b\\\\c");
    QTest::newRow("UTF-8 stays") << QByteArray("caf\xc3\xa9 \xe2\x88\x9a")
                                 << QByteArray("caf\xc3\xa9 \xe2\x88\x9a");
    QTest::newRow("line separator U+2028")
        << QByteArray("a\xe2\x80\xa8z") << QByteArray("a\\u2028z");
    QTest::newRow("C1 control U+0085") << QByteArray("a\xc2\x85z") << QByteArray("a\\x85z");
    QTest::newRow("invalid byte") << QByteArray("a\xffz") << QByteArray("a\\xffz");
    QTest::newRow("truncated sequence") << QByteArray("a\xe2\x88") << QByteArray("a\\xe2\\x88");
    QTest::newRow("lone surrogate (WTF-8)") << QByteArray("\xed\xa0\x80") << QByteArray("\\ud800");
    // Issue 19, item 14: what would reorder or hide the rest of the line.
    QTest::newRow("right-to-left override U+202E: evil stays evil") << QByteArray("\xe2\x80\xae"
                                                                                  "evil")
                                                                    << QByteArray("\\u202eevil");
    QTest::newRow("escape, newline and U+202E (a vocab.json key)")
        << QByteArray("\x1b[31m\nevil\xe2\x80\xae") << QByteArray("\\x1b[31m\\nevil\\u202e");
    QTest::newRow("left-to-right embedding U+202A")
        << QByteArray("a\xe2\x80\xaaz") << QByteArray("a\\u202az");
    QTest::newRow("isolates U+2066 to U+2069")
        << QByteArray("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9")
        << QByteArray("\\u2066\\u2067\\u2068\\u2069");
    QTest::newRow("zero-width space U+200B")
        << QByteArray("a\xe2\x80\x8bz") << QByteArray("a\\u200bz");
    QTest::newRow("right-to-left mark U+200F")
        << QByteArray("a\xe2\x80\x8fz") << QByteArray("a\\u200fz");
    QTest::newRow("Arabic letter mark U+061C")
        << QByteArray("a\xd8\x9cz") << QByteArray("a\\u061cz");
    QTest::newRow("soft hyphen U+00AD") << QByteArray("a\xc2\xadz") << QByteArray("a\\xadz");
    QTest::newRow("byte order mark U+FEFF") << QByteArray("\xef\xbb\xbf"
                                                          "a")
                                            << QByteArray("\\ufeffa");
    QTest::newRow("tag U+E0041 (beyond the BMP)")
        << QByteArray("a\xf3\xa0\x81\x81z") << QByteArray("a\\U000e0041z");
    QTest::newRow("Hebrew letters stay") << QByteArray("\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d")
                                         << QByteArray("\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d");
    QTest::newRow("emoji stays") << QByteArray("\xf0\x9f\x98\x80")
                                 << QByteArray("\xf0\x9f\x98\x80");
    QTest::newRow("exactly 40 characters") << QByteArray(40, 'x') << QByteArray(40, 'x');
    QTest::newRow("41 characters")
        << QByteArray(41, 'x')
        << QByteArray(26, 'x') + QByteArray("\xe2\x80\xa6") + QByteArray(13, 'x');
}

void TestInputText::text()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, shown);
    QCOMPARE(QByteArray::fromStdString(inputText(input.toStdString())), shown);
}

void TestInputText::longTextKeepsStartAndEnd()
{
    // Five million characters of an unknown mask, with newlines inside.
    std::string huge = "start";
    huge += std::string(5'000'000, 'm');
    huge += "\n/a.json";
    const std::string shown = inputText(huge);
    QCOMPARE(QByteArray::fromStdString(shown),
             QByteArray("start") + QByteArray(21, 'm') + "\xe2\x80\xa6" + "mmmmm\\n/a.json");
    // Escapes count as one character each; the result stays short.
    const std::string newlines(1000, '\n');
    QVERIFY(inputText(newlines).size() < 100);
}

void TestInputText::number_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("shown");
    QTest::newRow("1e308") << 1e308 << QStringLiteral("1e+308");
    QTest::newRow("smallest subnormal") << 5e-324 << QStringLiteral("5e-324");
    QTest::newRow("0.1") << 0.1 << QStringLiteral("0.1");
    QTest::newRow("-1e-300") << -1e-300 << QStringLiteral("-1e-300");
    QTest::newRow("2") << 2.0 << QStringLiteral("2");
    QTest::newRow("negative zero") << -0.0 << QStringLiteral("-0");
}

void TestInputText::number()
{
    QFETCH(double, value);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(inputNumber(value)), shown);
}

QTEST_APPLESS_MAIN(TestInputText)
#include "tst_inputtext.moc"
