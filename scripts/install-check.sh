#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Checks Attention Lab as it is installed: a portable Release build
# (-DATTENTIONLAB_NATIVE=OFF, no tests) in build-package/ (or $PACKAGE_BUILD_DIR),
# `cmake --install` into a DESTDIR, the validators on the desktop entry, the
# metainfo and the MIME types, the man page, the icons and the bash completion,
# the installed binary's --one and its two built-in models, then the .deb from
# CPack: its contents, its binary's --one and models, and lintian (failing on
# any error).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${PACKAGE_BUILD_DIR:-$root/build-package}
id=io.github.attentionlab.AttentionLab
"$root/scripts/deps.sh"

# A build dir given by PACKAGE_BUILD_DIR (CI passes test.sh's, portable by
# default) is reused as it is, tests and all: only its install is checked.
tests=(-DATTENTIONLAB_TESTS=OFF)
[[ -n ${PACKAGE_BUILD_DIR:-} ]] && tests=()
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DATTENTIONLAB_NATIVE=OFF "${tests[@]}"
cmake --build "$build" --parallel 2
if grep -rq --include=flags.make -e '-march=native' "$build"; then
    echo "install-check: the portable build compiles with -march=native"
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dest=$work/root
DESTDIR=$dest cmake --install "$build" --prefix /usr >/dev/null
share=$dest/usr/share
echo "== installed files"
(cd "$dest" && find . -type f | sort)

echo "== desktop-file-validate"
desktop-file-validate "$share/applications/$id.desktop"
echo "== appstreamcli validate --no-net"
appstreamcli validate --no-net "$share/metainfo/$id.metainfo.xml"
echo "== MIME types"
mkdir -p "$work/mime/packages"
cp "$share/mime/packages/$id.xml" "$work/mime/packages/"
XDG_DATA_DIRS=$work update-mime-database "$work/mime"
grep -q '^application/x-attention-lab-session:\*\.attention\.json$' "$work/mime/globs"
for type in application/x-npy application/x-npz application/x-safetensors; do
    grep -q "^$type:" "$work/mime/globs"
done

echo "== icons"
file "$share/icons/hicolor/scalable/apps/$id.svg" | grep -q 'SVG'
for size in 16 32 48 64 128 256; do
    file "$share/icons/hicolor/${size}x${size}/apps/$id.png" | grep -q "PNG image data, $size x $size"
done
echo "== man page"
zcat "$dest/usr/share/man/man1/attention-lab.1.gz" | grep -q '^\.TH ATTENTION-LAB "1"'
zcat "$dest/usr/share/man/man1/attention-lab.1.gz" | grep -q -- 'lecture example'
echo "== bash completion"
bash "$root/tests/packaging/completion_test.sh" \
    "$share/bash-completion/completions/attention-lab" "$dest/usr/bin/attention-lab"
echo "== the notebook module"
for module in "$root"/python/attention_lab/*.py; do
    cmp "$module" "$dest/usr/lib/python3/dist-packages/attention_lab/$(basename "$module")"
done
PYTHONPATH=$dest/usr/lib/python3/dist-packages /usr/bin/python3 -c \
    'import attention_lab; print("attention_lab", attention_lab.__version__)'
echo "== presets"
for preset in "$root"/resources/presets/*.json; do
    cmp "$preset" "$share/attention-lab/presets/$(basename "$preset")"
done
echo "== built-in model"
for file in config.json model.safetensors vocab.json merges.txt README.md; do
    cmp "$root/resources/models/builtin/$file" "$share/attention-lab/models/builtin/$file"
done
"$dest/usr/bin/attention-lab" model builtin --text "a member of the genus" | grep -q '4 layers'
echo "== built-in translator"
for file in config.json model.safetensors vocab.json source.spm target.spm README.md card.json; do
    cmp "$root/resources/models/builtin-en-fr/$file" "$share/attention-lab/models/builtin-en-fr/$file"
done
"$dest/usr/bin/attention-lab" model builtin-en-fr --text "Show hidden files" | grep -q 'Marian'

# --one prints the lecture example: the same as the native build when there
# is one, and in any case the chapter's weights and entropy.
check_one() {
    local out=$1
    grep -q '0\.3369' <<<"$out" && grep -q '0\.3019' <<<"$out" && grep -q '0\.3611' <<<"$out" &&
        grep -q '1\.5811' <<<"$out" || {
        echo "install-check: $2 --one does not print the lecture example"
        return 1
    }
    if [[ -x $root/build/app/attention-lab ]]; then
        diff <("$root/build/app/attention-lab" --one) <(printf '%s\n' "$out")
    fi
}
echo "== installed --one"
check_one "$("$dest/usr/bin/attention-lab" --one)" "the installed binary"

# The binary links no FFmpeg; its MP4 plugin does, and is found relative to it.
check_mp4() {
    local bin=$1 out=$work/check.mp4
    bash "$root/tests/packaging/linkage_test.sh" "$bin" \
        "$(dirname "$bin")/../lib/attention-lab/plugins/libattention-lab-mp4.so" >/dev/null
    rm -f "$out"
    "$bin" animate "$root/resources/presets/lecture.json" -o "$out" --sweep mask \
        --width 320 --height 240
    head -c 8 "$out" | tail -c 4 | grep -q ftyp || {
        echo "install-check: $bin wrote no MP4"
        return 1
    }
}
echo "== installed MP4 plugin"
check_mp4 "$dest/usr/bin/attention-lab"

echo "== cpack -G DEB"
rm -f "$build"/attention-lab_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/attention-lab_*_amd64.deb)
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
dpkg-deb --contents "$deb" | awk '{print $6}'
mkdir "$work/deb"
dpkg-deb -x "$deb" "$work/deb"
file "$work/deb/usr/bin/attention-lab" | grep -q 'stripped' &&
    ! file "$work/deb/usr/bin/attention-lab" | grep -q 'not stripped'
check_one "$("$work/deb/usr/bin/attention-lab" --one)" "the packaged binary"
# dpkg-shlibdeps read the plugin's FFmpeg libraries into Depends.
depends=$(dpkg-deb -f "$deb" Depends)
for library in libavcodec libavformat libswscale; do
    grep -q "$library" <<<"$depends" || {
        echo "install-check: the package does not depend on $library"
        exit 1
    }
done
check_mp4 "$work/deb/usr/bin/attention-lab"
# The package's built-in model opens from the packaged binary, with no network.
"$work/deb/usr/bin/attention-lab" tokenize builtin --text "a dog" | grep -q 'dog'
"$work/deb/usr/bin/attention-lab" generate builtin-en-fr --text "Show hidden files" --tokens 4 \
    >/dev/null
cmp "$root/resources/models/builtin/model.safetensors" \
    "$work/deb/usr/share/attention-lab/models/builtin/model.safetensors"
# import attention_lab works from the package's tree.
PYTHONPATH=$work/deb/usr/lib/python3/dist-packages /usr/bin/python3 -c 'import attention_lab'
dpkg-deb -f "$deb" Recommends | grep -q python3-numpy
echo "== lintian"
lintian --fail-on error --info "$deb"
echo "install-check: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB, installs and validates"
