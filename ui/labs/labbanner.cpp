// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/labs/labbanner.h"

namespace AttentionLab {

LabBanner::LabBanner(std::function<EquationText()> compute, QWidget *parent)
    : EquationBanner(parent), m_compute(std::move(compute))
{
}

void LabBanner::refresh()
{
    m_stale = true;
    if (isVisible())
        recompute();
}

void LabBanner::showEvent(QShowEvent *event)
{
    if (m_stale)
        recompute();
    EquationBanner::showEvent(event);
}

void LabBanner::recompute()
{
    const EquationText text = m_compute();
    setEquation(text.equation, text.note);
    m_stale = false;
}

} // namespace AttentionLab
