// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/model/logitlens.h"
#include "ui/figure/figurestyle.h"
#include "ui/figure/lenspainter.h"

#include <QWidget>

#include <memory>

namespace AttentionLab {

/**
 * The logit lens on the Model tab (nostalgebraist 2020): for each layer
 * and position of the text, the token the residual stream after that layer
 * already points to, coloured by its probability. Hover a cell for its five
 * most likely tokens. It shows what setLens() gives it; MainWindow computes
 * the lens in the background when the view is shown.
 */
class LensView : public QWidget
{
    Q_OBJECT

public:
    explicit LensView(QWidget *parent = nullptr);

    void setLens(std::shared_ptr<const LogitLens> lens, QStringList inputs,
                 std::function<QString(int)> token);
    /// A line in place of the picture: "computing…", or why there is none.
    void setMessage(const QString &message);
    void setStyle(const FigureStyle &style);
    const FigureStyle &style() const { return m_style; }
    const std::shared_ptr<const LogitLens> &lens() const { return m_lens; }
    /// The tooltip of the cell at \a layer and \a position (tests).
    QString toolTipFor(int layer, int position) const;
    /// What an export of the view draws (paintLogitLens).
    LensFigure exportFigure() const { return figure(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    LensFigure figure() const;

    std::shared_ptr<const LogitLens> m_lens;
    QStringList m_inputs;
    std::function<QString(int)> m_token;
    QString m_message;
    FigureStyle m_style;
    LensLayout m_layout;
};

} // namespace AttentionLab
