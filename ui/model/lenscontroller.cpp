// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/model/lenscontroller.h"

#include "core/model/logitlens.h"
#include "core/sets/tokenlabels.h"
#include "io/pretrainedmodel.h"
#include "io/tokenizedtext.h"
#include "ui/document/backgroundoutcome.h"
#include "ui/model/lensview.h"

#include <QFutureWatcher>
#include <QStringList>
#include <QtConcurrent/QtConcurrentRun>

namespace AttentionLab {

LensController::LensController(LensView *view, QObject *parent) : QObject(parent), m_view(view) {}

void LensController::clear(const QString &message)
{
    m_ids.clear();
    m_view->setMessage(message);
}

void LensController::read(const std::shared_ptr<const PretrainedModel> &model,
                          const TokenizedText &tokens, const Interventions &interventions)
{
    if (tokens.ids.empty())
        return;
    const auto same = [](const Interventions &a, const Interventions &b) {
        return a.ablated == b.ablated && a.ablation == b.ablation;
    };
    if (m_model.lock() == model && m_ids == tokens.ids && same(m_interventions, interventions))
        return; // shown already, or being read
    m_model = model;
    m_ids = tokens.ids;
    m_interventions = interventions;
    const quint64 request = ++m_request;
    m_view->setMessage(tr("reading every layer's guess…"));
    using Outcome = BackgroundOutcome<LogitLens>;
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this,
            [this, watcher, request, tokens, model] {
                watcher->deleteLater();
                if (request != m_request)
                    return; // a newer text or step asked since
                Outcome outcome = watcher->result();
                if (!outcome.value) {
                    m_ids.clear(); // asked again, it is read again
                    m_view->setMessage(tr("No logit lens: %1").arg(outcome.error));
                    return;
                }
                QStringList inputs;
                for (const std::string &t : tokens.tokens)
                    inputs << QString::fromStdString(displayToken(t));
                m_view->setLens(std::make_shared<const LogitLens>(std::move(*outcome.value)),
                                inputs, [model](int id) {
                                    return QString::fromStdString(
                                        displayToken(model->tokenSpelling(id)));
                                });
            });
    watcher->setFuture(QtConcurrent::run([model, tokens, interventions] {
        return catching([&] { return model->lens(tokens, kTopTokens, nullptr, interventions); });
    }));
}

} // namespace AttentionLab
