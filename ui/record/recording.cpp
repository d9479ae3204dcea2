// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/recording.h"

#include <QBuffer>
#include <QByteArray>
#include <QDataStream>
#include <QDir>

#include <stdexcept>

namespace AttentionLab {

namespace {

void writeMatrix(QDataStream &out, const Matrix &m)
{
    out << qint64(m.rows()) << qint64(m.cols());
    // Column-major doubles as Eigen holds them, bit for bit.
    out.writeRawData(reinterpret_cast<const char *>(m.data()),
                     int(sizeof(double) * size_t(m.size())));
}

Matrix readMatrix(QDataStream &in)
{
    qint64 rows = 0, cols = 0;
    in >> rows >> cols;
    if (in.status() != QDataStream::Ok || rows < 0 || cols < 0)
        throw std::invalid_argument("the recording's spool file is damaged");
    Matrix m(rows, cols);
    const qint64 bytes = qint64(sizeof(double)) * rows * cols;
    if (in.readRawData(reinterpret_cast<char *>(m.data()), int(bytes)) != bytes)
        throw std::invalid_argument("the recording's spool file is damaged");
    return m;
}

void writeLabels(QDataStream &out, const std::vector<std::string> &labels)
{
    out << quint32(labels.size());
    for (const std::string &label : labels)
        out << QByteArray::fromStdString(label);
}

std::vector<std::string> readLabels(QDataStream &in)
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

QByteArray serialize(const Session &s)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_0);
    writeLabels(out, s.tokens);
    writeLabels(out, s.queryTokens);
    writeMatrix(out, s.queries);
    writeMatrix(out, s.keys);
    writeMatrix(out, s.values);
    out << s.options.scale << qint32(s.options.mask) << s.options.temperature;
    return qCompress(bytes, 1);
}

Session deserialize(const QByteArray &compressed)
{
    const QByteArray bytes = qUncompress(compressed);
    if (bytes.isEmpty())
        throw std::invalid_argument("the recording's spool file is damaged");
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_6_0);
    Session s;
    s.tokens = readLabels(in);
    s.queryTokens = readLabels(in);
    s.queries = readMatrix(in);
    s.keys = readMatrix(in);
    s.values = readMatrix(in);
    qint32 mask = 0;
    in >> s.options.scale >> mask >> s.options.temperature;
    if (in.status() != QDataStream::Ok)
        throw std::invalid_argument("the recording's spool file is damaged");
    s.options.mask = MaskMode(mask);
    return s;
}

} // namespace

Recording::Recording()
    : m_spool(QDir::tempPath() + QStringLiteral("/attention-lab-recording-XXXXXX.spool"))
{
}

bool Recording::open(QString *error)
{
    if (m_spool.open())
        return true;
    if (error)
        *error = QStringLiteral("cannot make a temporary file for the recording: %1")
                     .arg(m_spool.errorString());
    return false;
}

bool Recording::append(const RecordedFrame &frame, QString *error)
{
    Entry entry;
    entry.shared = frame;
    entry.shared.session.reset();
    if (frame.session) {
        if (m_last && *m_last == *frame.session && !m_entries.empty() &&
            m_entries.back().offset >= 0) {
            entry.offset = m_entries.back().offset;
            entry.length = m_entries.back().length;
        } else {
            const QByteArray bytes = serialize(*frame.session);
            entry.offset = m_spool.size();
            entry.length = bytes.size();
            if (!m_spool.seek(entry.offset) || m_spool.write(bytes) != bytes.size()) {
                if (error)
                    *error = QStringLiteral("cannot keep the recording's frame %1: %2")
                                 .arg(count() + 1)
                                 .arg(m_spool.errorString());
                return false;
            }
            m_last = *frame.session;
        }
    }
    if (m_entries.empty())
        m_defaultSize = frame.defaultSize();
    m_entries.push_back(std::move(entry));
    return true;
}

RecordedFrame Recording::frame(int index) const
{
    if (index < 0 || index >= count())
        throw std::invalid_argument("no such frame in the recording");
    const Entry &entry = m_entries[size_t(index)];
    RecordedFrame frame = entry.shared;
    if (entry.offset >= 0) {
        if (!m_spool.seek(entry.offset))
            throw std::invalid_argument("the recording's spool file cannot be read");
        frame.session = deserialize(m_spool.read(entry.length));
    }
    return frame;
}

AnimationFrames Recording::frames(const FigureStyle &style, const ExportSize &size) const
{
    return {count(), FigureExporter::pixelSize(m_defaultSize, size),
            [this, style, size](int index) { return frame(index).render(style, size); }};
}

} // namespace AttentionLab
