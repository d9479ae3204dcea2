#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# One command from a fresh Debian 12 machine to Attention Lab: installs the
# dependencies, builds in Release and starts the program (arguments are
# passed on, so `scripts/run.sh --one` prints the lecture example).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/deps.sh"
"$root/scripts/build.sh"
exec "${BUILD_DIR:-$root/build}/app/attention-lab" "$@"
