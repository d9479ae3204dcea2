// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/tokenizerdecoder.h"

#include "io/bytelevelalphabet.h"
#include "io/inputtextqt.h"
#include "io/readerror.h"
#include "io/tokenizerpattern.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringDecoder>

#include <optional>

namespace AttentionLab {

namespace {

const QByteArray kReplacementCharacter = QByteArrayLiteral("\xEF\xBF\xBD");

/// The byte of a byte-fallback token ("<0x0A>"), if it is one.
std::optional<unsigned char> fallbackByte(const std::string &token)
{
    if (token.size() != 6 || token.compare(0, 3, "<0x") != 0 || token[5] != '>')
        return std::nullopt;
    bool ok = false;
    const int value = QByteArray::fromStdString(token.substr(3, 2)).toInt(&ok, 16);
    if (!ok)
        return std::nullopt;
    return static_cast<unsigned char>(value);
}

/// QString::fromUtf8 without dropping a leading byte order mark: U+FEFF is a
/// token of its own in several vocabularies.
QString fromUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(bytes);
}

bool isValidUtf8(const QByteArray &bytes)
{
    return fromUtf8(bytes).toUtf8() == bytes;
}

/// Length of the UTF-8 character at \a at of \a bytes; 0 if none starts there.
int characterLength(const QByteArray &bytes, qsizetype at)
{
    const auto byte = [&](qsizetype i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned char lead = byte(at);
    int length = 0;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4;
    else
        return 0;
    if (at + length > bytes.size())
        return 0;
    for (int i = 1; i < length; ++i)
        if ((byte(at + i) & 0xC0) != 0x80)
            return 0;
    const unsigned char second = byte(at + 1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) ||
        (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F))
        return 0; // overlong, a surrogate, or beyond U+10FFFF
    return length;
}

} // namespace

TokenizerDecoder TokenizerDecoder::fromJson(const QJsonValue &value)
{
    TokenizerDecoder decoder;
    if (!value.isNull() && !value.isUndefined())
        append(value, decoder.m_steps);
    return decoder;
}

void TokenizerDecoder::append(const QJsonValue &value, std::vector<Step> &steps)
{
    const QJsonObject object = value.toObject();
    const QString type = object.value(QStringLiteral("type")).toString();
    Step step;
    if (type == QStringLiteral("Sequence")) {
        for (const QJsonValue &inner : object.value(QStringLiteral("decoders")).toArray())
            append(inner, steps);
        return;
    }
    if (type == QStringLiteral("ByteLevel")) {
        step.kind = Step::Kind::ByteLevel;
    } else if (type == QStringLiteral("Metaspace")) {
        step.kind = Step::Kind::Metaspace;
        step.replacement =
            object.value(QStringLiteral("replacement")).toString(QStringLiteral("\u2581"));
        const QJsonValue scheme = object.value(QStringLiteral("prepend_scheme"));
        step.stripFirst = scheme.isString()
                              ? scheme.toString() != QStringLiteral("never")
                              : object.value(QStringLiteral("add_prefix_space")).toBool(true);
    } else if (type == QStringLiteral("Replace")) {
        step.kind = Step::Kind::Replace;
        step.replacement = object.value(QStringLiteral("content")).toString();
        const TokenizerPattern pattern = TokenizerPattern::fromJson(
            object.value(QStringLiteral("pattern")), "the decoder's Replace");
        step.regexPattern = pattern.isRegex;
        step.literal = pattern.literal;
        step.regex = pattern.regex;
    } else if (type == QStringLiteral("ByteFallback")) {
        step.kind = Step::Kind::ByteFallback;
    } else if (type == QStringLiteral("Fuse")) {
        step.kind = Step::Kind::Fuse;
    } else if (type == QStringLiteral("Strip")) {
        step.kind = Step::Kind::Strip;
        step.content = object.value(QStringLiteral("content")).toString(QStringLiteral(" "));
        step.start = object.value(QStringLiteral("start")).toInt();
        step.stop = object.value(QStringLiteral("stop")).toInt();
    } else {
        throwReadError(QStringLiteral("decoder \"%1\" is not supported (ByteLevel, Metaspace, "
                                      "Replace, ByteFallback, Fuse, Strip and Sequence are)")
                           .arg(inputText(type)));
    }
    steps.push_back(std::move(step));
}

