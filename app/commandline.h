#pragma once

#include <QStringList>

namespace AttentionLab {

/**
 * The command line, mirroring the chapter's attention.py: --one, --select,
 * --scale, --mask, --params (and --cost), each as a table or, with --json,
 * as one JSON object; `eval FILE`; `bench`. Returns the exit status: 0, or 2
 * after one line on stderr for anything the user typed that cannot be done.
 */
class CommandLine
{
public:
    explicit CommandLine(QStringList arguments);

    /// True when there is nothing to do but open the window.
    bool wantsWindow() const { return m_arguments.size() <= 1; }

    int run();

    static QString usage();

private:
    QStringList m_arguments;
};

} // namespace AttentionLab
