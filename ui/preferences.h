#pragma once

#include "preference.h"

#include <QByteArray>
#include <QStringList>

namespace AttentionLab::Preferences {

inline Preference<QByteArray> windowGeometry{"MainWindow/Geometry", {}};
inline Preference<QByteArray> windowState{"MainWindow/State", {}};
inline Preference<int> heatmapQuantity{"View/HeatmapQuantity", 0};
inline Preference<int> colorMap{"View/ColorMap", 0};
inline Preference<bool> showNumbers{"View/ShowNumbers", true};
inline Preference<double> sliderRange{"View/SliderRange", 2.0};
inline Preference<QStringList> recentFiles{"Files/Recent", {}};
/// The file the autosaved session belonged to, empty for an untitled one.
inline Preference<QString> autosaveSource{"Autosave/Source", {}};

/// How many files File > Open Recent lists.
inline constexpr int kMaxRecentFiles = 8;

} // namespace AttentionLab::Preferences
