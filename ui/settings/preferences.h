// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "ui/settings/preference.h"

#include <QByteArray>
#include <QStringList>

namespace AttentionLab::Preferences {

inline Preference<QByteArray> windowGeometry{"MainWindow/Geometry", {}};
inline Preference<QByteArray> windowState{"MainWindow/State", {}};
inline Preference<int> heatmapQuantity{"View/HeatmapQuantity", 0};
inline Preference<int> colorMap{"View/ColorMap", 0};
inline Preference<bool> showNumbers{"View/ShowNumbers", true};
/// The Attention tab shows its weights as lines instead of the heatmap.
inline Preference<bool> attentionLines{"View/AttentionLines", false};
/// How the heatmap's colours span the values (ColorRange::Mode).
inline Preference<int> colorRange{"View/ColorRange", 0};
/// The first-start hint was dismissed: never show it again.
inline Preference<bool> hintDismissed{"Help/HintDismissed", false};
inline Preference<QStringList> recentFiles{"Files/Recent", {}};
/// The folder a session was last opened from or saved to (Open and Save As start there).
inline Preference<QString> sessionFolder{"Files/SessionFolder", {}};
/// The file the autosaved session belonged to, empty for an untitled one.
inline Preference<QString> autosaveSource{"Autosave/Source", {}};

/// The model folder opened last (File > Open Model starts there) and the text it read.
inline Preference<QString> modelFolder{"Model/Folder", {}};
inline Preference<QString> modelText{"Model/Text", {}};
/// The grid of heads sized to show every head at once.
inline Preference<bool> fitAllHeads{"Model/FitAllHeads", false};

inline Preference<QString> exportView{"Export/View", QStringLiteral("figure")};
inline Preference<bool> exportUseScale{"Export/UseScale", true};
inline Preference<double> exportScale{"Export/Scale", 1.0};
inline Preference<int> exportWidth{"Export/Width", 1600};
inline Preference<int> exportHeight{"Export/Height", 1100};
inline Preference<int> exportColorMap{"Export/ColorMap", 0};
inline Preference<bool> exportDark{"Export/Dark", false};
inline Preference<bool> exportTransparent{"Export/Transparent", false};
inline Preference<bool> exportNumbers{"Export/Numbers", true};
inline Preference<QString> exportTitle{"Export/Title", {}};
/// The title typed last for an export of the Model tab; empty: a caption of the model, head and
/// text.
inline Preference<QString> exportModelTitle{"Export/ModelTitle", {}};
inline Preference<QString> exportPath{"Export/Path", {}};

/// File > Record's and File > Animate's choices (AnimationSettingsForm).
inline Preference<int> animationFormat{"Animation/Format", 0}; ///< 0 GIF, 1 MP4
inline Preference<QString> animationPath{"Animation/Path", {}};
inline Preference<bool> animationUseScale{"Animation/UseScale", true};
inline Preference<double> animationScale{"Animation/Scale", 1.0};
inline Preference<int> animationWidth{"Animation/Width", 1600};
inline Preference<int> animationHeight{"Animation/Height", 1100};
inline Preference<int> animationFps{"Animation/Fps", 15};
inline Preference<double> animationHold{"Animation/Hold", 1.0};
inline Preference<int> animationColorMap{"Animation/ColorMap", 0};
inline Preference<bool> animationDark{"Animation/Dark", false};
inline Preference<bool> animationNumbers{"Animation/Numbers", true};
/// File > Animate's sweep: its kind, range and frames (AnimateDialog).
inline Preference<int> animateSweep{"Animate/Sweep", 0};
inline Preference<int> animateFrames{"Animate/Frames", 60};
inline Preference<QString> animateView{"Animate/View", QStringLiteral("figure")};

/// How many files File > Open Recent lists.
inline constexpr int kMaxRecentFiles = 8;

} // namespace AttentionLab::Preferences
