// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/animationexporter.h"
#include "ui/figure/figureexporter.h"
#include "ui/record/animatedialog.h"
#include "ui/record/recordedframe.h"
#include "ui/views/exportdialog.h"

#include <QFlags>
#include <QImage>
#include <QList>
#include <QMetaObject>
#include <QString>

#include <optional>

class QUndoStack;
class QWidget;

namespace AttentionLab {

class Recorder;

/**
 * One tab of the main window as an editor, in the manner of Tiled's
 * editors: it says which docks and controls it uses, and gives its own
 * window title, status line, export views, figures and export title. The
 * main window asks the current editor instead of branching on which tab is
 * current, so a control that does not act on a tab is never offered there:
 * what it exports, records and animates is the editor's to say.
 */
class TabEditor
{
public:
    /// The docks a tab can use; the others step aside while it is current.
    enum class Dock
    {
        Sliders = 0x1,
        Tokens = 0x2,
        Output = 0x4
    };
    Q_DECLARE_FLAGS(Docks, Dock)

    /// The window's title while the tab is current.
    struct Title
    {
        QString text; ///< without " — Attention Lab"; "[*]" where the modified mark goes
        QString filePath;
        bool modified = false;
    };

    virtual ~TabEditor() = default;

    virtual QWidget *page() const = 0;
    virtual Docks docks() const = 0;
    /// True when the session's controls (scaling, mask, temperature, what
    /// the heatmap shows) act on what the tab shows.
    virtual bool usesSessionControls() const = 0;
    /// What Edit > Undo and Redo act on while the tab is current.
    virtual QUndoStack *undoStack() const = 0;
    virtual Title title() const = 0;
    /// What the status bar says of what the tab shows.
    virtual QString statusText() const = 0;

    /// The views File > Export offers; empty when the tab has nothing to export.
    virtual QList<ExportDialog::View> exportViews() const = 0;
    /// The view shown now, as `export --view` names it.
    virtual QString currentViewName() const = 0;
    /// Writes \a viewName to \a path; false with the reason in \a error.
    virtual bool exportFile(const QString &path, const QString &viewName, const FigureStyle &style,
                            const ExportSize &size, QString *error) const = 0;
    /// The current view as an image (Edit > Copy Figure); null when there is none.
    virtual QImage figureImage(const FigureStyle &style) const = 0;
    /// The title an export of this tab proposes: the one typed last for
    /// this tab, or a caption of what it shows.
    virtual QString exportTitle() const = 0;
    virtual void rememberExportTitle(const QString &title) = 0;
    /// The title File > Animate proposes: the export's, unless what the tab
    /// shows changes from frame to frame (a model's heads).
    virtual QString animationTitle() const { return exportTitle(); }
    /// What \a viewName shows now, kept for a recording (File > Record);
    /// nothing when it shows nothing that can be drawn again.
    virtual std::optional<RecordedFrame> recordedFrame(const QString &viewName) const = 0;
    /// Tells \a recorder of each change of what the tab shows (each a
    /// frame) until the connections returned are cut.
    virtual QList<QMetaObject::Connection> noteChanges(Recorder *recorder) const = 0;
    /// What File > Animate can sweep on the tab; nothing, with the reason
    /// in \a why, when the tab shows nothing that can be animated.
    virtual std::optional<AnimateDialog::Target> animationTarget(QString *why) const = 0;
    /// The frames of the sweep \a dialog chose; throws std::invalid_argument
    /// naming what is wrong with it. The editor keeps what they refer to.
    virtual AnimationFrames animationFrames(const AnimateDialog &dialog, const FigureStyle &style,
                                            const ExportSize &size, int frames) = 0;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(TabEditor::Docks)

} // namespace AttentionLab
