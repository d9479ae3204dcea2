// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#include "core/maths/sweep.h"

#include "core/maths/inputtext.h"
#include "core/maths/scaleexperiment.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace AttentionLab {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    for (;;) {
        const size_t at = text.find(separator);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos)
            return parts;
        text.remove_prefix(at + 1);
    }
}

[[noreturn]] void refuse(const std::string &why)
{
    throw std::invalid_argument(why);
}

double number(std::string_view text, std::string_view spec)
{
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value))
        refuse("--sweep " + inputText(spec) + ": \"" + inputText(text) + "\" is not a number");
    return value;
}

constexpr std::string_view kForms =
    "temperature=LO:HI:log|lin, scale, mask, key:TOKEN:COORD=FROM:TO or dk=LO:HI";
constexpr std::string_view kModelForms = "head or generation";

long long wholeNumber(std::string_view text, std::string_view spec)
{
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        refuse("--sweep " + inputText(spec) + ": \"" + inputText(text) +
               "\" is not a whole number");
    return value;
}

} // namespace

Sweep Sweep::parse(std::string_view spec, const Session &session)
{
    // Every echo of the option is quoted: escaped and cut (issue 36, item 13).
    const std::string shown = inputText(spec);
    Sweep sweep;
    if (spec == "scale") {
        sweep.m_kind = Kind::Scale;
        return sweep;
    }
    if (spec == "mask") {
        sweep.m_kind = Kind::Mask;
        return sweep;
    }
    if (spec == "head" || spec == "generation")
        refuse("--sweep " + shown +
               " sweeps a model's attention: give an attention file (.npy, "
               ".npz, .safetensors)");
    const size_t eq = spec.find('=');
    const std::string_view head = spec.substr(0, eq);
    if (eq == std::string_view::npos ||
        (head != "temperature" && head != "dk" && !head.starts_with("key:")))
        refuse("--sweep: unknown sweep \"" + shown + "\" (use " + std::string(kForms) + ")");
    const std::vector<std::string_view> range = split(spec.substr(eq + 1), ':');
    if (head == "dk") {
        if (range.size() != 2)
            refuse("--sweep " + shown + ": give the range of d_k as dk=LO:HI");
        const long long from = wholeNumber(range[0], spec), to = wholeNumber(range[1], spec);
        if (from < ScaleExperimentLimits::kMinKeyDim || to > ScaleExperimentLimits::kMaxKeyDim)
            refuse("--sweep " + shown + ": d_k must be from " +
                   std::to_string(ScaleExperimentLimits::kMinKeyDim) + " to " +
                   std::to_string(ScaleExperimentLimits::kMaxKeyDim));
        if (from >= to)
            refuse("--sweep " + shown + ": the range is empty (LO must be below HI)");
        sweep.m_kind = Kind::KeyDim;
        sweep.m_from = double(from);
        sweep.m_to = double(to);
        return sweep;
    }
    if (head == "temperature") {
        if (range.size() != 3 || (range[2] != "log" && range[2] != "lin"))
            refuse("--sweep " + shown + ": give the range as temperature=LO:HI:log or :lin");
        sweep.m_kind = Kind::Temperature;
        sweep.m_from = number(range[0], spec);
        sweep.m_to = number(range[1], spec);
        sweep.m_log = range[2] == "log";
        if (!(sweep.m_from > 0.0) || !(sweep.m_to > 0.0))
            refuse("--sweep " + shown + ": a temperature must be above 0");
        if (sweep.m_from == sweep.m_to)
            refuse("--sweep " + shown + ": the range is empty (LO equals HI)");
        return sweep;
    }
    const std::vector<std::string_view> key = split(head, ':');
    if (key.size() != 3 || range.size() != 2)
        refuse("--sweep " + shown + ": give a key's coordinate as key:TOKEN:COORD=FROM:TO");
    sweep.m_kind = Kind::KeyCoordinate;
    sweep.m_key = -1;
    for (Index j = 0; j < session.keys.rows(); ++j) {
        if (session.keyLabel(j) == key[1]) {
            sweep.m_key = j;
            break;
        }
    }
    if (sweep.m_key < 0)
        refuse("--sweep " + shown + ": no key is labelled \"" + inputText(key[1]) + "\"");
    long long coordinate = 0;
    const auto [end, error] =
        std::from_chars(key[2].data(), key[2].data() + key[2].size(), coordinate);
    if (key[2].empty() || error != std::errc() || end != key[2].data() + key[2].size())
        refuse("--sweep " + shown + ": \"" + inputText(key[2]) + "\" is not a coordinate number");
    if (coordinate < 1 || coordinate > session.keys.cols())
        refuse("--sweep " + shown + ": coordinate " + std::to_string(coordinate) +
               " is out of range (1 to " + std::to_string(session.keys.cols()) + ")");
    sweep.m_coordinate = Index(coordinate - 1);
    sweep.m_from = number(range[0], spec);
    sweep.m_to = number(range[1], spec);
    if (sweep.m_from == sweep.m_to)
        refuse("--sweep " + shown + ": the range is empty (FROM equals TO)");
    return sweep;
}

