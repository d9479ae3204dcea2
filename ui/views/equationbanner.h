// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QLabel>

namespace AttentionLab {

/// One line above a tab that states, with the current settings filled in,
/// the equation or the claim of the chapter that the tab shows, for example
/// "softmax(QKᵀ / √3) V, no mask, τ = 1". Every tab uses it, so they read alike.
class EquationBanner : public QLabel
{
    Q_OBJECT

public:
    explicit EquationBanner(QWidget *parent = nullptr);

    /// \a equation is rich text (sub- and superscripts allowed), shown large;
    /// \a note, optional, is plain text shown after it in the normal size;
    /// \a linkText, optional, a link after the note that emits
    /// linkActivated(\a linkTarget) when clicked or activated by the keyboard.
    void setEquation(const QString &equation, const QString &note = QString(),
                     const QString &linkText = QString(), const QString &linkTarget = QString());
};

} // namespace AttentionLab
