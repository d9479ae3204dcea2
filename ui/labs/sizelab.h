// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include <QWidget>

class QLineEdit;
class QSpinBox;

namespace AttentionLab {

class AttentionDocument;
class LabBanner;
class LabState;

/// The size of a transformer: the parameter table and bars for an editable
/// configuration, and the cost of attention against sequence length.
class SizeLab : public QWidget
{
    Q_OBJECT

public:
    SizeLab(AttentionDocument *document, LabState *labs, QWidget *parent = nullptr);
    LabBanner *banner() const { return m_banner; }

private:
    LabState *m_labs;
    QSpinBox *m_vocabulary;
    QSpinBox *m_modelDim;
    QSpinBox *m_layers;
    QSpinBox *m_heads;
    QSpinBox *m_feedForward;
    QLineEdit *m_lengths;
    LabBanner *m_banner;
};

} // namespace AttentionLab
