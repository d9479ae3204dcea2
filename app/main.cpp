#include "commandline.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTENTIONLAB_VERSION));
    AttentionLab::CommandLine commandLine(QCoreApplication::arguments());
    return commandLine.run();
}
