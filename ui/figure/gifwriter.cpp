// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/figure/gifwriter.h"

#include "ui/figure/gifpalette.h"

#include <QByteArray>

#include <gif_lib.h>

#include <algorithm>
#include <cstdint>

namespace AttentionLab {

namespace {

int writeToOutput(GifFileType *gif, const GifByteType *bytes, int length)
{
    auto *file = static_cast<OutputFile *>(gif->UserData);
    return file->write(QByteArray(reinterpret_cast<const char *>(bytes), length)) ? length : 0;
}

} // namespace

GifWriter::GifWriter(const QString &path) : m_file(path) {}

GifWriter::~GifWriter()
{
    if (m_gif) {
        int error = 0;
        EGifCloseFile(m_gif, &error);
    }
}

bool GifWriter::failed(int giflibError)
{
    if (m_file.errorString().isEmpty())
        m_file.fail(QString::fromUtf8(GifErrorString(giflibError)));
    return false;
}

bool GifWriter::open(const QSize &size, const QList<QRgb> &palette)
{
    if (!m_file.open())
        return false;
    int error = 0;
    m_gif = EGifOpen(&m_file, writeToOutput, &error);
    if (!m_gif)
        return failed(error);
    m_size = size;
    m_line.resize(size_t(size.width()));
    // giflib wants a power of two: the palette is padded with black.
    const int bits = GifBitSize(int(std::max<qsizetype>(2, palette.size())));
    ColorMapObject *map = GifMakeMapObject(1 << bits, nullptr);
    if (!map)
        return failed(E_GIF_ERR_NOT_ENOUGH_MEM);
    for (int i = 0; i < map->ColorCount; ++i) {
        const QRgb c = i < palette.size() ? palette[i] : qRgb(0, 0, 0);
        map->Colors[i] =
            GifColorType{GifByteType(qRed(c)), GifByteType(qGreen(c)), GifByteType(qBlue(c))};
    }
    EGifSetGifVersion(m_gif, true);
    const bool written =
        EGifPutScreenDesc(m_gif, size.width(), size.height(), bits, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    if (!written)
        return failed(m_gif->Error);
    // Loop forever: NETSCAPE2.0, sub-block 1, a loop count of 0.
    static const GifByteType application[] = "NETSCAPE2.0";
    static const GifByteType loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
        EGifPutExtensionBlock(m_gif, 11, application) != GIF_OK ||
        EGifPutExtensionBlock(m_gif, 3, loop) != GIF_OK || EGifPutExtensionTrailer(m_gif) != GIF_OK)
        return failed(m_gif->Error);
    return true;
}

bool GifWriter::addFrame(const QImage &frame, GifPalette &palette, int centiseconds)
{
    const QImage rgb = frame.convertToFormat(QImage::Format_RGB32);
    GraphicsControlBlock control{DISPOSE_DO_NOT, false, centiseconds, NO_TRANSPARENT_COLOR};
    GifByteType extension[4];
    const size_t length = EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension) != GIF_OK ||
        EGifPutImageDesc(m_gif, 0, 0, m_size.width(), m_size.height(), false, nullptr) != GIF_OK)
        return failed(m_gif->Error);
    for (int y = 0; y < m_size.height(); ++y) {
        const auto *pixels = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        // Runs of one colour (most of a figure) look their entry up once.
        QRgb last = pixels[0];
        std::uint8_t entry = palette.index(last);
        for (int x = 0; x < m_size.width(); ++x) {
            if (pixels[x] != last) {
                last = pixels[x];
                entry = palette.index(last);
            }
            m_line[size_t(x)] = entry;
        }
        if (EGifPutLine(m_gif, m_line.data(), m_size.width()) != GIF_OK)
            return failed(m_gif->Error);
    }
    return true;
}

bool GifWriter::commit()
{
    int error = 0;
    GifFileType *gif = m_gif;
    m_gif = nullptr;
    if (EGifCloseFile(gif, &error) != GIF_OK)
        return failed(error);
    return m_file.commit();
}

} // namespace AttentionLab
