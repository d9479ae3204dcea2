// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "builtincard.h"

#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

const QString &builtinModelDir()
{
    static const QString dir = QStringLiteral(BUILTIN_MODEL_DIR);
    return dir;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QList<CardRow> cardRows()
{
    QList<CardRow> rows;
    static const QRegularExpression row(
        QStringLiteral(R"(^\| (\d+)\.(\d+) \| ([^|]+?) \| ([^|]+?) \| [^|]+ \|$)"),
        QRegularExpression::MultilineOption);
    auto it = row.globalMatch(QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s)));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        rows.append({m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3), m.captured(4)});
    }
    return rows;
}

QStringList cardSentences()
{
    const QString card = QString::fromUtf8(readFile(builtinModelDir() + u"/README.md"_s));
    const QString line = card.section(u"The sentences: "_s, 1, 1).section(QLatin1Char('\n'), 0, 0);
    QStringList sentences;
    static const QRegularExpression quoted(QStringLiteral("\"([^\"]+)\""));
    auto it = quoted.globalMatch(line);
    while (it.hasNext())
        sentences << it.next().captured(1);
    return sentences;
}
