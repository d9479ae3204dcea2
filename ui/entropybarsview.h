#pragma once

#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPGraph;
class QCPItemText;

namespace AttentionLab {

class AttentionDocument;

/// One bar per query: the entropy of its weights in bits, the row's maximum
/// log2(visible keys) marked, and the row sum, so that masking after the
/// softmax visibly loses weight.
class EntropyBarsView : public QWidget
{
    Q_OBJECT

public:
    explicit EntropyBarsView(AttentionDocument *document, QWidget *parent = nullptr);
    ~EntropyBarsView() override;

    QCustomPlot *plot() const { return m_plot; }
    /// Dark or light, and how much larger than normal text and lines are.
    void setAppearance(bool dark, double scale);
    /// The texts on the bars, for tests: "1.5811 bits · sum 1.0000".
    QStringList barLabels() const;

private:
    void refresh();

    AttentionDocument *m_document;
    QCustomPlot *m_plot;
    QCPBars *m_bars;
    QCPGraph *m_maximum;
    QList<QCPItemText *> m_labels;
    double m_scaleFactor = 1.0;
    bool m_dark = false;
};

} // namespace AttentionLab
