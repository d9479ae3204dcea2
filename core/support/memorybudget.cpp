// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/support/memorybudget.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace AttentionLab {

namespace {

/// What Qt's JSON parser allocates for each list or object: the container
/// block and its element list with their heap headers. Measured with Qt 6.4,
/// a one-number list takes 176 bytes and a 64-number one 2,160.
constexpr double kJsonContainerBytes = 160.0;
/// One element of a container: a 16-byte value, with the list's spare room.
constexpr double kJsonElementBytes = 32.0;

const char *const kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
constexpr int kLastUnit = 6;

/// \a bytes in its unit: the number and the unit's index.
double inUnit(double bytes, int &unit)
{
    unit = 0;
    while (bytes >= 1024.0 && unit < kLastUnit) {
        bytes /= 1024.0;
        ++unit;
    }
    return bytes;
}

std::string formatIn(double value, int unit, int decimals)
{
    char text[80];
    std::snprintf(text, sizeof text, "%.*f %s", decimals, value, kUnits[unit]);
    return text;
}

double power1024(int unit)
{
    double scale = 1.0;
    for (int i = 0; i < unit; ++i)
        scale *= 1024.0;
    return scale;
}

} // namespace

double jsonDocumentBytes(double textBytes, double containers, double elements)
{
    // The text itself, its UTF-16 check, and the tree.
    return 3.0 * textBytes + containers * kJsonContainerBytes + elements * kJsonElementBytes;
}

int undoStepsWithin(double stepBytes, int least, int most)
{
    return int(
        std::clamp(kUndoBudgetBytes / std::max(1.0, stepBytes), double(least), double(most)));
}

double imageBytes(double width, double height)
{
    return 4.0 * width * height;
}

double figureExportBytes(double passBytes, double width, double height)
{
    return passBytes + 3.0 * imageBytes(width, height);
}

std::string formatBytes(double bytes)
{
    int unit = 0;
    const double value = inUnit(bytes, unit);
    if (unit == 0)
        return formatIn(value, 0, 0);
    return formatIn(value, unit, value < 10 ? 1 : 0);
}

std::string memoryMessage(double bytes, const std::string &what)
{
    std::string need = formatBytes(bytes);
    std::string limit = formatBytes(kMemoryLimitBytes);
    if (need == limit) {
        // Rounded alike ("8.0 GiB" twice): more digits, in the same unit,
        // until the need reads larger; whole bytes if even that is not enough.
        int unit = 0;
        inUnit(bytes, unit);
        const double scale = power1024(unit);
        for (int decimals = 2; decimals <= 10 && need == limit; ++decimals) {
            need = formatIn(bytes / scale, unit, decimals);
            limit = formatIn(kMemoryLimitBytes / scale, unit, decimals);
        }
        if (need == limit) {
            need = formatIn(bytes, 0, 0);
            limit = formatIn(kMemoryLimitBytes, 0, 0);
        }
    }
    return what + " would need " + need + " of memory; the limit is " + limit;
}

void requireMemory(double bytes, const std::string &what)
{
    if (!fitsInMemory(bytes))
        throw std::invalid_argument(memoryMessage(bytes, what));
}

} // namespace AttentionLab
