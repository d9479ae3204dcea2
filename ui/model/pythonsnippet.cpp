// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/pythonsnippet.h"

#include <QStringList>

namespace AttentionLab {

QString pythonString(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f || c.isSurrogate() ||
                c.category() == QChar::Other_Format)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out + QLatin1Char('"');
}

namespace {

/// The call that shows the view: the large head, or the grid in its look.
QString viewCall(const PythonSnippetInput &in, const QString &attention, const QString &tokens)
{
    if (in.largeHead)
        return QStringLiteral("head_view(%1, %2, layer=%3, heads=[%4])")
            .arg(attention, tokens)
            .arg(in.layer)
            .arg(in.head);
    return QStringLiteral("model_view(%1, %2, display_mode=\"%3\")")
        .arg(attention, tokens, in.dark ? QStringLiteral("dark") : QStringLiteral("light"));
}

} // namespace

QString pythonSnippet(const PythonSnippetInput &in)
{
    QStringList lines;
    if (!in.file.isEmpty()) {
        lines << QStringLiteral("from attention_lab import show") << QString()
              << QStringLiteral("show(%1, view=\"%2\", layer=%3, head=%4%5%6)")
                     .arg(pythonString(in.file),
                          in.largeHead ? QStringLiteral("head") : QStringLiteral("grid"))
                     .arg(in.layer)
                     .arg(in.head)
                     .arg(in.dark ? QStringLiteral(", theme=\"dark\"") : QString())
                     .arg(in.encoderDecoder
                              ? QStringLiteral(", set=\"%1\"")
                                    .arg(QString::fromStdString(attentionKindName(in.set)))
                              : QString());
        if (!in.modelHead.isEmpty())
            lines.last() += QStringLiteral("  # the model's head %1").arg(in.modelHead);
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    const QString autoClass = in.encoderDecoder ? QStringLiteral("AutoModelForSeq2SeqLM")
                              : in.causal       ? QStringLiteral("AutoModelForCausalLM")
                                                : QStringLiteral("AutoModel");
    lines << QStringLiteral("import torch")
          << QStringLiteral("from transformers import AutoTokenizer, %1").arg(autoClass)
          << QStringLiteral("from attention_lab import %1")
                 .arg(in.largeHead ? QStringLiteral("head_view") : QStringLiteral("model_view"))
          << QString() << QStringLiteral("folder = %1").arg(pythonString(in.folder))
          << QStringLiteral("tokenizer = AutoTokenizer.from_pretrained(folder)")
          << QStringLiteral(
                 "# eager attention: the weights themselves, as the window computes them")
          << QStringLiteral("model = %1.from_pretrained(folder, attn_implementation=\"eager\")")
                 .arg(autoClass)
          << QStringLiteral("model.eval()");
    if (in.encoderDecoder) {
        lines
            << QStringLiteral("source = %1").arg(pythonString(in.text))
            << QStringLiteral("target = %1").arg(pythonString(in.target.value_or(QString())))
            << QStringLiteral(
                   "inputs = tokenizer(source, text_target=target or None, return_tensors=\"pt\")")
            << QStringLiteral("# the decoder reads its start token, then the target's tokens")
            << QStringLiteral("decoder_ids = torch.tensor([[model.config.decoder_start_token_id]])")
            << QStringLiteral("if target:")
            << QStringLiteral(
                   "    decoder_ids = "
                   "model.prepare_decoder_input_ids_from_labels(labels=inputs[\"labels\"])")
            << QStringLiteral("with torch.no_grad():")
            << QStringLiteral("    outputs = model(input_ids=inputs[\"input_ids\"], "
                              "decoder_input_ids=decoder_ids, output_attentions=True)")
            << QStringLiteral(
                   "source_tokens = tokenizer.convert_ids_to_tokens(inputs[\"input_ids\"][0])")
            << QStringLiteral("target_tokens = tokenizer.convert_ids_to_tokens(decoder_ids[0])");
        const QString call =
            in.largeHead
                ? QStringLiteral("head_view(encoder_attention=outputs.encoder_attentions, "
                                 "decoder_attention=outputs.decoder_attentions, "
                                 "cross_attention=outputs.cross_attentions, "
                                 "encoder_tokens=source_tokens, decoder_tokens=target_tokens, "
                                 "layer=%1, heads=[%2])")
                      .arg(in.layer)
                      .arg(in.head)
                : QStringLiteral("model_view(encoder_attention=outputs.encoder_attentions, "
                                 "decoder_attention=outputs.decoder_attentions, "
                                 "cross_attention=outputs.cross_attentions, "
                                 "encoder_tokens=source_tokens, decoder_tokens=target_tokens, "
                                 "display_mode=\"%1\")")
                      .arg(in.dark ? QStringLiteral("dark") : QStringLiteral("light"));
        if (in.set != AttentionKind::Cross)
            lines << QStringLiteral("# the window showed the %1")
                         .arg(QString::fromStdString(attentionKindTitle(in.set)));
        lines << call;
        return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    QStringList ids;
    for (int id : in.ids)
        ids << QString::number(id);
    lines << QStringLiteral("text = %1").arg(pythonString(in.text))
          << QStringLiteral("# the ids the window read for the text, its special tokens included")
          << QStringLiteral("ids = [%1]").arg(ids.join(QStringLiteral(", ")))
          << QStringLiteral("with torch.no_grad():")
          << QStringLiteral(
                 "    outputs = model(input_ids=torch.tensor([ids]), output_attentions=True)")
          << QStringLiteral("tokens = tokenizer.convert_ids_to_tokens(ids)")
          << viewCall(in, QStringLiteral("outputs.attentions"), QStringLiteral("tokens"));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace AttentionLab
