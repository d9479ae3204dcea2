// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/permutationdemo.h"

#include <QWidget>

class QSpinBox;

namespace AttentionLab {

class AttentionDocument;
class LabBanner;
class LabState;

/// The sinusoidal encoding of Eq. 16.4 as a heatmap of positions by
/// dimensions, and the shuffle: without positions every output row travels
/// with its token unchanged; with the encoding added the outputs change.
class PositionLab : public QWidget
{
    Q_OBJECT

public:
    PositionLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);

    /// The demonstration the lab shows now (the session's keys as tokens).
    PermutationDemo demo() const;
    void shuffleAgain();
    LabBanner *banner() const { return m_banner; }

private:
    AttentionDocument *m_document;
    LabState *m_labs;
    QSpinBox *m_positions;
    QSpinBox *m_dimensions;
    LabBanner *m_banner;
};

} // namespace AttentionLab
