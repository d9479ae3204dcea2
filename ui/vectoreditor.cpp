#include "vectoreditor.h"

#include "attentiondocument.h"
#include "preferences.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <cmath>

namespace AttentionLab {

namespace {

/// Slider positions per unit of range: steps of range / 1000.
constexpr int kSliderSteps = 1000;
/// Coordinates that get a slider; wider vectors are edited in the table.
constexpr Index kMaxSliders = 64;

} // namespace

VectorEditor::VectorEditor(AttentionDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_choice(new QComboBox(this))
    , m_range(new QDoubleSpinBox(this))
    , m_grid(new QGridLayout)
{
    m_choice->setToolTip(tr("The vector the sliders move"));
    m_range->setRange(0.1, 1000.0);
    m_range->setValue(std::clamp(Preferences::sliderRange.get(), 0.1, 1000.0));
    m_range->setDecimals(1);
    m_range->setPrefix(QStringLiteral("± "));
    m_range->setToolTip(tr("How far the sliders reach either side of zero"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Vector:"), m_choice);
    form->addRow(tr("Slider &range:"), m_range);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(m_grid);
    layout->addStretch(1);

    connect(m_choice, &QComboBox::activated, this, [this](int index) {
        const auto data = m_choice->itemData(index).toPoint();
        select(VectorKind(data.x()), data.y());
    });
    connect(m_range, &QDoubleSpinBox::valueChanged, this, [this](double range) {
        Preferences::sliderRange.set(range);
        for (QSlider *s : std::as_const(m_sliders))
            s->setRange(-kSliderSteps, kSliderSteps);
        showVector();
    });
    connect(document, &AttentionDocument::sessionReset, this, [this] {
        if (m_row >= m_document->vectorCount(m_kind))
            m_row = 0;
        rebuildChoices();
        rebuildRows();
    });
    connect(document, &AttentionDocument::vectorChanged, this, [this](VectorKind kind, Index row) {
        if (row == m_row && (kind == m_kind || (m_kind == VectorKind::Value &&
                                                kind == VectorKind::Key &&
                                                !m_document->session().hasValues())))
            showVector();
    });
    rebuildChoices();
    rebuildRows();
}

void VectorEditor::select(VectorKind kind, Index row)
{
    m_kind = kind;
    m_row = row;
    const int index = m_choice->findData(QPoint(int(kind), int(row)));
    if (index >= 0)
        m_choice->setCurrentIndex(index);
    rebuildRows();
}

void VectorEditor::rebuildChoices()
{
    const Session &s = m_document->session();
    QSignalBlocker block(m_choice);
    m_choice->clear();
    for (Index i = 0; i < s.queries.rows(); ++i)
        m_choice->addItem(tr("query %1").arg(QString::fromStdString(s.queryLabel(i))),
                          QPoint(int(VectorKind::Query), int(i)));
    for (Index j = 0; j < s.keys.rows(); ++j)
        m_choice->addItem(tr("key %1").arg(QString::fromStdString(s.keyLabel(j))),
                          QPoint(int(VectorKind::Key), int(j)));
    for (Index j = 0; j < s.keys.rows(); ++j)
        m_choice->addItem(tr("value %1").arg(QString::fromStdString(s.keyLabel(j))),
                          QPoint(int(VectorKind::Value), int(j)));
    const int index = m_choice->findData(QPoint(int(m_kind), int(m_row)));
    m_choice->setCurrentIndex(std::max(0, index));
}

void VectorEditor::rebuildRows()
{
    qDeleteAll(m_rowWidgets);
    m_rowWidgets.clear();
    m_sliders.clear();
    m_spins.clear();
    const Index width = m_document->vector(m_kind, m_row).size();
    // Hundreds of sliders help nobody: the first ones, and the table for the rest.
    const int shown = int(std::min<Index>(width, kMaxSliders));
    for (int c = 0; c < shown; ++c) {
        auto *name = new QLabel(tr("x%1").arg(c + 1), this);
        auto *slider = new QSlider(Qt::Horizontal, this);
        slider->setRange(-kSliderSteps, kSliderSteps);
        slider->setMinimumWidth(160);
        slider->setToolTip(tr("Drag to move coordinate %1; every view follows").arg(c + 1));
        auto *spin = new QDoubleSpinBox(this);
        spin->setDecimals(4);
        spin->setRange(-1e6, 1e6);
        spin->setSingleStep(0.01);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tr("Type an exact value for coordinate %1").arg(c + 1));
        m_grid->addWidget(name, c, 0);
        m_grid->addWidget(slider, c, 1);
        m_grid->addWidget(spin, c, 2);
        m_rowWidgets << name << slider << spin;
        m_sliders << slider;
        m_spins << spin;
        connect(slider, &QSlider::valueChanged, this, [this, c, slider](int position) {
            commit(c, fromSlider(position), slider->isSliderDown());
        });
        connect(slider, &QSlider::sliderReleased, m_document, &AttentionDocument::endContinuousEdit);
        connect(spin, &QDoubleSpinBox::valueChanged, this,
                [this, c](double value) { commit(c, value, false); });
    }
    if (shown < width) {
        auto *more = new QLabel(tr("Showing %1 of %2 coordinates; the table under Tokens and vectors holds them all.")
                                    .arg(shown)
                                    .arg(width),
                                this);
        more->setWordWrap(true);
        m_grid->addWidget(more, shown, 0, 1, 3);
        m_rowWidgets << more;
    }
    showVector();
}

void VectorEditor::showVector()
{
    const RowVector v = m_document->vector(m_kind, m_row);
    for (int c = 0; c < m_sliders.size() && c < v.size(); ++c) {
        QSignalBlocker a(m_sliders[c]);
        QSignalBlocker b(m_spins[c]);
        m_sliders[c]->setValue(toSlider(v[c]));
        m_spins[c]->setValue(v[c]);
    }
}

void VectorEditor::commit(int coordinate, double value, bool continuing)
{
    RowVector v = m_document->vector(m_kind, m_row);
    if (coordinate >= v.size())
        return;
    v[coordinate] = value;
    m_document->setVector(m_kind, m_row, v, continuing);
    if (!continuing)
        m_document->endContinuousEdit();
}

int VectorEditor::toSlider(double value) const
{
    const double position = value / m_range->value() * kSliderSteps;
    return int(std::lround(std::clamp(position, double(-kSliderSteps), double(kSliderSteps))));
}

double VectorEditor::fromSlider(int position) const
{
    return double(position) * m_range->value() / kSliderSteps;
}

} // namespace AttentionLab
