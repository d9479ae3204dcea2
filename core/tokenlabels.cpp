#include "core/tokenlabels.h"

namespace AttentionLab {

namespace {

// Replaces every occurrence of \a from in \a text by \a to.
std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

} // namespace

std::string displayToken(const std::string &token)
{
    if (token.size() > 2 && token.rfind("##", 0) == 0)
        return "\xC2\xB7" + token.substr(2);              // ·
    std::string shown = replaced(token, "\xC4\xA0", " "); // Ġ
    shown = replaced(shown, "\xE2\x96\x81", " ");         // ▁
    shown = replaced(shown, "\xC4\x8A", "\xE2\x86\xB5");  // Ċ -> ↵
    return shown;
}

} // namespace AttentionLab
