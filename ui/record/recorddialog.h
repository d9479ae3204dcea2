// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/colormaps.h"

#include <QDialog>
#include <QHash>
#include <QImage>
#include <QStringList>

class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace AttentionLab {

class AnimationSettingsForm;
class Recording;

/**
 * What Stop opens: the recording's frames played in a preview, and the
 * choices it is written with (AnimationSettingsForm: format, file, size,
 * frame rate, hold, colour map, theme). Write draws every frame again with
 * those choices, by the painters of the still exports, with a progress
 * dialog that can cancel; Discard throws the recording away.
 */
class RecordDialog : public QDialog
{
    Q_OBJECT

public:
    RecordDialog(const Recording &recording, ColorMaps::Name currentMap, bool currentDark,
                 const QString &title, QWidget *parent = nullptr);

    AnimationSettingsForm *settings() const { return m_settings; }
    /// The frame the preview shows.
    int previewFrame() const;
    /// The preview's image (for tests).
    QImage previewImage() const;
    /// The files written so far (a GIF, then an MP4 of the same frames).
    QStringList writtenPaths() const { return m_written; }

    /// Writes the animation and stays open, so that the same frames can be
    /// written again in the other format; Close (Discard before a write) ends.
    void accept() override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void showFrame(int frame);
    void restartPreview();

    const Recording &m_recording;
    AnimationSettingsForm *m_settings;
    QLabel *m_preview;
    QSlider *m_scrub;
    QPushButton *m_play;
    QLabel *m_summary;
    QLabel *m_outcome;
    QPushButton *m_close;
    QTimer *m_timer;
    QImage m_previewImage;
    QHash<int, QImage> m_cache;
    qint64 m_cacheBytes = 0;
    QStringList m_written;
};

} // namespace AttentionLab
