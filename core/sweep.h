// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/session.h"

#include <string>
#include <string_view>

namespace AttentionLab {

/**
 * One setting of a session swept over a range while everything else stays:
 * the frames of an animation, each a whole session.
 *
 * - `temperature=LO:HI:log` (or `:lin`): the softmax temperature from LO to HI;
 * - `scale`: sqrt(d_k) off for the first half of the frames, on for the
 *   second (each half a pause on its state);
 * - `mask`: the mask before the softmax, then after it, likewise;
 * - `key:TOKEN:COORD=FROM:TO`: coordinate COORD (from 1) of the key whose
 *   label is TOKEN, from FROM to TO.
 */
class Sweep
{
public:
    enum class Kind
    {
        Temperature,
        Scale,
        Mask,
        KeyCoordinate,
    };

    /// Parses \a spec against \a session (whose keys a key sweep names).
    /// Throws std::invalid_argument with one line saying what is wrong.
    static Sweep parse(std::string_view spec, const Session &session);

    Kind kind() const { return m_kind; }
    /// The session of frame \a frame of \a frames (frames >= 2) swept from \a base.
    Session frame(const Session &base, int frame, int frames) const;
    /// The swept value at frame \a frame of \a frames: a temperature or a
    /// coordinate; 0 or 1 for the two states of scale and mask.
    double value(int frame, int frames) const;

private:
    Kind m_kind = Kind::Temperature;
    double m_from = 0.0;
    double m_to = 0.0;
    bool m_log = false;
    Index m_key = 0;
    Index m_coordinate = 0;
};

} // namespace AttentionLab
