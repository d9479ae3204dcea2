#include "commandline.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>


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
    // `attention-lab SESSION.json` opens the session in the window; any other
    // argument means the command line, which needs no display at all.
    const bool openSession = argc == 2 && !QByteArray(argv[1]).startsWith('-') &&
                             QByteArray(argv[1]).endsWith(".json");
    if (argc > 1 && !openSession) {
        QCoreApplication app(argc, argv);
        describeApplication();
        return AttentionLab::CommandLine(QCoreApplication::arguments()).run();
    }
    QApplication app(argc, argv);
    describeApplication();
    AttentionLab::MainWindow window;
    window.show();
    if (openSession)
        window.openFile(QString::fromLocal8Bit(argv[1]));
    else
        window.offerRecovery();
    return app.exec();
}
