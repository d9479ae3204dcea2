// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/figure/mp4encoderapi.h"

#include <QString>
#include <QStringList>

namespace AttentionLab {

/**
 * The MP4 plugin (ui/figure/mp4plugin), loaded with QLibrary the first time
 * an MP4 is written and kept loaded. The program links no FFmpeg library, so
 * that a command that writes no MP4 starts without FFmpeg's 150 libraries;
 * without the plugin, or without the FFmpeg libraries it links, MP4 output
 * is refused in one line that says what is missing, and every other format
 * is unaffected.
 *
 * The plugin is looked for beside the executable (the build tree), then
 * where `cmake --install` puts it relative to the executable
 * (../lib/attention-lab/plugins under the prefix). ATTENTIONLAB_MP4_PLUGIN, when set,
 * names the file to load instead (the tests' programs live elsewhere).
 */
class Mp4Library
{
public:
    /// The loaded plugin, or null with \a why set: one line naming what is missing.
    static const Mp4Library *load(QString *why);
    /// The files tried, in order.
    static QStringList candidates();

    AttentionLabMp4OpenFunction open = nullptr;
    AttentionLabMp4AddFunction add = nullptr;
    AttentionLabMp4FinishFunction finish = nullptr;
    AttentionLabMp4CloseFunction close = nullptr;
};

} // namespace AttentionLab
