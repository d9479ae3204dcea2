// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/window/tabeditor.h"

#include <functional>

namespace AttentionLab {

class AttentionDocument;
class LabState;

/**
 * The Attention tab or a lab: a view of the session. Its title is the
 * session's file, its status the session's settings, its figures the
 * session's views (figureViews()).
 */
class SessionTabEditor : public TabEditor
{
public:
    /// \a viewName tells the view the tab shows now ("figure", "lines",
    /// "geometry", ...); \a sessionControls, whether the scaling, mask and
    /// temperature act on it (not on the labs with settings of their own).
    SessionTabEditor(QWidget *page, Docks docks, std::function<QString()> viewName,
                     AttentionDocument *document, const LabState *labs,
                     bool sessionControls = true);

    QWidget *page() const override { return m_page; }
    Docks docks() const override { return m_docksNow ? m_docksNow() : m_docks; }
    /// For a tab whose docks depend on its settings (the Heads lab uses the
    /// sliders only on the session's vectors): asked each time instead.
    void setDocks(std::function<Docks()> docksNow) { m_docksNow = std::move(docksNow); }
    /// For a tab with settings of its own: its status line, asked each time.
    void setStatusText(std::function<QString()> statusNow) { m_statusNow = std::move(statusNow); }
    QUndoStack *undoStack() const override;
    bool usesSessionControls() const override { return m_sessionControls; }
    Title title() const override;
    QString statusText() const override;
    QList<ExportDialog::View> exportViews() const override;
    QString currentViewName() const override { return m_viewName(); }
    bool exportFile(const QString &path, const QString &viewName, const FigureStyle &style,
                    const ExportSize &size, QString *error) const override;
    QImage figureImage(const FigureStyle &style) const override;
    QString exportTitle() const override;
    void rememberExportTitle(const QString &title) override;
    std::optional<RecordedFrame> recordedFrame(const QString &viewName) const override;
    QList<QMetaObject::Connection> noteChanges(Recorder *recorder) const override;
    std::optional<AnimateDialog::Target> animationTarget(QString *why) const override;
    AnimationFrames animationFrames(const AnimateDialog &dialog, const FigureStyle &style,
                                    const ExportSize &size, int frames) override;

private:
    FigureData data() const;

    QWidget *m_page;
    Docks m_docks;
    std::function<Docks()> m_docksNow;
    std::function<QString()> m_statusNow;
    std::function<QString()> m_viewName;
    AttentionDocument *m_document;
    const LabState *m_labs;
    bool m_sessionControls;
};

} // namespace AttentionLab
