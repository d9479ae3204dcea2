// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QLabel>

namespace AttentionLab {

/**
 * A one-line label that shortens its text with "…" where its width is too
 * small, and then shows the whole text as its tooltip: on a projector at
 * 1280 x 720 a hint must never be cut at its start or print over its
 * neighbour. Plain text only.
 */
class ElidingLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidingLabel(const QString &text, QWidget *parent = nullptr);

    /// The whole text, whatever is shown.
    QString fullText() const { return m_fullText; }
    void setFullText(const QString &text);
    /// A longer explanation for the tooltip, shown whether or not the text is
    /// shortened (it says more than the text does).
    void setExplanation(const QString &text);
    /// True while the text shown is shortened.
    bool isElided() const { return text() != m_fullText; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();

    QString m_fullText;
    QString m_explanation;
};

} // namespace AttentionLab
