// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/outputfile.h"

#include <QImage>
#include <QList>
#include <QRgb>
#include <QSize>
#include <QString>

#include <vector>

struct GifFileType; // giflib's, kept out of this header

namespace AttentionLab {

class GifPalette;

/**
 * Writes an animated GIF with giflib: one global palette, looping forever
 * (the NETSCAPE2.0 application extension), each frame encoded as it comes.
 * Written through OutputFile: until commit() succeeds the target is as it
 * was, and a writer destroyed without commit() leaves no file behind.
 */
class GifWriter
{
public:
    explicit GifWriter(const QString &path);
    ~GifWriter();
    GifWriter(const GifWriter &) = delete;
    GifWriter &operator=(const GifWriter &) = delete;

    /// Opens the file and writes the screen, \a palette's colours and the
    /// loop; false with errorString().
    bool open(const QSize &size, const QList<QRgb> &palette);
    /// Appends \a frame (of open()'s size), shown for \a centiseconds; each
    /// pixel becomes \a palette's nearest entry.
    bool addFrame(const QImage &frame, GifPalette &palette, int centiseconds);
    /// Ends the file and puts it at the path; false with errorString().
    bool commit();

    QString errorString() const { return m_file.errorString(); }

private:
    bool failed(int giflibError);

    OutputFile m_file;
    ::GifFileType *m_gif = nullptr;
    QSize m_size;
    std::vector<unsigned char> m_line;
};

} // namespace AttentionLab
