#include "memorybudget.h"

#include <cstdio>
#include <stdexcept>

namespace AttentionLab {

double attentionPassBytes(Index m, Index n, Index dk, Index dv)
{
    const double md = double(m), nd = double(n);
    return 8.0 * (2.0 * md * nd + md * double(dk) + nd * double(dk) + nd * double(dv) +
                  md * double(dv));
}

std::string formatBytes(double bytes)
{
    static const char *const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int unit = 0;
    while (bytes >= 1024.0 && unit < 6) {
        bytes /= 1024.0;
        ++unit;
    }
    char text[64];
    if (unit == 0)
        std::snprintf(text, sizeof text, "%.0f bytes", bytes);
    else
        std::snprintf(text, sizeof text, bytes < 10 ? "%.1f %s" : "%.0f %s", bytes, units[unit]);
    return text;
}

void requireMemory(double bytes, const std::string &what)
{
    if (bytes > kMemoryLimitBytes)
        throw std::invalid_argument(what + " would need " + formatBytes(bytes) +
                                    " of memory; the limit is " + formatBytes(kMemoryLimitBytes));
}

} // namespace AttentionLab
