// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "io/graphemeclusters.h"

#include <QChar>

#include <algorithm>
#include <iterator>
#include <utility>

namespace AttentionLab {

namespace {

enum class Break
{
    Other,
    CR,
    LF,
    Control,
    Extend,
    ZWJ,
    RegionalIndicator,
    Prepend,
    SpacingMark,
    L,
    V,
    T,
    LV,
    LVT
};

using Range = std::pair<char32_t, char32_t>;

template <std::size_t N> bool inRanges(char32_t c, const Range (&ranges)[N])
{
    const auto it =
        std::upper_bound(std::begin(ranges), std::end(ranges), c,
                         [](char32_t value, const Range &r) { return value < r.first; });
    return it != std::begin(ranges) && c <= std::prev(it)->second;
}

// Grapheme_Cluster_Break=Prepend (GraphemeBreakProperty.txt).
constexpr Range kPrepend[] = {{0x0600, 0x0605},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
                              {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x0D4E, 0x0D4E},
                              {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x111C2, 0x111C3},
                              {0x1193F, 0x1193F}, {0x11941, 0x11941}, {0x11A3A, 0x11A3A},
                              {0x11A84, 0x11A89}, {0x11D46, 0x11D46}};
// Spacing marks and others that are Extend (Other_Grapheme_Extend, the
// emoji modifiers, the tags, ZWNJ, the half-width voiced marks).
constexpr Range kExtendBesidesMarks[] = {
    {0x09BE, 0x09BE},   {0x09D7, 0x09D7},   {0x0B3E, 0x0B3E},   {0x0B57, 0x0B57},
    {0x0BBE, 0x0BBE},   {0x0BD7, 0x0BD7},   {0x0CC2, 0x0CC2},   {0x0CD5, 0x0CD6},
    {0x0D3E, 0x0D3E},   {0x0D57, 0x0D57},   {0x0DCF, 0x0DCF},   {0x0DDF, 0x0DDF},
    {0x1B35, 0x1B35},   {0x200C, 0x200C},   {0x302E, 0x302F},   {0xFF9E, 0xFF9F},
    {0x1133E, 0x1133E}, {0x11357, 0x11357}, {0x114B0, 0x114B0}, {0x114BD, 0x114BD},
    {0x115AF, 0x115AF}, {0x11930, 0x11930}, {0x1D165, 0x1D165}, {0x1D16E, 0x1D172},
    {0x1F3FB, 0x1F3FF}, {0xE0020, 0xE007F}};
// Spacing_Mark characters whose break property is Other (UAX #29, table 2).
constexpr Range kNotSpacingMarks[] = {
    {0x102B, 0x102C}, {0x1038, 0x1038}, {0x1062, 0x1064},  {0x1067, 0x106D}, {0x1083, 0x1083},
    {0x1087, 0x108C}, {0x108F, 0x108F}, {0x109A, 0x109C},  {0x1A61, 0x1A61}, {0x1A63, 0x1A64},
    {0xAA7B, 0xAA7B}, {0xAA7D, 0xAA7D}, {0x11720, 0x11721}};
// Extended_Pictographic (emoji-data.txt), by its blocks.
constexpr Range kPictographic[] = {
    {0x00A9, 0x00A9},   {0x00AE, 0x00AE},   {0x203C, 0x203C},   {0x2049, 0x2049},
    {0x2122, 0x2122},   {0x2139, 0x2139},   {0x2194, 0x2199},   {0x21A9, 0x21AA},
    {0x231A, 0x231B},   {0x2328, 0x2328},   {0x2388, 0x2388},   {0x23CF, 0x23CF},
    {0x23E9, 0x23F3},   {0x23F8, 0x23FA},   {0x24C2, 0x24C2},   {0x25AA, 0x25AB},
    {0x25B6, 0x25B6},   {0x25C0, 0x25C0},   {0x25FB, 0x25FE},   {0x2600, 0x2605},
    {0x2607, 0x2612},   {0x2614, 0x2685},   {0x2690, 0x2705},   {0x2708, 0x2712},
    {0x2714, 0x2714},   {0x2716, 0x2716},   {0x271D, 0x271D},   {0x2721, 0x2721},
    {0x2728, 0x2728},   {0x2733, 0x2734},   {0x2744, 0x2744},   {0x2747, 0x2747},
    {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},   {0x2757, 0x2757},
    {0x2763, 0x2767},   {0x2795, 0x2797},   {0x27A1, 0x27A1},   {0x27B0, 0x27B0},
    {0x27BF, 0x27BF},   {0x2934, 0x2935},   {0x2B05, 0x2B07},   {0x2B1B, 0x2B1C},
    {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x3030, 0x3030},   {0x303D, 0x303D},
    {0x3297, 0x3297},   {0x3299, 0x3299},   {0x1F000, 0x1F0FF}, {0x1F10D, 0x1F10F},
    {0x1F12F, 0x1F12F}, {0x1F16C, 0x1F171}, {0x1F17E, 0x1F17F}, {0x1F18E, 0x1F18E},
    {0x1F191, 0x1F19A}, {0x1F1AD, 0x1F1E5}, {0x1F201, 0x1F20F}, {0x1F21A, 0x1F21A},
    {0x1F22F, 0x1F22F}, {0x1F232, 0x1F23A}, {0x1F23C, 0x1F23F}, {0x1F249, 0x1F3FA},
    {0x1F400, 0x1F53D}, {0x1F546, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F774, 0x1F77F},
    {0x1F7D5, 0x1F7FF}, {0x1F80C, 0x1F80F}, {0x1F848, 0x1F84F}, {0x1F85A, 0x1F85F},
    {0x1F888, 0x1F88F}, {0x1F8AE, 0x1F8FF}, {0x1F90C, 0x1F93A}, {0x1F93C, 0x1F945},
    {0x1F947, 0x1FAFF}, {0x1FC00, 0x1FFFD}};

Break breakOf(char32_t c)
{
    if (c == 0x0D)
        return Break::CR;
    if (c == 0x0A)
        return Break::LF;
    if (c == 0x200D)
        return Break::ZWJ;
    if (c >= 0x1F1E6 && c <= 0x1F1FF)
        return Break::RegionalIndicator;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0xA960 && c <= 0xA97C))
        return Break::L;
    if ((c >= 0x1160 && c <= 0x11A7) || (c >= 0xD7B0 && c <= 0xD7C6))
        return Break::V;
    if ((c >= 0x11A8 && c <= 0x11FF) || (c >= 0xD7CB && c <= 0xD7FB))
        return Break::T;
    if (c >= 0xAC00 && c <= 0xD7A3)
        return (c - 0xAC00) % 28 == 0 ? Break::LV : Break::LVT;
    if (inRanges(c, kPrepend))
        return Break::Prepend;
    if (inRanges(c, kExtendBesidesMarks))
        return Break::Extend;
    switch (QChar::category(c)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_Enclosing:
        return Break::Extend;
    case QChar::Mark_SpacingCombining:
        return inRanges(c, kNotSpacingMarks) ? Break::Other : Break::SpacingMark;
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return Break::Control;
    default:
        break;
    }
    if (c == 0x0E33 || c == 0x0EB3)
        return Break::SpacingMark;
    return Break::Other;
}

} // namespace

