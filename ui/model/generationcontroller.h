// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "io/tokenizedtext.h"

#include <QObject>
#include <QString>

#include <memory>

class QWidget;

namespace AttentionLab {

class GenerationPanel;
class GenerationRunner;
class ModelDocument;
class ModelRunner;
struct Generation;
struct GenerationOptions;

/**
 * What the model writes after the text, on the Model tab: it starts the
 * runner, shows each token as it is written, makes a finished generation one
 * undo step of the model document's stack, steps the timeline and takes an
 * alternative token. Every view of the tab shows the text up to the step in
 * view (textInView()).
 */
class GenerationController : public QObject
{
    Q_OBJECT

public:
    /// \a window parents the messages.
    GenerationController(ModelDocument *document, const ModelRunner *runner, GenerationPanel *panel,
                         GenerationRunner *generator, QWidget *window);

    /// The text the tab shows: up to the step in view, or the text as typed.
    TokenizedText textInView() const;
    /// True while a step of a generation (not the typed text) is in view.
    bool showsStep() const;
    /// Stops what is being written and forgets what was (a new text or model).
    void clear();

signals:
    /// A passing message for the status bar.
    void statusMessage(const QString &message, int timeout);
    /// The typed text's own attention must be shown again (an undo past
    /// the first generation).
    void textRequested();
    /// Another text is in view: the lens reads it.
    void textInViewChanged();

private:
    void start(const GenerationOptions &options);
    void showPartial(std::shared_ptr<const Generation> partial);
    void showFinished(std::shared_ptr<const Generation> generation);
    void showStep(int step);
    void takeAlternative(int step, int id);
    /// Puts \a generation on the timeline at \a step (none: the text's own
    /// attention): undo and redo of the Model tab.
    void restore(const std::shared_ptr<const Generation> &generation, int step);

    ModelDocument *m_document;
    const ModelRunner *m_runner;
    GenerationPanel *m_panel;
    GenerationRunner *m_generator;
    QWidget *m_window;
    /// What the generation running will replace, and the undo step's name.
    struct Pending
    {
        QString text;
        std::shared_ptr<const Generation> before;
        int beforeStep = 0;
    };
    Pending m_pending;
};

} // namespace AttentionLab