Sweep Sweep::parseModel(std::string_view spec, int heads, int steps)
{
    // Every echo of the option is quoted: escaped and cut (issue 36, item 13).
    const std::string shown = inputText(spec);
    Sweep sweep;
    if (spec == "head") {
        if (heads < 1)
            refuse("--sweep head: the attention has no heads");
        sweep.m_kind = Kind::Head;
        sweep.m_items = heads;
        return sweep;
    }
    if (spec == "generation") {
        if (steps < 1)
            refuse("--sweep generation: there is no generation to step through");
        sweep.m_kind = Kind::GenerationStep;
        sweep.m_items = steps;
        return sweep;
    }
    if (spec == "scale" || spec == "mask" || spec.starts_with("temperature=") ||
        spec.starts_with("key:") || spec.starts_with("dk="))
        refuse("--sweep " + shown + " sweeps a session: give a session file (SESSION.json)");
    refuse("--sweep: unknown sweep \"" + shown + "\" for a model's attention (use " +
           std::string(kModelForms) + ")");
}

std::string Sweep::forms()
{
    return std::string(kForms) + "; for a model's attention " + std::string(kModelForms);
}

bool Sweep::sweepsSession() const
{
    switch (m_kind) {
    case Kind::Temperature:
    case Kind::Scale:
    case Kind::Mask:
    case Kind::KeyCoordinate:
    case Kind::KeyDim:
        return true;
    case Kind::Head:
    case Kind::GenerationStep:
        return false;
    }
    return true;
}

int Sweep::item(int frame, int frames) const
{
    if (m_items < 1 || frames < 1)
        return 0;
    return std::min(m_items - 1, int((long long)frame * m_items / frames));
}

std::vector<int> Sweep::keyDims() const
{
    std::vector<int> dims{int(m_from)};
    for (long long d = 1; d < (long long)m_to; d *= 2)
        if (d > (long long)m_from)
            dims.push_back(int(d));
    dims.push_back(int(m_to));
    return dims;
}

int Sweep::keyDimsShown(int frame, int frames) const
{
    const std::vector<int> dims = keyDims();
    const double largest = value(frame, frames);
    int shown = 0;
    for (int d : dims)
        shown += d <= largest * (1.0 + 1e-12);
    return std::clamp(shown, 2, int(dims.size()));
}

double Sweep::value(int frame, int frames) const
{
    const double t = frames > 1 ? double(frame) / double(frames - 1) : 0.0;
    switch (m_kind) {
    case Kind::Scale:
    case Kind::Mask:
        // Two states, each held for half the frames: the pause.
        return frame < frames / 2 ? 0.0 : 1.0;
    case Kind::Temperature:
        // Between the logarithms: TO / FROM overflows for a FROM as small as
        // 5e-324, and every frame but the last was infinite (issue 36, item 12).
        if (m_log)
            return frame == frames - 1 ? m_to
                   : frame == 0
                       ? m_from
                       : std::exp(std::log(m_from) + (std::log(m_to) - std::log(m_from)) * t);
        return m_from + (m_to - m_from) * t;
    case Kind::KeyCoordinate:
        return frame == frames - 1 ? m_to : m_from + (m_to - m_from) * t;
    case Kind::KeyDim:
        return frame == frames - 1 ? m_to : m_from * std::pow(m_to / m_from, t);
    case Kind::Head:
    case Kind::GenerationStep:
        return item(frame, frames);
    }
    return 0.0;
}

Session Sweep::frame(const Session &base, int frame, int frames) const
{
    Session session = base;
    const double v = value(frame, frames);
    switch (m_kind) {
    case Kind::Temperature:
        session.options.temperature = v;
        break;
    case Kind::Scale:
        session.options.scale = v != 0.0;
        break;
    case Kind::Mask:
        session.options.mask = v != 0.0 ? MaskMode::CausalAfterSoftmax : MaskMode::Causal;
        break;
    case Kind::KeyCoordinate: {
        // V = K when the session gives no values: the key then moves its value too.
        session.keys(m_key, m_coordinate) = v;
        break;
    }
    case Kind::KeyDim:
    case Kind::Head:
    case Kind::GenerationStep:
        break; // the experiment's settings or the model's selection, not the session
    }
    return session;
}

} // namespace AttentionLab
