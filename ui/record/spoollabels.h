// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QByteArray>
#include <QDataStream>

#include <string>
#include <vector>

namespace AttentionLab::SpoolLabels {

/// A recording's token labels in its spool file: their count, then each as bytes.
inline void write(QDataStream &out, const std::vector<std::string> &labels)
{
    out << quint32(labels.size());
    for (const std::string &label : labels)
        out << QByteArray::fromStdString(label);
}

/// What write() wrote; a damaged stream stops early (the caller checks its status).
inline std::vector<std::string> read(QDataStream &in)
{
    quint32 count = 0;
    in >> count;
    std::vector<std::string> labels;
    for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        QByteArray label;
        in >> label;
        labels.push_back(label.toStdString());
    }
    return labels;
}

} // namespace AttentionLab::SpoolLabels
