// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "ui/views/matrixeditor.h"

#include "core/maths/sessionedits.h"
#include "ui/document/attentiondocument.h"
#include "ui/views/actionicons.h"
#include "ui/views/vectortablemodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace AttentionLab {

MatrixEditor::MatrixEditor(AttentionDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_tabs(new QTabWidget(this)),
      m_dimension(new QSpinBox(this)), m_message(new QLabel(this))
{
    m_tabs->setAccessibleName(tr("Queries, keys and values"));
    const struct
    {
        VectorKind kind;
        QString title;
    } tabs[] = {{VectorKind::Query, tr("Queries")},
                {VectorKind::Key, tr("Keys")},
                {VectorKind::Value, tr("Values")}};
    for (const auto &tab : tabs) {
        auto *model = new VectorTableModel(document, tab.kind, this);
        auto *view = new QTableView(this);
        view->setModel(model);
        // Tab leaves the table instead of walking its cells for ever.
        view->setTabKeyNavigation(false);
        view->setAccessibleName(tr("%1 table").arg(tab.title));
        view->setSelectionBehavior(QAbstractItemView::SelectItems);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        view->horizontalHeader()->setDefaultSectionSize(72);
        view->verticalHeader()->setDefaultSectionSize(24);
        view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                              QAbstractItemView::AnyKeyPressed);
        connect(model, &VectorTableModel::inputRejected, this, &MatrixEditor::showMessage);
        // A change of shape resets the model: keep the cursor where it was.
        connect(model, &QAbstractItemModel::modelAboutToBeReset, view, [view] {
            view->setProperty("lastCell",
                              QPoint(view->currentIndex().column(), view->currentIndex().row()));
        });
        connect(model, &QAbstractItemModel::modelReset, view,
                [view] { view->resizeColumnToContents(0); });
        view->resizeColumnToContents(0);
        connect(model, &QAbstractItemModel::headerDataChanged, view,
                [view] { view->resizeColumnToContents(0); });
        connect(model, &QAbstractItemModel::modelReset, view, [view, model] {
            const QPoint last = view->property("lastCell").toPoint();
            if (last.y() >= 0 && model->rowCount() > 0)
                view->setCurrentIndex(
                    model->index(std::min(last.y(), model->rowCount() - 1),
                                 std::clamp(last.x(), 0, model->columnCount() - 1)));
        });
        connect(view->selectionModel(), &QItemSelectionModel::currentChanged, this,
                [this, kind = tab.kind](const QModelIndex &current) {
                    if (current.isValid())
                        emit vectorSelected(kind, current.row());
                });
        m_tabs->addTab(view, tab.title);
        m_tables << view;
        m_models << model;
    }

    auto button = [this](const QString &text, const QString &icon, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setText(text);
        ActionIcons::set(b, icon);
        b->setToolTip(tip);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        return b;
    };
    QToolButton *add = button(tr("Add"), QStringLiteral("list-add"),
                              tr("Add a token after the selected one (keys bring a value)"));
    QToolButton *remove = button(tr("Remove"), QStringLiteral("list-remove"),
                                 tr("Remove the selected token (a key takes its value along)"));
    QToolButton *up = button(tr("Up"), QStringLiteral("go-up"), tr("Move the selected token up"));
    QToolButton *down =
        button(tr("Down"), QStringLiteral("go-down"), tr("Move the selected token down"));
    connect(add, &QToolButton::clicked, this, &MatrixEditor::addToken);
    connect(remove, &QToolButton::clicked, this, &MatrixEditor::removeToken);
    connect(up, &QToolButton::clicked, this, [this] { moveToken(-1); });
    connect(down, &QToolButton::clicked, this, [this] { moveToken(+1); });

    m_dimension->setObjectName(QStringLiteral("keyDimension"));
    m_dimension->setRange(1, 4096);
    m_dimension->setPrefix(QStringLiteral("d_k = "));
    m_dimension->setKeyboardTracking(false);
    m_dimension->setToolTip(tr("Add or drop a dimension of every query and key at once"));
    m_dimension->setAccessibleName(tr("Key dimension d_k"));
    connect(m_dimension, &QSpinBox::valueChanged, this, [this](int dim) {
        QString error;
        if (!m_document->editSession(
                tr("Change d_k to %1").arg(dim),
                [dim](Session &s) { SessionEdits::setKeyDim(s, dim); }, &error))
            showMessage(error);
    });

    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b02020; font-weight: bold;"));
    m_message->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Its two lines are kept whether a message shows or not: a refusal
    // appearing pushed the Add and Remove buttons up under the pointer.
    keepMessageRoom();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addWidget(up);
    buttons->addWidget(down);
    buttons->addStretch(1);
    buttons->addWidget(m_dimension);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tabs);
    layout->addLayout(buttons);
    layout->addWidget(m_message);

    connect(document, &AttentionDocument::sessionReset, this, &MatrixEditor::syncDimension);
    // An edit that took clears the last refusal, which would contradict it.
    connect(document, &AttentionDocument::sessionReset, this, &MatrixEditor::clearMessage);
    connect(document, &AttentionDocument::vectorChanged, this, &MatrixEditor::clearMessage);
    // Whether V follows K, where the values are edited.
    auto syncValuesTab = [this] {
        const bool follows = !m_document->session().hasValues();
        const int tab = int(VectorKind::Value);
        const QString text = follows ? tr("Values = keys") : tr("Values");
        if (m_tabs->tabText(tab) == text)
            return; // a drag's every step passes here: no relayout of the tabs
        m_tabs->setTabText(tab, text);
        m_tabs->setTabToolTip(
            tab, follows ? tr("The session gives no values: V = K, and each value follows its "
                              "key until you edit a value")
                         : tr("The values have numbers of their own"));
    };
    connect(document, &AttentionDocument::sessionReset, this, syncValuesTab);
    connect(document, &AttentionDocument::vectorChanged, this, syncValuesTab);
    syncDimension();
    syncValuesTab();
    // Tab in screen order: the tables, then the buttons under them, then d_k.
    setTabOrder(m_tabs, add);
    setTabOrder(add, remove);
    setTabOrder(remove, up);
    setTabOrder(up, down);
    setTabOrder(down, m_dimension);
}

