// The window's one way to read attention files. The readers live in io/
// (AttentionFileReader); until a build has them, attention files are
// recognised and refused with one clear line.

#include "ui/model/attentionfiles.h"

#if __has_include("io/attentionfilereader.h")
#include "io/attentionfilereader.h"
#define ATTENTIONLAB_HAS_ATTENTION_READER 1
#else
#include <QFileInfo>
#include <QStringList>
#endif

namespace AttentionLab::AttentionFiles {

#ifdef ATTENTIONLAB_HAS_ATTENTION_READER

bool isAttentionFile(const QString &path)
{
    return AttentionFileReader::isAttentionFile(path);
}

QString fileFilter()
{
    return AttentionFileReader::fileFilter();
}

std::optional<AttentionTensor> read(const QString &path, QString *error)
{
    AttentionFileReader reader;
    std::optional<AttentionTensor> tensor = reader.readFile(path);
    if (!tensor && error)
        *error = reader.errorString();
    return tensor;
}

#else

bool isAttentionFile(const QString &path)
{
    static const QStringList suffixes{QStringLiteral("npy"), QStringLiteral("npz"),
                                      QStringLiteral("safetensors")};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

QString fileFilter()
{
    return QStringLiteral("Attention tensors (*.npy *.npz *.safetensors)");
}

std::optional<AttentionTensor> read(const QString &path, QString *error)
{
    if (error)
        *error = QStringLiteral("%1: this build has no reader for attention files").arg(path);
    return std::nullopt;
}

#endif

} // namespace AttentionLab::AttentionFiles
