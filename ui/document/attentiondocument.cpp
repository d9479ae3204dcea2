// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/document/attentiondocument.h"

#include "core/maths/attention.h"
#include "core/maths/chapterexamples.h"
#include "core/maths/labmemory.h"
#include "core/support/memorybudget.h"
#include "io/sessionreader.h"
#include "io/sessionwriter.h"
#include "ui/document/changeoptionscommand.h"
#include "ui/document/replacesessioncommand.h"
#include "ui/document/setvectorcommand.h"

#include <QFileInfo>

#include <QUndoStack>
#include <algorithm>
#include <stdexcept>
#include <string>

#include <string>

namespace AttentionLab {

AttentionDocument::AttentionDocument(QObject *parent)
    : QObject(parent), m_session(ChapterExamples::lecture()), m_undoStack(new QUndoStack(this))
{
    m_undoStack->setUndoLimit(undoLimitFor(m_session));
    recomputeAll();
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

AttentionDocument::~AttentionDocument()
{
    // The stack clears itself, and signals, when QObject destroys it after
    // this destructor: nobody may hear it then.
    m_undoStack->disconnect();
}

QString AttentionDocument::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return m_untitledName.isEmpty() ? tr("Untitled") : m_untitledName;
}

bool AttentionDocument::isModified() const
{
    return !m_undoStack->isClean();
}

Index AttentionDocument::vectorCount(VectorKind kind) const
{
    return kind == VectorKind::Query ? m_session.queries.rows() : m_session.keys.rows();
}

RowVector AttentionDocument::vector(VectorKind kind, Index row) const
{
    switch (kind) {
    case VectorKind::Query:
        return m_session.queries.row(row);
    case VectorKind::Key:
        return m_session.keys.row(row);
    case VectorKind::Value:
        return m_session.effectiveValues().row(row);
    }
    return {};
}

void AttentionDocument::setVector(VectorKind kind, Index row, const RowVector &value,
                                  bool continuing)
{
    if (row < 0 || row >= vectorCount(kind))
        return;
    const RowVector before = vector(kind, row);
    if (before.size() != value.size() || before == value)
        return;
    m_undoStack->push(new SetVectorCommand(this, kind, row, before, value, continuing));
}

void AttentionDocument::endContinuousEdit()
{
    ++m_generation;
}

void AttentionDocument::setOptions(const AttentionOptions &options, const QString &description)
{
    if (options == m_session.options)
        return;
    m_undoStack->push(new ChangeOptionsCommand(this, m_session.options, options, description));
}

void AttentionDocument::setScale(bool scale)
{
    AttentionOptions o = m_session.options;
    o.scale = scale;
    setOptions(o, scale ? tr("Scale by sqrt(d_k)") : tr("Stop scaling"));
}

void AttentionDocument::setMask(MaskMode mode)
{
    AttentionOptions o = m_session.options;
    o.mask = mode;
    setOptions(o, tr("Change mask"));
}

void AttentionDocument::setWindow(int window)
{
    AttentionOptions o = m_session.options;
    o.window = std::max(0, window);
    setOptions(o, window > 0 ? tr("Sliding window of %1").arg(window) : tr("No sliding window"));
}

void AttentionDocument::setSoftCap(double cap)
{
    AttentionOptions o = m_session.options;
    o.softCap = cap > 0.0 ? cap : 0.0;
    setOptions(o, cap > 0.0 ? tr("Soft cap at %1").arg(cap) : tr("No soft cap"));
}

void AttentionDocument::setTemperature(double temperature, bool continuing)
{
    if (!(temperature > 0.0) || temperature == m_session.options.temperature)
        return;
    AttentionOptions o = m_session.options;
    o.temperature = temperature;
    m_undoStack->push(
        new ChangeOptionsCommand(this, m_session.options, o, tr("Change temperature"), continuing));
}

void AttentionDocument::replaceSession(const Session &session, const QString &description)
{
    m_undoStack->push(new ReplaceSessionCommand(this, m_session, session, description));
}

bool AttentionDocument::editSession(const QString &description,
                                    const std::function<void(Session &)> &edit, QString *error)
{
    Session edited = m_session;
    try {
        edit(edited);
    } catch (const std::invalid_argument &e) {
        if (error)
            *error = QString::fromUtf8(e.what());
        return false;
    }
    if (edited == m_session)
        return true;
    replaceSession(edited, description);
    return true;
}

bool AttentionDocument::open(const QString &path, QString *error)
{
    SessionReader reader;
    const std::optional<Session> session = reader.readFile(path);
    if (!session) {
        if (error)
            *error = reader.errorString();
        return false;
    }
    // The window holds more than the pass: the heatmap keeps its own copy.
    const double bytes =
        windowSessionBytes(session->queries.rows(), session->keys.rows(), session->keys.cols(),
                           session->effectiveValues().cols());
    if (!fitsInMemory(bytes)) {
        if (error)
            *error =
                path + QStringLiteral(": ") +
                QString::fromStdString(memoryMessage(
                    bytes, "showing " + std::to_string(session->queries.rows()) + " queries and " +
                               std::to_string(session->keys.rows()) + " keys in the window"));
        return false;
    }
    reset(*session);
    m_filePath = path;
    emit filePathChanged();
    return true;
}

bool AttentionDocument::saveAs(const QString &path, QString *error)
{
    SessionWriter writer;
    if (!writer.writeFile(m_session, path)) {
        if (error)
            *error = writer.errorString();
        return false;
    }
    m_filePath = path;
    m_untitledName.clear();
    m_undoStack->setClean();
    emit filePathChanged();
    return true;
}

int AttentionDocument::undoLimitFor(const Session &session)
{
    // A structural edit keeps two whole sessions; the limit keeps the undo
    // history of the largest sessions within kUndoBudgetBytes.
    const double bytes =
        double(session.queries.size() + session.keys.size() + session.values.size()) *
            double(sizeof(double)) +
        64.0 * double(session.tokens.size() + session.queryTokens.size()) + 1024.0;
    return undoStepsWithin(2.0 * bytes, kMinUndoSteps, kMaxUndoSteps);
}

void AttentionDocument::reset(const Session &session, const QString &untitledName)
{
    m_undoStack->clear();
    m_undoStack->setUndoLimit(undoLimitFor(session));
    applySession(session);
    m_filePath.clear();
    m_untitledName = untitledName;
    emit filePathChanged();
    emit documentReplaced();
}

void AttentionDocument::recover(const Session &saved, const Session &recovered,
                                const QString &filePath)
{
    reset(saved);
    m_filePath = filePath;
    emit filePathChanged();
    replaceSession(recovered, tr("Recover unsaved changes"));
}

void AttentionDocument::applyVector(VectorKind kind, Index row, const RowVector &value)
{
    const Matrix &v = m_session.effectiveValues();
    switch (kind) {
    case VectorKind::Query:
        m_session.queries.row(row) = value;
        updateQueryRow(m_result, m_session.queries, m_session.keys, v, row);
        break;
    case VectorKind::Key:
        m_session.keys.row(row) = value;
        updateKeyColumn(m_result, m_session.queries, m_session.keys, m_session.effectiveValues(),
                        row);
        break;
    case VectorKind::Value:
        // Editing V when it was K makes the values explicit from now on.
        if (!m_session.hasValues())
            m_session.values = m_session.keys;
        m_session.values.row(row) = value;
        m_result.output.noalias() = m_result.weights * m_session.values;
        break;
    }
    emit vectorChanged(kind, row);
    emit resultChanged();
}

void AttentionDocument::applyImplicitValues()
{
    if (!m_session.hasValues())
        return;
    m_session.values.resize(0, 0);
    m_result.output.noalias() = m_result.weights * m_session.keys;
    for (Index row = 0; row < m_session.keys.rows(); ++row)
        emit vectorChanged(VectorKind::Value, row);
    emit resultChanged();
}

void AttentionDocument::applyOptions(const AttentionOptions &options)
{
    m_session.options = options;
    recomputeAll();
    emit optionsChanged();
    emit resultChanged();
}

void AttentionDocument::applySession(const Session &session)
{
    m_session = session;
    recomputeAll();
    emit sessionReset();
    emit optionsChanged();
    emit resultChanged();
}

void AttentionDocument::recomputeAll()
{
    m_result = attend(m_session);
}

} // namespace AttentionLab
