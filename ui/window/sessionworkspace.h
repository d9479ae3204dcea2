// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/figureexporter.h"

#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class QAction;
class QActionGroup;
class QComboBox;
class QMenu;
class QWidget;

namespace AttentionLab {

class AttentionDocument;
class AttentionTab;
class Autosaver;
class GeometryLab;
class HeadsLab;
class LabState;
class MaskLab;
class MatrixEditor;
class OutputTable;
class PositionLab;
class ScaleLab;
class SessionTabEditor;
class TemperatureControl;
class VectorEditor;
struct Session;

/**
 * The session and every tab that shows it: the Attention tab, the labs of
 * the chapter's sections, the sliders, the tables and the output, each tab
 * an editor (SessionTabEditor). It owns the document and its file: open,
 * save, presets as new untitled documents, and the recovery of unsaved
 * work; and the Attention and Presets menus that act on it.
 */
class SessionWorkspace : public QObject
{
    Q_OBJECT

public:
    /// \a window parents the pages, the panels and the messages.
    explicit SessionWorkspace(QWidget *window);
    ~SessionWorkspace() override;

    AttentionDocument *document() const { return m_document; }
    Autosaver *autosaver() const { return m_autosaver; }
    LabState *labState() const { return m_labs; }
    AttentionTab *attentionTab() const { return m_attentionTab; }
    GeometryLab *geometryLab() const { return m_geometryLab; }
    ScaleLab *scaleLab() const { return m_scaleLab; }
    MaskLab *maskLab() const { return m_maskLab; }
    HeadsLab *headsLab() const { return m_headsLab; }
    PositionLab *positionLab() const { return m_positionLab; }
    VectorEditor *vectorEditor() const { return m_editor; }
    MatrixEditor *matrixEditor() const { return m_matrixEditor; }
    OutputTable *outputTable() const { return m_output; }
    TemperatureControl *temperatureControl() const { return m_temperature; }
    /// The mask as a list, for the toolbar (the Attention menu has it too).
    QComboBox *maskChooser() const { return m_maskChoice; }
    QAction *scaleAction() const { return m_scaleAction; }

    /// The tabs' pages with their names, in the order the window shows them.
    QList<std::pair<QWidget *, QString>> pages() const;
    /// One editor per page, in the same order.
    const std::vector<std::unique_ptr<SessionTabEditor>> &editors() const { return m_editors; }
    /// The actions that act on the session (off on a tab that does not show it).
    const QList<QAction *> &sessionActions() const { return m_sessionActions; }

    /// The Attention menu: the scaling, the mask, the temperature.
    void fillAttentionMenu(QMenu *attention);
    /// The Presets menu: the chapter's examples as new documents.
    void fillPresetsMenu(QMenu *presets);

    /// The hall's look (large text, dark, thick lines) on the session's views,
    /// and the first-start hint, which is for a desk, out of the hall.
    void setPresentation(bool on, double scale);
    /// The figures' style on the labs and the lines.
    void setFigureStyle(const FigureStyle &style);

    /// Opens a session file; a message box says why one cannot be read.
    bool open(const QString &path);
    bool save();
    bool saveAs();
    /// Offers to save unsaved work; false if the user cancelled.
    bool maybeSave();
    /// File > New: the lecture example, after offering to save.
    void newSession();
    /// Starts a new untitled document from a preset, named after it, after
    /// offering to save unsaved work; false if the user cancelled.
    bool loadPreset(const Session &session, const QString &name);
    /// Offers back the work a crash or a kill left in the recovery file.
    void offerRecovery();
    /// Restores the recovery file's session without asking; false if none.
    bool recoverAutosave();

signals:
    /// A passing message for the status bar.
    void statusMessage(const QString &message, int timeout);
    /// A session file was opened or saved (the recent list).
    void fileUsed(const QString &path);
    /// The title or the status line changed.
    void describedChanged();
    /// What a tab uses may have changed (a lab's settings).
    void docksChanged();

private:
    void createEditors();
    void connectPanels();
    /// Checks the scale and the mask the session has.
    void syncControls();

    QWidget *m_window;
    AttentionDocument *m_document;
    Autosaver *m_autosaver;
    LabState *m_labs;
    AttentionTab *m_attentionTab;
    GeometryLab *m_geometryLab;
    ScaleLab *m_scaleLab;
    MaskLab *m_maskLab;
    HeadsLab *m_headsLab;
    PositionLab *m_positionLab;
    QWidget *m_sizeLab;
    // Created in screen order: the focus chain follows it.
    VectorEditor *m_editor;
    MatrixEditor *m_matrixEditor;
    OutputTable *m_output;
    TemperatureControl *m_temperature;
    QComboBox *m_maskChoice;
    QAction *m_scaleAction = nullptr;
    QActionGroup *m_maskGroup = nullptr;
    QAction *m_windowAction = nullptr;
    QAction *m_capAction = nullptr;
    QList<QAction *> m_sessionActions;
    std::vector<std::unique_ptr<SessionTabEditor>> m_editors;
};

} // namespace AttentionLab
