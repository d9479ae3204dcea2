// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// What the built-in model's card says, read back for the tests that check
// it through the binary (tst_builtinmodel, tst_builtinexperiments).

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

/// The built-in model's folder, whose README.md is the card.
const QString &builtinModelDir();
QByteArray readFile(const QString &path);

/// The card's table of heads: layer, head, role, score as printed.
struct CardRow
{
    int layer = 0;
    int head = 0;
    QString role;
    QString score;
};
QList<CardRow> cardRows();

/// The card's ordinary sentences, over which its scores are averaged.
QStringList cardSentences();
