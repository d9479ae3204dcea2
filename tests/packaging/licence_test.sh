#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Checks that the project carries its licence everywhere a user or a package
# manager looks: usage: licence_test.sh SOURCE_DIR. LICENSE is the GPL,
# version 3; every source, build, script and resource file has an SPDX line in
# its first four lines; the AppStream metainfo, Debian's copyright file, CPack
# and the About box name GPL-3.0-or-later.
set -uo pipefail
root=$1
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

grep -q "GNU GENERAL PUBLIC LICENSE" "$root/LICENSE" && grep -q "Version 3, 29 June 2007" "$root/LICENSE" ||
    fail "LICENSE is not the GNU GPL, version 3"

checked=0
while IFS= read -r -d '' file; do
    checked=$((checked + 1))
    head -n 4 "$file" | grep -q "SPDX-License-Identifier: GPL-3.0-or-later" ||
        fail "${file#"$root"/} has no SPDX-License-Identifier line"
done < <(find "$root/app" "$root/core" "$root/io" "$root/ui" "$root/tests" "$root/scripts" \
    "$root/benchmarks" "$root/cmake" "$root/resources" "$root/python" "$root/CMakeLists.txt" "$root/.ci" \
    -path "$root/tests/data/*" ! -name '*.py' ! -name '*.js' -prune -o \
    -path "$root/tests/fuzz/corpus" -prune -o \
    -name '.pytest_cache' -prune -o -name '__pycache__' -prune -o \
    -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.cmake' -o -name CMakeLists.txt \
    -o -name '*.sh' -o -name '*.py' -o -name '*.js' -o -name '*.svg' -o -name '*.xml' \
    -o -name '*.desktop' -o -name '*.toml' -o -name run -o -name attention-lab \) -print0)
[ "$checked" -gt 300 ] || fail "only $checked files were checked: is $root the source folder?"

metainfo=$root/resources/desktop/io.github.attentionlab.AttentionLab.metainfo.xml
grep -q "<project_license>GPL-3.0-or-later</project_license>" "$metainfo" ||
    fail "the metainfo has no project_license GPL-3.0-or-later"
grep -q "^License: GPL-3.0-or-later" "$root/resources/debian/copyright" ||
    fail "debian/copyright does not license Files: * as GPL-3.0-or-later"
grep -q "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" \
    "$root/resources/debian/copyright" || fail "debian/copyright is not machine-readable"
grep -q 'CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE"' "$root/cmake/Install.cmake" ||
    fail "CPack has no package licence"
grep -q "GPL-3.0-or-later" "$root/ui/window/mainwindowmenus.cpp" || fail "the About box names no licence"

echo "$checked files checked, $failures failures"
[ "$failures" -eq 0 ]
