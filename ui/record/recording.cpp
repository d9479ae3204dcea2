// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/recording.h"

#include "ui/record/spoollabels.h"

#include <QBuffer>
#include <QByteArray>
#include <QDataStream>
#include <QDir>

#include <algorithm>
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

QByteArray serialize(const Session &s)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_0);
    SpoolLabels::write(out, s.tokens);
    SpoolLabels::write(out, s.queryTokens);
    writeMatrix(out, s.queries);
    writeMatrix(out, s.keys);
    writeMatrix(out, s.values);
    out << s.options.scale << qint32(s.options.mask) << s.options.temperature
        << qint32(s.options.window) << s.options.softCap;
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
    s.tokens = SpoolLabels::read(in);
    s.queryTokens = SpoolLabels::read(in);
    s.queries = readMatrix(in);
    s.keys = readMatrix(in);
    s.values = readMatrix(in);
    qint32 mask = 0, window = 0;
    in >> s.options.scale >> mask >> s.options.temperature >> window >> s.options.softCap;
    s.options.window = window;
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

bool Recording::write(const std::function<bool()> &writer, QString *error)
{
    if (m_spool.seek(m_spool.size()) && writer())
        return true;
    if (error)
        *error = QStringLiteral("cannot keep the recording's frame %1: %2")
                     .arg(count() + 1)
                     .arg(m_spool.errorString());
    return false;
}

bool Recording::append(const RecordedFrame &frame, QString *error)
{
    Entry entry;
    entry.shared = frame;
    entry.shared.session.reset();
    entry.shared.tensor.reset();
    entry.shared.scores.reset();
    const Entry *previous = m_entries.empty() ? nullptr : &m_entries.back();
    if (frame.session) {
        if (m_last && *m_last == *frame.session && previous && previous->offset >= 0) {
            entry.offset = previous->offset;
            entry.length = previous->length;
        } else {
            const QByteArray bytes = serialize(*frame.session);
            entry.offset = m_spool.size();
            entry.length = bytes.size();
            if (!write([&] { return m_spool.write(bytes) == bytes.size(); }, error))
                return false;
            m_last = *frame.session;
        }
    } else if (frame.tensor && frame.scores) {
        // The document shares its tensor: a frame of the same one (another
        // head, the word level) repeats the previous frame's.
        if (m_lastTensor.lock() == frame.tensor && m_lastScores.lock() == frame.scores &&
            previous && previous->tensorOffset >= 0) {
            entry.tensorOffset = previous->tensorOffset;
        } else {
            entry.tensorOffset = m_spool.size();
            if (!write(
                    [&] { return SpooledTensor::writeTo(&m_spool, *frame.tensor, *frame.scores); },
                    error))
                return false;
            m_lastTensor = frame.tensor;
            m_lastScores = frame.scores;
            ++m_spooledTensors;
        }
    }
    if (m_entries.empty())
        m_defaultSize = frame.defaultSize();
    m_entries.push_back(std::move(entry));
    return true;
}

SpooledTensor Recording::loadTensor(qint64 offset) const
{
    for (auto it = m_loaded.begin(); it != m_loaded.end(); ++it)
        if (it->first == offset) {
            std::rotate(m_loaded.begin(), it, it + 1);
            return m_loaded.front().second;
        }
    if (!m_spool.seek(offset))
        throw std::invalid_argument("the recording's spool file cannot be read");
    SpooledTensor loaded = SpooledTensor::readFrom(&m_spool);
    if (m_loaded.size() == 2)
        m_loaded.pop_back();
    m_loaded.insert(m_loaded.begin(), {offset, loaded});
    return loaded;
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
    if (entry.tensorOffset >= 0) {
        SpooledTensor spooled = loadTensor(entry.tensorOffset);
        frame.tensor = std::move(spooled.tensor);
        frame.scores = std::move(spooled.scores);
    }
    return frame;
}

AnimationFrames Recording::frames(const FigureStyle &style, const ExportSize &size) const
{
    return {count(), FigureExporter::pixelSize(m_defaultSize, size),
            [this, style, size](int index) { return frame(index).render(style, size); }};
}

} // namespace AttentionLab