QTableView *MatrixEditor::table(VectorKind kind) const
{
    return m_tables.value(int(kind));
}

VectorTableModel *MatrixEditor::model(VectorKind kind) const
{
    return m_models.value(int(kind));
}

QString MatrixEditor::message() const
{
    return m_message->text();
}

void MatrixEditor::clearMessage()
{
    m_message->clear();
    m_message->setToolTip(QString());
}

void MatrixEditor::keepMessageRoom()
{
    // The editor's own font: the label's may not have followed a change yet.
    m_message->setFixedHeight(2 * fontMetrics().lineSpacing() + 2);
}

void MatrixEditor::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        keepMessageRoom();
}

VectorKind MatrixEditor::currentKind() const
{
    return VectorKind(m_tabs->currentIndex());
}

int MatrixEditor::currentRow() const
{
    const QModelIndex current = m_tables[m_tabs->currentIndex()]->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void MatrixEditor::addToken()
{
    const bool query = currentKind() == VectorKind::Query;
    const int count = int(m_document->vectorCount(currentKind()));
    const int at = currentRow() >= 0 ? currentRow() + 1 : count;
    std::string label(1, query ? 'q' : 'k');
    label += std::to_string(count + 1);
    QString error;
    if (!m_document->editSession(
            query ? tr("Add a query") : tr("Add a key"),
            [&](Session &s) {
                if (query)
                    SessionEdits::insertQuery(s, at, label);
                else
                    SessionEdits::insertKey(s, at, label);
            },
            &error)) {
        showMessage(error);
        return;
    }
    m_tables[m_tabs->currentIndex()]->setCurrentIndex(model(currentKind())->index(at, 1));
}

void MatrixEditor::removeToken()
{
    const int row = currentRow();
    if (row < 0) {
        showMessage(tr("Select the token to remove first."));
        return;
    }
    const bool query = currentKind() == VectorKind::Query;
    QString error;
    if (!m_document->editSession(
            query ? tr("Remove a query") : tr("Remove a key"),
            [&](Session &s) {
                if (query)
                    SessionEdits::removeQuery(s, row);
                else
                    SessionEdits::removeKey(s, row);
            },
            &error))
        showMessage(error);
}

void MatrixEditor::moveToken(int delta)
{
    const int row = currentRow();
    const int to = row + delta;
    if (row < 0 || to < 0 || to >= int(m_document->vectorCount(currentKind())))
        return;
    const bool query = currentKind() == VectorKind::Query;
    QString error;
    if (!m_document->editSession(
            tr("Move a token"),
            [&](Session &s) {
                if (query)
                    SessionEdits::moveQuery(s, row, to);
                else
                    SessionEdits::moveKey(s, row, to);
            },
            &error)) {
        showMessage(error);
        return;
    }
    const QModelIndex current = m_tables[m_tabs->currentIndex()]->currentIndex();
    m_tables[m_tabs->currentIndex()]->setCurrentIndex(
        model(currentKind())->index(to, std::max(0, current.column())));
}

void MatrixEditor::showMessage(const QString &text)
{
    m_message->setText(text);
    // Two lines are kept for it; a longer one is whole in the tooltip.
    m_message->setToolTip(text);
    // The message stays long enough to read, then gets out of the way.
    QTimer::singleShot(8000, m_message, [this, text] {
        if (m_message->text() == text)
            clearMessage();
    });
}

void MatrixEditor::syncDimension()
{
    const QSignalBlocker block(m_dimension);
    m_dimension->setValue(int(m_document->session().keys.cols()));
}

} // namespace AttentionLab
