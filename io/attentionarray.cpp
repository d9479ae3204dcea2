#include "io/attentionarray.h"

#include <QStringList>

namespace AttentionLab {

long long AttentionArray::elementCount() const
{
    return AttentionLab::elementCount(shape);
}

int AttentionArray::sourceBits() const
{
    return type ? 8 * elementBytes(*type) : 0;
}

QString shapeText(const std::vector<long long> &shape)
{
    QStringList parts;
    for (long long length : shape)
        parts << QString::number(length);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

long long elementCount(const std::vector<long long> &shape)
{
    long long count = 1;
    for (long long length : shape) {
        if (length < 0 || __builtin_mul_overflow(count, length, &count))
            return -1;
    }
    return count;
}

} // namespace AttentionLab
