// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/window/sessiontabeditor.h"

#include "core/maths/sweep.h"
#include "ui/document/attentiondocument.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/figureview.h"
#include "ui/labs/labstate.h"
#include "ui/record/recorder.h"
#include "ui/settings/preferences.h"

#include <QCoreApplication>
#include <QTime>

#include <stdexcept>

namespace AttentionLab {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SessionTabEditor", text);
}

} // namespace

SessionTabEditor::SessionTabEditor(QWidget *page, Docks docks, std::function<QString()> viewName,
                                   AttentionDocument *document, const LabState *labs,
                                   bool sessionControls)
    : m_page(page), m_docks(docks), m_viewName(std::move(viewName)), m_document(document),
      m_labs(labs), m_sessionControls(sessionControls)
{
}

QUndoStack *SessionTabEditor::undoStack() const
{
    return m_document->undoStack();
}

TabEditor::Title SessionTabEditor::title() const
{
    return {m_document->displayName() + QStringLiteral("[*]"), m_document->filePath(),
            m_document->isModified()};
}

QString SessionTabEditor::statusText() const
{
    if (m_statusNow)
        return m_statusNow();
    const Session &s = m_document->session();
    const QStringList masks{tr("no mask"), tr("causal mask"),
                            tr("mask after softmax (wrong order)")};
    return tr("d_k = %1   n = %2 keys, %3 queries   %4, %5   updated %6")
        .arg(s.keys.cols())
        .arg(s.keys.rows())
        .arg(s.queries.rows())
        .arg(s.options.scale ? tr("scaled by √%1").arg(s.keys.cols()) : tr("unscaled"))
        .arg(masks[int(s.options.mask)])
        .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")));
}

QList<ExportDialog::View> SessionTabEditor::exportViews() const
{
    return ExportDialog::sessionViews();
}

FigureData SessionTabEditor::data() const
{
    return FigureData{m_document->session(), m_document->result(), &m_labs->settings()};
}

bool SessionTabEditor::exportFile(const QString &path, const QString &viewName,
                                  const FigureStyle &style, const ExportSize &size,
                                  QString *error) const
{
    const FigureView *view = findFigureView(viewName);
    if (!view) {
        if (error)
            *error = tr("There is no view called “%1”.").arg(viewName);
        return false;
    }
    FigureExporter exporter;
    if (exporter.exportFile(path, *view, data(), style, size))
        return true;
    if (error)
        *error = exporter.errorString();
    return false;
}

QImage SessionTabEditor::figureImage(const FigureStyle &style) const
{
    const FigureView *view = findFigureView(currentViewName());
    return view ? FigureExporter::renderImage(*view, data(), style, ExportSize{}) : QImage();
}

QString SessionTabEditor::exportTitle() const
{
    return Preferences::exportTitle;
}

std::optional<RecordedFrame> SessionTabEditor::recordedFrame(const QString &viewName) const
{
    if (!findFigureView(viewName))
        return std::nullopt;
    RecordedFrame frame;
    frame.view = viewName;
    frame.session = m_document->session();
    frame.labs = std::make_shared<const LabSettings>(m_labs->settings());
    return frame;
}

void SessionTabEditor::rememberExportTitle(const QString &title)
{
    Preferences::exportTitle.set(title);
}

QList<QMetaObject::Connection> SessionTabEditor::noteChanges(Recorder *recorder) const
{
    return {QObject::connect(m_document, &AttentionDocument::resultChanged, recorder,
                             &Recorder::noteChange),
            QObject::connect(m_labs, &LabState::changed, recorder, &Recorder::noteChange)};
}

std::optional<AnimateDialog::Target> SessionTabEditor::animationTarget(QString *) const
{
    AnimateDialog::Target target;
    target.session = &m_document->session();
    target.views = ExportDialog::sessionViews();
    target.currentView = currentViewName();
    return target;
}

AnimationFrames SessionTabEditor::animationFrames(const AnimateDialog &dialog,
                                                  const FigureStyle &style, const ExportSize &size,
                                                  int frames)
{
    const Session &session = m_document->session();
    const Sweep sweep = Sweep::parse(dialog.spec().toStdString(), session);
    const FigureView *view = findFigureView(dialog.viewName());
    if (!view)
        throw std::invalid_argument("there is no view called \"" + dialog.viewName().toStdString() +
                                    "\"");
    AnimationExporter::requireAnimationMemory(*view, session,
                                              FigureExporter::pixelSize(*view, size), frames);
    return AnimationExporter::sweepFrames(*view, session, sweep, frames, style, size,
                                          &m_labs->settings());
}

} // namespace AttentionLab
