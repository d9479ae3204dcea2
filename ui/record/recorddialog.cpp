// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/recorddialog.h"

#include "ui/record/animationsaver.h"
#include "ui/record/animationsettingsform.h"
#include "ui/record/recording.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <stdexcept>

#include <algorithm>

namespace AttentionLab {

namespace {

/// The preview's size: the frames' shape within a box that fits beside the form.
constexpr int kPreviewWidth = 480;
constexpr int kPreviewHeight = 360;
/// The preview keeps its scaled frames up to this many bytes.
constexpr qint64 kPreviewCacheBytes = qint64(64) << 20;

} // namespace

RecordDialog::RecordDialog(const Recording &recording, ColorMaps::Name currentMap, bool currentDark,
                           const QString &title, QWidget *parent)
    : QDialog(parent), m_recording(recording),
      m_settings(new AnimationSettingsForm(currentMap, currentDark, this)),
      m_preview(new QLabel(this)), m_scrub(new QSlider(Qt::Horizontal, this)),
      m_play(new QPushButton(tr("&Pause"), this)), m_summary(new QLabel(this)),
      m_outcome(new QLabel(this)), m_close(nullptr), m_timer(new QTimer(this))
{
    setWindowTitle(tr("Write the recording"));
    m_settings->setTitle(title);
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setMinimumSize(kPreviewWidth, kPreviewHeight);
    // The frame is drawn to the label's room: the picture must not size the label.
    m_preview->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_preview->setAccessibleName(tr("Preview of the recording"));
    m_scrub->setRange(0, std::max(0, recording.count() - 1));
    m_scrub->setAccessibleName(tr("Frame"));
    connect(m_scrub, &QSlider::valueChanged, this, &RecordDialog::showFrame);
    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_timer->isActive()) {
            m_timer->stop();
            m_play->setText(tr("&Play"));
        } else {
            restartPreview();
        }
    });
    connect(m_timer, &QTimer::timeout, this, [this] {
        const int next = m_scrub->value() + 1;
        if (next < m_recording.count()) {
            m_scrub->setValue(next);
            return;
        }
        // The hold, then around again, as the GIF loops.
        m_timer->stop();
        QTimer::singleShot(int(m_settings->timing().holdSeconds * 1000), this, [this] {
            if (m_play->text() == tr("&Pause")) {
                m_scrub->setValue(0);
                m_timer->start();
            }
        });
    });
    connect(m_settings, &AnimationSettingsForm::changed, this, [this] {
        m_cache.clear(); // another style or size: every frame is drawn again
        m_cacheBytes = 0;
        m_timer->setInterval(1000 / m_settings->timing().fps);
        showFrame(m_scrub->value());
    });

    auto *previewColumn = new QVBoxLayout;
    previewColumn->addWidget(m_preview, 1);
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_play);
    controls->addWidget(m_scrub, 1);
    previewColumn->addLayout(controls);
    previewColumn->addWidget(m_summary);
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    previewColumn->addWidget(m_outcome);
    auto *body = new QHBoxLayout;
    body->addLayout(previewColumn, 1);
    body->addWidget(m_settings);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(tr("&Write"), QDialogButtonBox::AcceptRole);
    m_close = buttons->addButton(tr("&Discard"), QDialogButtonBox::RejectRole);
    m_close->setToolTip(tr("Throw the recording away"));
    // Room for "Close", which it becomes once written: Write stays put.
    {
        const QFontMetrics metrics = m_close->fontMetrics();
        const int discard = metrics.horizontalAdvance(tr("Discard"));
        const int widest = std::max(discard, metrics.horizontalAdvance(tr("Close")));
        m_close->setMinimumWidth(m_close->sizeHint().width() + widest - discard);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);
    showFrame(0);
    restartPreview();
}

void RecordDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    showFrame(m_scrub->value());
}

int RecordDialog::previewFrame() const
{
    return m_scrub->value();
}

QImage RecordDialog::previewImage() const
{
    return m_previewImage;
}

void RecordDialog::restartPreview()
{
    m_play->setText(tr("&Pause"));
    m_timer->setInterval(1000 / m_settings->timing().fps);
    if (m_recording.count() > 1)
        m_timer->start();
}

void RecordDialog::showFrame(int frame)
{
    const QSize full = m_settings->pixels(m_recording.defaultSize());
    const AnimationTiming timing = m_settings->timing();
    const double seconds = double(m_recording.count()) / timing.fps + timing.holdSeconds;
    m_summary->setText(tr("Frame %1 of %2 · %3 × %4 px · %5 s")
                           .arg(frame + 1)
                           .arg(m_recording.count())
                           .arg(full.width())
                           .arg(full.height())
                           .arg(seconds, 0, 'f', 1));
    if (full.isEmpty())
        return;
    // The frame drawn as it will be written, at the size it will be
    // written (so that its layout is the file's), then scaled to the
    // preview's room, which grows with the dialog; kept while it fits the
    // preview's memory, so the loop replays without drawing again.
    const QSize room =
        m_preview->contentsRect().size().expandedTo(QSize(kPreviewWidth, kPreviewHeight));
    const QSize shown = full.scaled(room, Qt::KeepAspectRatio);
    if (const auto cached = m_cache.constFind(frame);
        cached != m_cache.cend() && cached->size() == shown) {
        m_previewImage = *cached;
        m_preview->setPixmap(QPixmap::fromImage(m_previewImage));
        return;
    }
    try {
        m_previewImage = m_recording.frame(frame)
                             .render(m_settings->style(), m_settings->size())
                             .scaled(shown, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        m_preview->setPixmap(QPixmap::fromImage(m_previewImage));
        const qint64 bytes = m_previewImage.sizeInBytes();
        if (m_cacheBytes + bytes <= kPreviewCacheBytes) {
            m_cacheBytes += bytes;
            m_cache.insert(frame, m_previewImage);
        }
    } catch (const std::invalid_argument &error) {
        m_preview->setText(QString::fromUtf8(error.what()));
    }
}

void RecordDialog::accept()
{
    if (const QString problem = m_settings->problem(m_recording.defaultSize());
        !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Write the recording"), problem);
        return;
    }
    m_settings->remember();
    m_timer->stop();
    const QString path = m_settings->filePath();
    QString error;
    const AnimationSaver::Outcome outcome = AnimationSaver::save(
        this, path, m_recording.frames(m_settings->style(), m_settings->size()),
        m_settings->timing(), &error);
    if (outcome == AnimationSaver::Outcome::Failed)
        QMessageBox::warning(this, tr("Write the recording"), error);
    if (outcome != AnimationSaver::Outcome::Written) {
        restartPreview();
        return;
    }
    m_written << path;
    m_outcome->setText(tr("Wrote %1. Write it again in the other format, or close.").arg(path));
    m_close->setText(tr("&Close"));
    m_close->setToolTip(tr("Done: the recording's frames are let go"));
    restartPreview();
}

} // namespace AttentionLab