std::vector<qsizetype> graphemeClusterEnds(QStringView text)
{
    std::vector<qsizetype> ends;
    Break previous = Break::Other;
    bool first = true;
    bool pictographicRun = false; // ExtPict Extend* (ZWJ) before here, for GB11
    int regionalRun = 0;          // regional indicators just before here, for GB12 and GB13
    for (qsizetype i = 0; i < text.size();) {
        char32_t c = text[i].unicode();
        qsizetype length = 1;
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text[i], text[i + 1]);
            length = 2;
        }
        const Break current = breakOf(c);
        const bool pictographic = inRanges(c, kPictographic);
        bool join = false;
        if (!first) {
            if (previous == Break::CR && current == Break::LF)
                join = true; // GB3
            else if (previous == Break::CR || previous == Break::LF || previous == Break::Control ||
                     current == Break::CR || current == Break::LF || current == Break::Control)
                join = false; // GB4, GB5
            else if (previous == Break::L && (current == Break::L || current == Break::V ||
                                              current == Break::LV || current == Break::LVT))
                join = true; // GB6
            else if ((previous == Break::LV || previous == Break::V) &&
                     (current == Break::V || current == Break::T))
                join = true; // GB7
            else if ((previous == Break::LVT || previous == Break::T) && current == Break::T)
                join = true; // GB8
            else if (current == Break::Extend || current == Break::ZWJ ||
                     current == Break::SpacingMark || previous == Break::Prepend)
                join = true; // GB9, GB9a, GB9b
            else if (previous == Break::ZWJ && pictographicRun && pictographic)
                join = true; // GB11
            else if (previous == Break::RegionalIndicator && current == Break::RegionalIndicator &&
                     regionalRun % 2 == 1)
                join = true; // GB12, GB13
            if (!join)
                ends.push_back(i);
        }
        // GB11's left side: a pictograph, then Extend*, then one ZWJ.
        if (pictographic)
            pictographicRun = true;
        else if (current == Break::Extend)
            ; // keeps the run
        else if (current == Break::ZWJ)
            pictographicRun = pictographicRun && previous != Break::ZWJ;
        else
            pictographicRun = false;
        regionalRun = current == Break::RegionalIndicator ? regionalRun + 1 : 0;
        previous = current;
        first = false;
        i += length;
    }
    if (!text.isEmpty())
        ends.push_back(text.size());
    return ends;
}

} // namespace AttentionLab
