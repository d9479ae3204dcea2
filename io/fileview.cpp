// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/fileview.h"

#include "io/inputtextqt.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace AttentionLab {

namespace {

/// \a value as a whole number from 0 in \a out; false when it is something else.
bool wholeNumber(const QJsonValue &value, int *out)
{
    const double number = value.toDouble(-1.0);
    if (!value.isDouble() || number < 0.0 || number != std::floor(number) || number > 1e9)
        return false;
    *out = int(number);
    return true;
}

/// A whole number from 0 at \a key of \a object, -1 when absent; false when
/// it is something else.
bool index(const QJsonObject &object, const QString &key, int *out)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull()) {
        *out = -1;
        return true;
    }
    return wholeNumber(value, out);
}

/// Distinct whole numbers from 0 at \a key of \a object (none when absent);
/// false when it is something else.
bool numbers(const QJsonObject &object, const QString &key, std::vector<int> *out)
{
    const QJsonValue value = object.value(key);
    out->clear();
    if (value.isUndefined() || value.isNull())
        return true;
    const QJsonArray entries = value.toArray();
    if (!value.isArray() || entries.isEmpty())
        return false;
    for (const QJsonValue &entry : entries) {
        int number = 0;
        if (!wholeNumber(entry, &number) ||
            std::find(out->begin(), out->end(), number) != out->end())
            return false;
        out->push_back(number);
    }
    return true;
}

} // namespace

std::optional<FileView> parseFileView(const std::string &json, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<FileView> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(json), &parse);
    if (!document.isObject())
        return fail(QStringLiteral("its view is not a JSON object (%1)").arg(parse.errorString()));
    const QJsonObject object = document.object();
    FileView view;
    const QJsonValue shown = object.value(QStringLiteral("view"));
    if (!shown.isUndefined() && !shown.isNull()) {
        if (shown != QJsonValue(QStringLiteral("head")) &&
            shown != QJsonValue(QStringLiteral("grid")))
            return fail(QStringLiteral("its view names the view \"%1\", not head or grid")
                            .arg(inputText(shown.toVariant().toString())));
        view.largeHead = shown.toString() == QLatin1String("head");
    }
    if (!index(object, QStringLiteral("layer"), &view.layer))
        return fail(QStringLiteral("its view's layer is not a whole number from 0"));
    if (!index(object, QStringLiteral("head"), &view.head))
        return fail(QStringLiteral("its view's head is not a whole number from 0"));
    const QJsonValue theme = object.value(QStringLiteral("theme"));
    if (!theme.isUndefined() && !theme.isNull()) {
        if (theme != QJsonValue(QStringLiteral("light")) &&
            theme != QJsonValue(QStringLiteral("dark")))
            return fail(QStringLiteral("its view's theme is \"%1\", not light or dark")
                            .arg(inputText(theme.toVariant().toString())));
        view.dark = theme.toString() == QLatin1String("dark");
    }
    const QJsonValue set = object.value(QStringLiteral("set"));
    if (!set.isUndefined() && !set.isNull()) {
        const std::optional<AttentionKind> kind = parseAttentionKind(set.toString().toStdString());
        if (!set.isString() || !kind)
            return fail(QStringLiteral("its view's set is \"%1\", not encoder, decoder or cross")
                            .arg(inputText(set.toVariant().toString())));
        view.set = kind;
    }
    view.title = object.value(QStringLiteral("title")).toString();
    if (!numbers(object, QStringLiteral("layers"), &view.layerNumbers))
        return fail(QStringLiteral("its view's layers are not distinct whole numbers from 0"));
    if (!numbers(object, QStringLiteral("heads"), &view.headNumbers))
        return fail(QStringLiteral("its view's heads are not distinct whole numbers from 0"));
    return view;
}

} // namespace AttentionLab
