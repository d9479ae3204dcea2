// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/labs/labequations.h"
#include "ui/views/equationbanner.h"

#include <functional>

namespace AttentionLab {

/// A lab's equation banner: fills itself from \a compute, and when told the
/// settings changed recomputes at once if it is on screen, or when next
/// shown, so hidden labs cost nothing while a key is dragged.
class LabBanner : public EquationBanner
{
    Q_OBJECT

public:
    LabBanner(std::function<EquationText()> compute, QWidget *parent = nullptr);

    void refresh();
    /// What the banner says now, as plain text (for tests and screen readers).
    QString plainText() const { return accessibleDescription(); }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void recompute();

    std::function<EquationText()> m_compute;
    bool m_stale = true;
};

} // namespace AttentionLab
