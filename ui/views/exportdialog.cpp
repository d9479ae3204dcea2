// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/exportdialog.h"

#include "ui/figure/tensorfigure.h"

#include "ui/settings/preferences.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

namespace AttentionLab {

QList<ExportDialog::View> ExportDialog::sessionViews()
{
    QList<View> views;
    for (const FigureView &view : figureViews())
        views.append({view.name, view.description});
    return views;
}

QList<ExportDialog::View> ExportDialog::modelViews()
{
    QList<View> views;
    for (const TensorFigureView &view : tensorFigureViews())
        views.append({view.name, view.description});
    return views;
}

ExportDialog::ExportDialog(ColorMaps::Name currentMap, bool currentDark, const QList<View> &views,
                           const QString &currentView, QWidget *parent)
    : QDialog(parent), m_view(new QComboBox(this)), m_path(new QLineEdit(this)),
      m_size(this, tr("Scale of the default size:"), 0.5),
      // Until the user picks export choices, exports follow the window's.
      m_style(this,
              {Preferences::exportColorMap, Preferences::exportDark, Preferences::exportNumbers},
              currentMap, currentDark),
      m_transparent(new QCheckBox(tr("&Transparent background"), this))
{
    setWindowTitle(tr("Export figure"));
    for (const View &view : views)
        m_view->addItem(view.description, view.name);
    // A lab's tab exports that lab; the attention tab, what was exported last.
    const QString preferred =
        currentView == QLatin1String("figure") ? Preferences::exportView.get() : currentView;
    m_view->setCurrentIndex(std::max(0, m_view->findData(preferred)));

    m_path->setPlaceholderText(tr("figure.png, figure.svg or figure.pdf"));
    m_path->setText(Preferences::exportPath);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    m_size.setValues(Preferences::exportUseScale, Preferences::exportScale,
                     Preferences::exportWidth, Preferences::exportHeight);
    m_size.scale()->setToolTip(tr("2 × for high-DPI slides"));

    m_transparent->setChecked(Preferences::exportTransparent);
    // The focus chain as the form reads: Browse… beside the file, the
    // transparency after the theme.
    setTabOrder(m_path, browse);
    setTabOrder(browse, m_size.byScale());
    setTabOrder(m_style.theme(), m_transparent);
    setTabOrder(m_transparent, m_style.numbers());

    auto *form = new QFormLayout;
    form->addRow(tr("&View:"), m_view);
    // A layout gets no buddy from the form: without one, "&File:" would show its "&".
    auto *pathLabel = new QLabel(tr("&File:"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);
    m_size.addRows(form);
    m_style.addLookRows(form);
    form->addRow(QString(), m_transparent);
    m_style.addNumbersAndTitleRows(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QString ExportDialog::filePath() const
{
    return m_path->text().trimmed();
}

QString ExportDialog::viewName() const
{
    return m_view->currentData().toString();
}

ExportSize ExportDialog::size() const
{
    return m_size.size();
}

FigureStyle ExportDialog::style() const
{
    FigureStyle style = m_style.style();
    style.transparent = m_transparent->isChecked();
    return style;
}

void ExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export figure"), filePath(),
        tr("PNG image (*.png);;SVG vector image (*.svg);;PDF document (*.pdf)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

void ExportDialog::setTitle(const QString &title)
{
    m_style.setTitle(title);
}

void ExportDialog::accept()
{
    if (filePath().isEmpty()) {
        QMessageBox::warning(this, tr("Export"), tr("Choose a file to export to."));
        return;
    }
    if (!FigureExporter::formatFor(filePath())) {
        QMessageBox::warning(this, tr("Export"),
                             tr("“%1” does not end in .png, .svg or .pdf, so there is no format to "
                                "write it in.")
                                 .arg(QFileInfo(filePath()).fileName()));
        return;
    }
    remember();
    QDialog::accept();
}

void ExportDialog::remember() const
{
    Preferences::exportView.set(viewName());
    Preferences::exportPath.set(filePath());
    Preferences::exportUseScale.set(m_size.byScale()->isChecked());
    Preferences::exportScale.set(m_size.scale()->value());
    Preferences::exportWidth.set(m_size.width()->value());
    Preferences::exportHeight.set(m_size.height()->value());
    m_style.remember();
    Preferences::exportTransparent.set(m_transparent->isChecked());
}

} // namespace AttentionLab
