// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

#include "core/maths/session.h"

#include <string>
#include <string_view>
#include <vector>

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
 *   label is TOKEN, from FROM to TO;
 * - `dk=LO:HI`: the scale lab's experiment drawn out to larger d_k: the
 *   largest d_k shown grows from LO to HI on a log scale over the grid of
 *   keyDims() (LO, the powers of two between, HI), a point at a time;
 *
 * and for a model's attention (parseModel()):
 * - `head`: the heads of one layer, each shown for an equal share of the frames;
 * - `generation`: a generation's steps, likewise.
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
        KeyDim,
        Head,
        GenerationStep,
    };

    /// Parses \a spec against \a session (whose keys a key sweep names).
    /// Throws std::invalid_argument with one line saying what is wrong.
    static Sweep parse(std::string_view spec, const Session &session);
    /// Parses \a spec for a model's attention of \a heads heads a layer and
    /// (0 when there is none) a generation of \a steps steps; throws as parse().
    static Sweep parseModel(std::string_view spec, int heads, int steps);
    /// The sweeps as the command line and the window describe them.
    static std::string forms();

    /// True for the sweeps of a session (parse()), false for a model's (parseModel()).
    bool sweepsSession() const;
    /// Head and GenerationStep: the item (0-based head or step) frame \a frame of \a frames shows.
    int item(int frame, int frames) const;
    /// Head and GenerationStep: how many heads or steps there are.
    int itemCount() const { return m_items; }
    /// KeyDim: every d_k of the experiment: LO, the powers of two between, HI.
    std::vector<int> keyDims() const;
    /// KeyDim: how many of keyDims() frame \a frame of \a frames shows (at least two).
    int keyDimsShown(int frame, int frames) const;

    Kind kind() const { return m_kind; }
    /// The session of frame \a frame of \a frames (frames >= 2) swept from \a base.
    Session frame(const Session &base, int frame, int frames) const;
    /// The swept value at frame \a frame of \a frames: a temperature, a
    /// coordinate or the largest d_k shown; 0 or 1 for the two states of
    /// scale and mask; the item for a head or a generation step.
    double value(int frame, int frames) const;

private:
    Kind m_kind = Kind::Temperature;
    double m_from = 0.0;
    double m_to = 0.0;
    bool m_log = false;
    Index m_key = 0;
    Index m_coordinate = 0;
    int m_items = 0;
};

} // namespace AttentionLab
