// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/vectoreditor.h"

#include "core/maths/sliderrange.h"

#include "ui/document/attentiondocument.h"
#include "ui/settings/preferences.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
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
    : QWidget(parent), m_document(document), m_kindChoice(new QComboBox(this)),
      m_tokenChoice(new QComboBox(this)), m_valuesNote(new QLabel(this)),
      m_range(new QDoubleSpinBox(this)), m_scroll(new QScrollArea(this)), m_rows(new QWidget),
      m_grid(new QGridLayout(m_rows))
{
    m_kindChoice->addItem(tr("query"), int(VectorKind::Query));
    m_kindChoice->addItem(tr("key"), int(VectorKind::Key));
    m_kindChoice->addItem(tr("value"), int(VectorKind::Value));
    m_kindChoice->setCurrentIndex(int(m_kind));
    m_kindChoice->setToolTip(tr("Move a query, a key or a value"));
    m_kindChoice->setAccessibleName(tr("Vector kind"));
    m_tokenChoice->setToolTip(tr("The token whose vector the sliders move"));
    m_tokenChoice->setAccessibleName(tr("Token"));
    m_tokenChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tokenChoice->setMinimumContentsLength(8);
    m_range->setRange(0.1, 1000.0);
    // The session's own range, not the last one's (a model head's ±10 made the
    // lecture example's sliders coarse).
    m_range->setValue(suggestedSliderRange(document->session()));
    m_range->setDecimals(1);
    m_range->setPrefix(QStringLiteral("± "));
    m_range->setToolTip(tr("How far the sliders reach either side of zero"));
    m_range->setAccessibleName(tr("Slider range"));
    m_valuesNote->setWordWrap(true);
    m_valuesNote->setStyleSheet(QStringLiteral("color: palette(mid); font-style: italic"));

    auto *choice = new QHBoxLayout;
    choice->setContentsMargins(0, 0, 0, 0);
    choice->addWidget(m_kindChoice);
    choice->addWidget(new QLabel(tr("of"), this));
    choice->addWidget(m_tokenChoice, 1);
    auto *vectorLabel = new QLabel(tr("Vec&tor:"), this);
    vectorLabel->setBuddy(m_kindChoice);
    auto *form = new QFormLayout;
    form->addRow(vectorLabel, choice);
    form->addRow(tr("Slider ran&ge:"), m_range);

    // The sliders scroll: 64 rows must not make the window taller than the screen.
    m_scroll->setWidget(m_rows);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_grid->setAlignment(Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_scroll, 1);
    // Below the sliders, so that its coming and going never moves them.
    layout->addWidget(m_valuesNote);

    connect(m_kindChoice, &QComboBox::activated, this, [this](int index) {
        select(VectorKind(m_kindChoice->itemData(index).toInt()), m_row);
    });
    connect(m_tokenChoice, &QComboBox::activated, this,
            [this](int index) { select(m_kind, index); });
    connect(m_range, &QDoubleSpinBox::valueChanged, this, [this](double) { showVector(); });
    connect(document, &AttentionDocument::sessionReset, this, [this] {
        if (m_row >= m_document->vectorCount(m_kind))
            m_row = 0;
        // A session whose numbers reach past the sliders widens their range,
        // so that no slider starts pinned at its end.
        const Session &s = m_document->session();
        const double reach = std::max({s.queries.size() ? s.queries.cwiseAbs().maxCoeff() : 0.0,
                                       s.keys.size() ? s.keys.cwiseAbs().maxCoeff() : 0.0,
                                       s.values.size() ? s.values.cwiseAbs().maxCoeff() : 0.0});
        if (reach > m_range->value() && reach <= m_range->maximum())
            m_range->setValue(std::ceil(reach * 1.25 * 2.0) / 2.0);
        rebuildTokens();
        rebuildRows();
    });
    // A new document brings its own range: one where a drag visibly moves the
    // weights, never the range the previous one needed.
    connect(document, &AttentionDocument::documentReplaced, this,
            [this] { m_range->setValue(suggestedSliderRange(m_document->session())); });
    connect(document, &AttentionDocument::vectorChanged, this, [this](VectorKind kind, Index row) {
        if (row == m_row &&
            (kind == m_kind || (m_kind == VectorKind::Value && kind == VectorKind::Key &&
                                !m_document->session().hasValues())))
            showVector();
        updateValuesNote();
    });
    rebuildTokens();
    rebuildRows();
}