std::vector<QString> TokenizerDecoder::labels(const std::vector<std::string> &tokens) const
{
    // Each token's bytes, which may be part of a character until the end.
    std::vector<QByteArray> bytes;
    bytes.reserve(tokens.size());
    for (const std::string &token : tokens)
        bytes.push_back(QByteArray::fromStdString(token));
    std::vector<char> isByte(tokens.size(), 0); // ByteFallback made it a byte
    bool fused = false;

    for (const Step &step : m_steps) {
        switch (step.kind) {
        case Step::Kind::ByteLevel:
            for (QByteArray &token : bytes) {
                bool all = true;
                const QByteArray raw = ByteLevelAlphabet::bytes(fromUtf8(token), &all);
                // A token with a character outside the table (an added token)
                // stays as it is, as in Hugging Face's decoder.
                if (all)
                    token = raw;
            }
            break;
        case Step::Kind::Metaspace:
            for (std::size_t i = 0; i < bytes.size(); ++i) {
                // A byte of a character a ByteFallback before made is no text yet.
                if (isByte[i])
                    continue;
                QString text = fromUtf8(bytes[i]);
                // The first token loses every replacement character, not only a leading one.
                text.replace(step.replacement,
                             i == 0 && step.stripFirst ? QString() : QStringLiteral(" "));
                bytes[i] = text.toUtf8();
            }
            break;
        case Step::Kind::Replace:
            for (std::size_t i = 0; i < bytes.size(); ++i) {
                if (isByte[i])
                    continue;
                if (step.regexPattern) {
                    QString text = fromUtf8(bytes[i]);
                    text.replace(step.regex, step.replacement);
                    bytes[i] = text.toUtf8();
                } else if (!step.literal.isEmpty()) {
                    bytes[i].replace(step.literal.toUtf8(), step.replacement.toUtf8());
                }
            }
            break;
        case Step::Kind::ByteFallback: {
            // A run of byte tokens is one string if its bytes are UTF-8, and
            // one U+FFFD per byte if not (Hugging Face's ByteFallback).
            std::size_t i = 0;
            while (i < bytes.size()) {
                if (isByte[i] || !fallbackByte(bytes[i].toStdString())) {
                    ++i;
                    continue;
                }
                std::size_t end = i;
                QByteArray run;
                while (end < bytes.size() && !isByte[end]) {
                    const auto byte = fallbackByte(bytes[end].toStdString());
                    if (!byte)
                        break;
                    run.append(char(*byte));
                    ++end;
                }
                const bool valid = isValidUtf8(run);
                for (std::size_t k = i; k < end; ++k) {
                    bytes[k] = valid ? QByteArray(1, run[qsizetype(k - i)]) : kReplacementCharacter;
                    isByte[k] = 1;
                }
                i = end;
            }
            break;
        }
        case Step::Kind::Fuse:
            fused = true;
            break;
        case Step::Kind::Strip: {
            const QByteArray content = step.content.toUtf8();
            auto stripToken = [&](QByteArray &token, int &left, bool fromStart) {
                while (left > 0 && !token.isEmpty() &&
                       (fromStart ? token.startsWith(content) : token.endsWith(content))) {
                    token = fromStart ? token.mid(content.size())
                                      : token.left(token.size() - content.size());
                    --left;
                }
            };
            if (fused) {
                // Fuse made one string of every token: strip its two ends.
                int left = step.start;
                for (std::size_t i = 0; i < bytes.size() && left > 0; ++i) {
                    stripToken(bytes[i], left, true);
                    if (!bytes[i].isEmpty())
                        break;
                }
                left = step.stop;
                for (std::size_t i = bytes.size(); i > 0 && left > 0; --i) {
                    stripToken(bytes[i - 1], left, false);
                    if (!bytes[i - 1].isEmpty())
                        break;
                }
            } else {
                for (QByteArray &token : bytes) {
                    int left = step.start;
                    stripToken(token, left, true);
                    left = step.stop;
                    stripToken(token, left, false);
                }
            }
            break;
        }
        }
    }

    // Each character to the token that holds its first byte.
    QByteArray all;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        all.append(bytes[i]);
        owner.insert(owner.end(), std::size_t(bytes[i].size()), i);
    }
    std::vector<QByteArray> shown(tokens.size());
    for (qsizetype at = 0; at < all.size();) {
        const int length = characterLength(all, at);
        if (length == 0) {
            shown[owner[std::size_t(at)]].append(kReplacementCharacter);
            ++at;
            continue;
        }
        shown[owner[std::size_t(at)]].append(all.mid(at, length));
        at += length;
    }
    std::vector<QString> out;
    out.reserve(shown.size());
    for (const QByteArray &label : shown)
        out.push_back(fromUtf8(label));
    return out;
}

} // namespace AttentionLab
