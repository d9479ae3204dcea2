#include "commandline.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>

#include <memory>

namespace {

void describeApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTENTIONLAB_VERSION));
}

} // namespace

int main(int argc, char *argv[])
{
    // Any argument means the command line, which needs no display at all.
    if (argc > 1) {
        QCoreApplication app(argc, argv);
        describeApplication();
        return AttentionLab::CommandLine(QCoreApplication::arguments()).run();
    }
    QApplication app(argc, argv);
    describeApplication();
    AttentionLab::MainWindow window;
    window.show();
    return app.exec();
}