void VectorEditor::select(VectorKind kind, Index row)
{
    const bool rebuildList = (kind == VectorKind::Query) != (m_kind == VectorKind::Query);
    m_kind = kind;
    m_row = std::clamp<Index>(row, 0, std::max<Index>(0, m_document->vectorCount(kind) - 1));
    {
        const QSignalBlocker block(m_kindChoice);
        m_kindChoice->setCurrentIndex(int(kind));
    }
    if (rebuildList)
        rebuildTokens();
    {
        const QSignalBlocker block(m_tokenChoice);
        m_tokenChoice->setCurrentIndex(int(m_row));
    }
    rebuildRows();
}

QString VectorEditor::valuesNote() const
{
    return m_valuesNote->isHidden() ? QString() : m_valuesNote->text();
}

void VectorEditor::updateValuesNote()
{
    const bool follows = m_kind == VectorKind::Value && !m_document->session().hasValues();
    m_valuesNote->setText(
        follows ? tr("values = keys: this value is its key and follows it, until you edit "
                     "a value")
                : QString());
    m_valuesNote->setHidden(!follows);
}

void VectorEditor::rebuildTokens()
{
    const Session &s = m_document->session();
    const QSignalBlocker block(m_tokenChoice);
    m_tokenChoice->clear();
    if (m_kind == VectorKind::Query) {
        for (Index i = 0; i < s.queries.rows(); ++i)
            m_tokenChoice->addItem(QString::fromStdString(s.queryLabel(i)));
    } else {
        for (Index j = 0; j < s.keys.rows(); ++j)
            m_tokenChoice->addItem(QString::fromStdString(s.keyLabel(j)));
    }
    m_tokenChoice->setCurrentIndex(int(m_row));
}

void VectorEditor::rebuildRows()
{
    qDeleteAll(m_rowWidgets);
    m_rowWidgets.clear();
    m_sliders.clear();
    m_spins.clear();
    updateValuesNote();
    const Index width = m_document->vector(m_kind, m_row).size();
    // Hundreds of sliders help nobody: the first ones, and the table for the rest.
    const int shown = int(std::min<Index>(width, kMaxSliders));
    QWidget *previous = m_range;
    for (int c = 0; c < shown; ++c) {
        auto *name = new QLabel(tr("x%1").arg(c + 1), m_rows);
        auto *slider = new QSlider(Qt::Horizontal, m_rows);
        slider->setRange(-kSliderSteps, kSliderSteps);
        slider->setMinimumWidth(100);
        slider->setToolTip(tr("Drag to move coordinate %1; every view follows").arg(c + 1));
        slider->setAccessibleName(tr("Coordinate %1 slider").arg(c + 1));
        slider->setFocusPolicy(Qt::StrongFocus);
        auto *spin = new QDoubleSpinBox(m_rows);
        spin->setDecimals(4);
        spin->setRange(-1e6, 1e6);
        spin->setSingleStep(0.01);
        spin->setKeyboardTracking(false);
        spin->setToolTip(tr("Type an exact value for coordinate %1").arg(c + 1));
        spin->setAccessibleName(tr("Coordinate %1").arg(c + 1));
        name->setBuddy(spin);
        m_grid->addWidget(name, c, 0);
        m_grid->addWidget(slider, c, 1);
        m_grid->addWidget(spin, c, 2);
        m_rowWidgets << name << slider << spin;
        m_sliders << slider;
        m_spins << spin;
        // Tab follows the rows: the range, then each slider and its spin box.
        setTabOrder(previous, slider);
        setTabOrder(slider, spin);
        previous = spin;
        connect(slider, &QSlider::valueChanged, this, [this, c, slider](int position) {
            commit(c, fromSlider(position), slider->isSliderDown());
        });
        connect(slider, &QSlider::sliderReleased, m_document,
                &AttentionDocument::endContinuousEdit);
        connect(spin, &QDoubleSpinBox::valueChanged, this,
                [this, c](double value) { commit(c, value, false); });
    }
    if (shown < width) {
        auto *more = new QLabel(
            tr("Showing %1 of %2 coordinates; the table under Tokens and vectors holds them all.")
                .arg(shown)
                .arg(width),
            m_rows);
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
