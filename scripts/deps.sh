#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Installs what Attention Lab needs to build, run and test, from Debian 12's
# packages only. Uses sudo when not root; does nothing when all are present.
set -euo pipefail

packages=(
    g++ cmake make
    qt6-base-dev qt6-svg-dev libqcustomplot-dev
    libeigen3-dev libgl1-mesa-dev
    libzip-dev pkg-config
    libgif-dev # animate: GIFs through giflib
    libavcodec-dev libavformat-dev libavutil-dev libswscale-dev # the MP4 plugin (H.264)
    zlib1g-dev # tst_hubtokenizer unpacks the gzipped tokenizer.json files
    libsentencepiece-dev # SentencePiece .model files (T5, Marian), through the reference library
    fonts-dejavu-core
    poppler-utils
    clang libclang-rt-14-dev libomp-dev
    clang-format git
    python3 python3-numpy python3-pytest # python/: the notebook module and its tests
    python3-nbclient python3-nbformat python3-ipykernel # python/tests: a real kernel renders inline
    # scripts/install-check.sh: the icons, the man page, the validators, the .deb
    librsvg2-bin help2man gzip desktop-file-utils appstream shared-mime-info
    dpkg-dev file lintian
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
