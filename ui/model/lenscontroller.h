// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/interventions.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace AttentionLab {

class LensView;
class PretrainedModel;
struct TokenizedText;

/**
 * The logit lens of the text in view, read in the background while the
 * Lens shows: a text and model it has read (or is reading) are not read
 * again, and a newer request wins over an older one still running.
 */
class LensController : public QObject
{
    Q_OBJECT

public:
    LensController(LensView *view, QObject *parent = nullptr);

    /// Reads \a model's lens of \a tokens into the view, with \a interventions
    /// applied (heads knocked out), unless it shows it.
    void read(const std::shared_ptr<const PretrainedModel> &model, const TokenizedText &tokens,
              const Interventions &interventions = {});
    /// No lens to read: the view says why.
    void clear(const QString &message);

private:
    LensView *m_view;
    quint64 m_request = 0;
    /// What the lens shown (or being read) was asked for: the model and the
    /// text's ids, so that a step or a view change that keeps both reads nothing again.
    Interventions m_interventions;
    std::weak_ptr<const PretrainedModel> m_model;
    std::vector<int> m_ids;
};

} // namespace AttentionLab
