// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// libFuzzer target for .npy attention files: every input is refused with one
// line or reads into a tensor of distributions (attentionfuzzcheck.h).

#include "attentionfuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return AttentionFuzz::run("npy_fuzzer", QStringLiteral("fuzz.npy"), data, size);
}
