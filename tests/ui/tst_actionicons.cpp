// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The program's own icons: every file draws, the ink turns light on the dark
// presentation palette, and every action of the toolbars and menus has an
// icon on a desktop without an icon theme (the offscreen platform has none).

#include "ui/views/actionicons.h"
#include "ui/window/mainwindow.h"
#include "ui/window/presentationtheme.h"
#include "windowtestsettings.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

using namespace AttentionLab;

namespace {

/// The mean lightness of the opaque pixels of \a name drawn at 48 px.
double inkLightness(const QString &name)
{
    const QImage image = ActionIcons::own(name).pixmap(48, 48).toImage();
    double sum = 0;
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() > 200) {
                sum += c.lightness();
                ++count;
            }
        }
    return count ? sum / count : -1;
}

} // namespace

class TestActionIcons : public QObject
{
    Q_OBJECT

private slots:
    void everyIconDraws_data();
    void everyIconDraws();
    void inkFollowsThePalette_data();
    void inkFollowsThePalette();
    void everyActionHasAnIcon();
    void toolbarsShowIcons();
    void cleanupTestCase() { WindowTestSettings::removeAll(); }
};

void TestActionIcons::everyIconDraws_data()
{
    QTest::addColumn<QString>("name");
    const QStringList files = QDir(QStringLiteral(":/icons")).entryList({QStringLiteral("*.svg")});
    QVERIFY(files.size() >= 20);
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << QFileInfo(file).completeBaseName();
}

void TestActionIcons::everyIconDraws()
{
    QFETCH(QString, name);
    const QIcon icon = ActionIcons::own(name);
    QVERIFY(!icon.isNull());
    const QImage image = icon.pixmap(24, 24).toImage();
    QCOMPARE(image.size(), QSize(24, 24));
    int drawn = 0;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 24; ++x)
            drawn += qAlpha(image.pixel(x, y)) > 0;
    QVERIFY2(drawn > 20, qPrintable(QString::number(drawn)));
    QVERIFY(ActionIcons::own(QStringLiteral("no-such-icon")).isNull());
}

void TestActionIcons::inkFollowsThePalette_data()
{
    QTest::addColumn<QString>("name");
    // Icons drawn in ink only, without an accent colour.
    QTest::newRow("go-up") << QStringLiteral("go-up");
    QTest::newRow("edit-undo") << QStringLiteral("edit-undo");
    QTest::newRow("document-save") << QStringLiteral("document-save");
}

void TestActionIcons::inkFollowsThePalette()
{
    QFETCH(QString, name);
    const QPalette normal = QApplication::palette();
    QApplication::setPalette(PresentationTheme::darkPalette());
    QVERIFY(ActionIcons::darkPalette());
    const double onDark = inkLightness(name);
    QApplication::setPalette(normal);
    QVERIFY(!ActionIcons::darkPalette());
    const double onLight = inkLightness(name);
    // Dark ink on the light window, light ink on the dark one.
    QVERIFY2(onLight >= 0 && onLight < 110, qPrintable(QString::number(onLight)));
    QVERIFY2(onDark > 150, qPrintable(QString::number(onDark)));
}

void TestActionIcons::everyActionHasAnIcon()
{
    WindowTestSettings::isolate();
    MainWindow window;
    QStringList without;
    for (QToolBar *bar : {window.attentionToolBar(), window.viewToolBar()})
        for (QAction *a : bar->actions())
            if (!a->isSeparator() && bar->widgetForAction(a)->inherits("QToolButton") &&
                a->icon().isNull())
                without << a->text();
    const QStringList menuActions = {QStringLiteral("&New"),
                                     QStringLiteral("&Open…"),
                                     QStringLiteral("Open &Model…"),
                                     QStringLiteral("&Save"),
                                     QStringLiteral("Save &As…"),
                                     QStringLiteral("&Export Figure…"),
                                     QStringLiteral("&Quit"),
                                     QStringLiteral("&Copy Figure"),
                                     QStringLiteral("&Scale by √d_k"),
                                     QStringLiteral("&Presentation Mode"),
                                     QStringLiteral("Guided &Tour"),
                                     QStringLiteral("&Keyboard Shortcuts"),
                                     QStringLiteral("&About Attention Lab")};
    for (const QString &text : menuActions) {
        QAction *found = nullptr;
        for (QAction *a : window.findChildren<QAction *>())
            if (a->text() == text)
                found = a;
        QVERIFY2(found, qPrintable(text));
        if (found->icon().isNull())
            without << text;
    }
    QVERIFY2(without.isEmpty(), qPrintable(without.join(QStringLiteral(", "))));
}

void TestActionIcons::toolbarsShowIcons()
{
    WindowTestSettings::isolate();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (QToolBar *bar : {window.attentionToolBar(), window.viewToolBar()})
        for (QAction *a : bar->actions()) {
            auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(a));
            if (!button)
                continue;
            QVERIFY2(button->toolButtonStyle() != Qt::ToolButtonTextOnly, qPrintable(a->text()));
            QVERIFY2(!button->icon().isNull(), qPrintable(a->text()));
            // The shortcut is in the tooltip (or the action has none).
            if (!a->shortcut().isEmpty())
                QVERIFY2(a->toolTip().contains(a->shortcut().toString(QKeySequence::NativeText)),
                         qPrintable(a->toolTip()));
        }
    // Presentation mode: larger icons, light ink.
    const QSize normal = window.attentionToolBar()->iconSize();
    window.setPresentationMode(true);
    QVERIFY(window.attentionToolBar()->iconSize().width() > normal.width());
    window.setPresentationMode(false);
    QCOMPARE(window.attentionToolBar()->iconSize(), normal);
}

QTEST_MAIN(TestActionIcons)
#include "tst_actionicons.moc"
