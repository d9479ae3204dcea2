// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/record/animatedialog.h"

#include "core/maths/scaleexperiment.h"
#include "core/maths/session.h"
#include "core/maths/sweep.h"
#include "ui/figure/animationexporter.h"
#include "ui/figure/figureview.h"
#include "ui/figure/tensorfigure.h"
#include "ui/record/animationsettingsform.h"
#include "ui/settings/preferences.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <initializer_list>
#include <stdexcept>

namespace AttentionLab {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 12);
}

} // namespace

AnimateDialog::AnimateDialog(const Target &target, ColorMaps::Name currentMap, bool currentDark,
                             const QString &title, QWidget *parent)
    : QDialog(parent), m_target(target), m_sweep(new QComboBox(this)),
      m_pages(new QStackedWidget(this)), m_view(new QComboBox(this)), m_frames(new QSpinBox(this)),
      m_tFrom(new QDoubleSpinBox(this)), m_tTo(new QDoubleSpinBox(this)),
      m_tScale(new QComboBox(this)), m_dkFrom(new QSpinBox(this)), m_dkTo(new QSpinBox(this)),
      m_key(new QComboBox(this)), m_coordinate(new QSpinBox(this)),
      m_kFrom(new QDoubleSpinBox(this)), m_kTo(new QDoubleSpinBox(this)),
      m_layer(new QSpinBox(this)), m_note(new QLabel(this)),
      m_settings(new AnimationSettingsForm(currentMap, currentDark, this))
{
    setWindowTitle(tr("Animate a sweep"));
    m_settings->setTitle(title);
    auto page = [this](Page id, const QString &text, const QList<QPair<QString, QWidget *>> &rows) {
        auto *widget = new QWidget(m_pages);
        auto *form = new QFormLayout(widget);
        form->setContentsMargins(0, 0, 0, 0);
        for (const auto &[label, field] : rows)
            form->addRow(label, field);
        m_pages->addWidget(widget);
        m_sweep->addItem(text, int(id));
        return widget;
    };
    m_tFrom->setRange(0.01, 100.0);
    m_tTo->setRange(0.01, 100.0);
    for (QDoubleSpinBox *t : {m_tFrom, m_tTo})
        t->setDecimals(2);
    m_tFrom->setValue(0.1);
    m_tTo->setValue(10.0);
    m_tScale->addItem(tr("logarithmic"), QStringLiteral("log"));
    m_tScale->addItem(tr("linear"), QStringLiteral("lin"));
    m_dkFrom->setRange(ScaleExperimentLimits::kMinKeyDim, 65536);
    m_dkTo->setRange(ScaleExperimentLimits::kMinKeyDim, 65536);
    m_dkFrom->setValue(1);
    m_dkTo->setValue(1024);
    m_kFrom->setRange(-1000.0, 1000.0);
    m_kTo->setRange(-1000.0, 1000.0);
    m_kFrom->setValue(0.0);
    m_kTo->setValue(2.0);
    if (const Session *s = target.session) {
        for (Index j = 0; j < s->keys.rows(); ++j)
            m_key->addItem(QString::fromStdString(s->keyLabel(j)));
        m_coordinate->setRange(1, int(std::max<Index>(1, s->keys.cols())));
        page(Temperature, tr("Temperature"),
             {{tr("From τ ="), m_tFrom}, {tr("To τ ="), m_tTo}, {tr("Steps:"), m_tScale}});
        page(KeyDim, tr("d_k of the scale lab's experiment"),
             {{tr("From d_k ="), m_dkFrom}, {tr("To d_k ="), m_dkTo}});
        page(KeyCoordinate, tr("One coordinate of one key"),
             {{tr("Key:"), m_key},
              {tr("Coordinate:"), m_coordinate},
              {tr("From:"), m_kFrom},
              {tr("To:"), m_kTo}});
        page(MaskOrder, tr("The mask order (before, then after the softmax)"), {});
        page(Scaling, tr("Scaling by √d_k (off, then on)"), {});
    } else {
        m_layer->setRange(0, std::max(0, target.layers - 1));
        m_layer->setValue(std::clamp(target.layer, 0, std::max(0, target.layers - 1)));
        page(Heads, tr("The heads of one layer"), {{tr("Layer:"), m_layer}});
        if (target.generationSteps > 0)
            page(GenerationSteps, tr("The steps of the generation"), {});
    }
    // The fields of the sweeps this target does not offer stay out of sight.
    for (QWidget *field :
         std::initializer_list<QWidget *>{m_tFrom, m_tTo, m_tScale, m_dkFrom, m_dkTo, m_key,
                                          m_coordinate, m_kFrom, m_kTo, m_layer})
        if (field->parentWidget() == this)
            field->hide();
    for (const ExportDialog::View &view : target.views)
        m_view->addItem(view.description, view.name);
    const QString preferredView = Preferences::animateView.get();
    m_view->setCurrentIndex(
        std::max(0, m_view->findData(m_view->findData(target.currentView) >= 0 ? target.currentView
                                                                               : preferredView)));
    m_frames->setRange(AnimationTiming::kMinFrames, AnimationTiming::kMaxFrames);
    m_frames->setValue(std::clamp(Preferences::animateFrames.get(), AnimationTiming::kMinFrames,
                                  AnimationTiming::kMaxFrames));
    m_sweep->setCurrentIndex(std::clamp(Preferences::animateSweep.get(), 0, m_sweep->count() - 1));
    m_note->setWordWrap(true);
    connect(m_sweep, &QComboBox::currentIndexChanged, this, &AnimateDialog::syncPage);

    auto *form = new QFormLayout;
    form->addRow(tr("&Sweep:"), m_sweep);
    form->addRow(QString(), m_pages);
    form->addRow(QString(), m_note);
    form->addRow(tr("&View:"), m_view);
    form->addRow(tr("Fra&mes:"), m_frames);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("&Write"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_settings);
    layout->addWidget(buttons);
    syncPage();
}

