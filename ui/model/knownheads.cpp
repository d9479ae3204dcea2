// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/knownheads.h"

#include "core/sets/attentionset.h"
#include "ui/model/modeldocument.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace AttentionLab {

QList<KnownHeadGroup> KnownHeads::load(QString *error)
{
    QFile file(QStringLiteral(":/knownheads.json"));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("knownheads.json: %1").arg(file.errorString());
        return {};
    }
    return parse(file.readAll(), error);
}

QList<KnownHeadGroup> KnownHeads::parse(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        if (error)
            *error = QStringLiteral("knownheads.json: %1").arg(parseError.errorString());
        return {};
    }
    QList<KnownHeadGroup> groups;
    for (const QJsonValue &m : document.object().value(QStringLiteral("models")).toArray()) {
        const QJsonObject model = m.toObject();
        KnownHeadGroup group;
        group.id = model.value(QStringLiteral("id")).toString();
        group.title = model.value(QStringLiteral("title")).toString();
        group.layers = model.value(QStringLiteral("layers")).toInt();
        group.heads = model.value(QStringLiteral("heads")).toInt();
        group.tokens = model.value(QStringLiteral("tokens")).toString();
        group.set = model.value(QStringLiteral("set")).toString();
        for (const QJsonValue &e : model.value(QStringLiteral("entries")).toArray()) {
            const QJsonObject entry = e.toObject();
            KnownHead head;
            head.layer = entry.value(QStringLiteral("layer")).toInt(-1);
            head.head = entry.value(QStringLiteral("head")).toInt(-1);
            head.role = entry.value(QStringLiteral("role")).toString();
            head.source = entry.value(QStringLiteral("source")).toString();
            if (head.layer < 0 || head.layer >= group.layers || head.head < 0 ||
                head.head >= group.heads) {
                if (error)
                    *error = QStringLiteral("knownheads.json: %1 lists head %2.%3 outside %4 x %5")
                                 .arg(group.id)
                                 .arg(head.layer)
                                 .arg(head.head)
                                 .arg(group.layers)
                                 .arg(group.heads);
                return {};
            }
            group.entries.append(head);
        }
        groups.append(group);
    }
    return groups;
}

QString KnownHeads::tokenFamily(const std::vector<std::string> &tokens)
{
    bool sentencePiece = false;
    for (const std::string &token : tokens) {
        if (token.find("\xC4\xA0") != std::string::npos) // "Ġ", GPT-2's space
            return QStringLiteral("gpt2");
        if (token == "[CLS]" || token == "[SEP]" || token.rfind("##", 0) == 0)
            return QStringLiteral("bert");
        sentencePiece = sentencePiece || token.rfind("\xE2\x96\x81", 0) == 0; // "▁"
    }
    return sentencePiece ? QStringLiteral("sentencepiece") : QString();
}

QList<KnownHeadGroup> KnownHeads::matching(const QList<KnownHeadGroup> &groups, int layers,
                                           int heads, const std::vector<std::string> &tokens,
                                           const QString &set)
{
    const QString family = tokenFamily(tokens);
    QList<KnownHeadGroup> out;
    for (const KnownHeadGroup &group : groups)
        if (group.layers == layers && group.heads == heads &&
            (family.isEmpty() || group.tokens == family) &&
            (group.set.isEmpty() || group.set == set))
            out.append(group);
    return out;
}

QList<KnownHeadGroup> KnownHeads::forDocument(const ModelDocument &document)
{
    if (document.isEmpty() || document.tensor().isRenumbered())
        return {};
    const AttentionTensor &t = document.tensor();
    return matching(load(), t.layers(), t.heads(), t.tokens(),
                    QString::fromStdString(attentionKindName(document.setKind())));
}

} // namespace AttentionLab
