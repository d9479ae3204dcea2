// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace AttentionLab {

/// A one-line hint above the heatmap on the first start ("drag a slider or
/// a key point"). Once dismissed it never shows again.
class HintBar : public QFrame
{
    Q_OBJECT

public:
    explicit HintBar(QWidget *parent = nullptr);

    /// Shows the hint unless the user has dismissed it before.
    void showIfNew();
    /// Shows \a text instead, a note about the session just opened (what was
    /// done to a model head's q and k), until closed or cleared.
    void showNote(const QString &text);
    /// Takes a note away (another session opened); the hint stays as it was.
    void clearNote();
    bool showsNote() const { return m_note; }
    QString text() const;
    QPushButton *dismissButton() const { return m_dismiss; }

private:
    QLabel *m_text;
    QPushButton *m_dismiss;
    bool m_note = false;
};

} // namespace AttentionLab