void AnimateDialog::syncPage()
{
    const Page id = Page(m_sweep->currentData().toInt());
    m_pages->setCurrentIndex(m_sweep->currentIndex());
    // d_k is the scale lab's experiment: that view alone shows it.
    m_view->setEnabled(id != KeyDim);
    switch (id) {
    case Temperature:
        m_note->setText(tr("The softmax temperature from one end to the other: rows go from "
                           "one-hot to uniform."));
        break;
    case KeyDim:
        m_note->setText(tr("The experiment drawn out to larger d_k, a point at a time (the "
                           "scale lab's view)."));
        break;
    case KeyCoordinate:
        m_note->setText(tr("One coordinate of one key moves; the row's weights shift."));
        break;
    case MaskOrder:
    case Scaling:
        m_note->setText(tr("Each state held for half the frames: a pause on each."));
        break;
    case Heads:
        m_note->setText(m_target.heads == 1
                            ? tr("The layer's one head.")
                            : tr("Each of the layer's %1 heads for an equal share of the frames.")
                                  .arg(m_target.heads));
        break;
    case GenerationSteps:
        m_note->setText(
            tr("Each of the %1 steps of the generation for an equal share of the frames: the "
               "row that chose each token.")
                .arg(m_target.generationSteps));
        break;
    }
}

QString AnimateDialog::spec() const
{
    switch (Page(m_sweep->currentData().toInt())) {
    case Temperature:
        return QStringLiteral("temperature=%1:%2:%3")
            .arg(number(m_tFrom->value()), number(m_tTo->value()),
                 m_tScale->currentData().toString());
    case KeyDim:
        return QStringLiteral("dk=%1:%2").arg(m_dkFrom->value()).arg(m_dkTo->value());
    case KeyCoordinate:
        return QStringLiteral("key:%1:%2=%3:%4")
            .arg(m_key->currentText())
            .arg(m_coordinate->value())
            .arg(number(m_kFrom->value()), number(m_kTo->value()));
    case MaskOrder:
        return QStringLiteral("mask");
    case Scaling:
        return QStringLiteral("scale");
    case Heads:
        return QStringLiteral("head");
    case GenerationSteps:
        return QStringLiteral("generation");
    }
    return {};
}

QString AnimateDialog::viewName() const
{
    if (Page(m_sweep->currentData().toInt()) == KeyDim)
        return keyDimSweepView().name;
    return m_view->currentData().toString();
}

int AnimateDialog::frames() const
{
    return m_frames->value();
}

int AnimateDialog::layer() const
{
    return m_layer->value();
}

void AnimateDialog::accept()
{
    // The sweep is parsed as the command line parses it, so the dialog
    // refuses what `animate` refuses, in the same words.
    try {
        if (m_target.session)
            Sweep::parse(spec().toStdString(), *m_target.session);
        else
            Sweep::parseModel(spec().toStdString(), m_target.heads, m_target.generationSteps);
    } catch (const std::invalid_argument &error) {
        QMessageBox::warning(this, tr("Animate"), QString::fromUtf8(error.what()));
        return;
    }
    const Page id = Page(m_sweep->currentData().toInt());
    const int items = id == Heads             ? m_target.heads
                      : id == GenerationSteps ? m_target.generationSteps
                                              : 0;
    if (frames() < items) {
        QMessageBox::warning(this, tr("Animate"),
                             tr("%1 frames cannot show each of the %2 %3: give at least %2.")
                                 .arg(frames())
                                 .arg(items)
                                 .arg(id == Heads ? tr("heads") : tr("steps")));
        return;
    }
    if (const TensorFigureView *view = findTensorFigureView(viewName());
        id == Heads && view && !view->oneHead) {
        QMessageBox::warning(this, tr("Animate"),
                             tr("The %1 view does not show one head: choose the head or the lines "
                                "view to go through the heads one after another.")
                                 .arg(view->name));
        return;
    }
    QSize defaultSize;
    if (m_target.session) {
        const FigureView *view = findFigureView(viewName());
        defaultSize = view ? view->defaultSize : QSize();
    } else {
        const TensorFigureView *view = findTensorFigureView(viewName());
        defaultSize = view ? view->defaultSize : QSize();
    }
    if (const QString problem = m_settings->problem(defaultSize); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Animate"), problem);
        return;
    }
    m_settings->remember();
    Preferences::animateSweep.set(m_sweep->currentIndex());
    Preferences::animateFrames.set(frames());
    Preferences::animateView.set(m_view->currentData().toString());
    QDialog::accept();
}

} // namespace AttentionLab
