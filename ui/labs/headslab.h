// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/multiheadattention.h"

#include <QWidget>

class QComboBox;
class QSpinBox;

namespace AttentionLab {

class AttentionDocument;
class LabBanner;
class LabState;
struct LabSettings;
struct Session;

/// Multi-head attention: choose D and h (h dividing D), inputs seeded random
/// or the session's; every head's weights as small multiples with its mean
/// entropy, and the note that h × d_k = D costs no extra parameters.
class HeadsLab : public QWidget
{
    Q_OBJECT

public:
    HeadsLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);

    /// What the lab shows now: Eq. 16.2 per head, from the core.
    MultiHeadResult result() const;
    LabBanner *banner() const { return m_banner; }

private:
    void syncHeads();

    AttentionDocument *m_document;
    LabState *m_labs;
    QComboBox *m_source;
    QSpinBox *m_modelDim;
    QComboBox *m_heads;
    QSpinBox *m_tokens;
    QSpinBox *m_seed;
    LabBanner *m_banner;
};

} // namespace AttentionLab
