// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/attentionresult.h"
#include "core/maths/session.h"
#include "core/support/memorybudget.h"
#include "ui/document/vectorkind.h"

#include <QObject>
#include <QString>

#include <functional>

class QUndoStack;

namespace AttentionLab {

/**
 * The open session: owns the vectors, the settings, the undo stack and the
 * attention result computed from them. Every edit goes through an undo
 * command; views listen to the signals and never change the session
 * themselves. Recomputes only what an edit changed: a query its row, a key
 * its column, a value the output.
 */
class AttentionDocument : public QObject
{
    Q_OBJECT

public:
    explicit AttentionDocument(QObject *parent = nullptr);
    ~AttentionDocument() override;

    const Session &session() const { return m_session; }
    const AttentionResult &result() const { return m_result; }
    QUndoStack *undoStack() const { return m_undoStack; }

    QString filePath() const { return m_filePath; }
    /// "name.json"; before the first save the name the document started
    /// from ("Lecture example" for a preset), else "Untitled".
    QString displayName() const;
    /// The name an untitled document was given (a preset's), empty otherwise.
    QString untitledName() const { return m_untitledName; }
    bool isModified() const;

    /// The stored vector (for values: V, which is K when none were given).
    RowVector vector(VectorKind kind, Index row) const;
    Index vectorCount(VectorKind kind) const;

    // Edits, each one undoable.
    /// Sets one vector. Successive calls with \a continuing true for the same
    /// vector merge into one undo step (a slider drag); endContinuousEdit()
    /// closes the step.
    void setVector(VectorKind kind, Index row, const RowVector &value, bool continuing = false);
    void endContinuousEdit();
    void setOptions(const AttentionOptions &options, const QString &description);
    void setScale(bool scale);
    void setMask(MaskMode mode);
    /// A sliding window of \a window keys with the causal mask (0: none).
    void setWindow(int window);
    /// Soft-caps the scaled scores at \a cap, cap tanh(s / cap) (0: none).
    void setSoftCap(double cap);
    void setTemperature(double temperature, bool continuing = false);
    void replaceSession(const Session &session, const QString &description);
    /// Applies \a edit (one of SessionEdits) to a copy of the session and,
    /// when it succeeds, records it as one undo step. On failure the session
    /// is unchanged and \a error says why.
    bool editSession(const QString &description, const std::function<void(Session &)> &edit,
                     QString *error = nullptr);

    // Files.
    bool open(const QString &path, QString *error);
    bool saveAs(const QString &path, QString *error);
    /// Starts afresh with \a session, no file and a clean undo stack: a new
    /// untitled document, called \a untitledName until it is saved.
    void reset(const Session &session, const QString &untitledName = QString());
    /// Brings back unsaved work: \a saved (the file as it was, or the
    /// starting example) with \a recovered on top of it as one undoable,
    /// unsaved step, under \a filePath.
    void recover(const Session &saved, const Session &recovered, const QString &filePath);

    int continuousEditGeneration() const { return m_generation; }

    /// The undo history is bounded in memory: at most this many bytes of
    /// sessions kept by undo steps, and between kMinUndoSteps and
    /// kMaxUndoSteps steps, fixed when a document starts (reset, open).
    static constexpr qint64 kUndoBudgetBytes = qint64(AttentionLab::kUndoBudgetBytes);
    static constexpr int kMinUndoSteps = 10;
    static constexpr int kMaxUndoSteps = 1000;
    static int undoLimitFor(const Session &session);

signals:
    /// The whole session changed (shape, labels, everything).
    void sessionReset();
    void vectorChanged(AttentionLab::VectorKind kind, AttentionLab::Index row);
    void optionsChanged();
    /// The result has new numbers; views redraw from result().
    void resultChanged();
    void filePathChanged();
    void modifiedChanged(bool modified);
    /// A new document took the place of the old one (reset(): a file, a
    /// preset, a model's head), after sessionReset(); its settings, such as
    /// the slider range, start afresh.
    void documentReplaced();

private:
    // For the undo commands alone: apply without recording, so that no view
    // can change the session around the undo stack.
    friend class SetVectorCommand;
    friend class ChangeOptionsCommand;
    friend class ReplaceSessionCommand;
    void applyVector(VectorKind kind, Index row, const RowVector &value);
    /// Drops the explicit values: V is K again (undoing the first value edit).
    void applyImplicitValues();
    void applyOptions(const AttentionOptions &options);
    void applySession(const Session &session);
    void recomputeAll();

    Session m_session;
    AttentionResult m_result;
    QUndoStack *m_undoStack;
    QString m_filePath;
    QString m_untitledName;
    int m_generation = 0;
};

} // namespace AttentionLab
