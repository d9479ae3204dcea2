// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/animationsaver.h"

#include <QApplication>
#include <QFileInfo>
#include <QProgressDialog>

namespace AttentionLab {

AnimationSaver::Outcome AnimationSaver::save(QWidget *parent, const QString &path,
                                             const AnimationFrames &frames,
                                             const AnimationTiming &timing, QString *error)
{
    QProgressDialog progress(QCoreApplication::translate("AnimationSaver", "Writing %1…")
                                 .arg(QFileInfo(path).fileName()),
                             QCoreApplication::translate("AnimationSaver", "Cancel"), 0, 1, parent);
    progress.setWindowTitle(QCoreApplication::translate("AnimationSaver", "Writing the animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    // Wide enough for its title and the file's name.
    progress.setMinimumWidth(progress.fontMetrics().horizontalAdvance(progress.labelText()) + 160);
    progress.setValue(0);
    bool cancelled = false;
    AnimationExporter exporter;
    const bool written = exporter.writeFrames(path, frames, timing, [&](int done, int total) {
        progress.setMaximum(total);
        progress.setValue(done);
        QCoreApplication::processEvents();
        cancelled = progress.wasCanceled();
        return !cancelled;
    });
    if (written)
        return Outcome::Written;
    if (cancelled)
        return Outcome::Cancelled;
    if (error)
        *error = exporter.errorString();
    return Outcome::Failed;
}

} // namespace AttentionLab
