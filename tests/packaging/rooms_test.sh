#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Checks that no room of the program reaches upward: usage: rooms_test.sh
# SOURCE_DIR. Each folder may include its own headers and those of the rooms
# below it, in the order the CMake targets link them:
#   core/support < core/kernels < core/maths < core/sets < core/model
#     < io < ui/settings < ui/document < ui/figure, ui/views < ui/labs, ui/model, ui/record < ui/window < app
# (ui/figure paints without widgets: core and io only; core/CMakeLists.txt
# says what each room of core/ holds). A line such as
# '#include "ui/window/preferences.h"' in ui/views, or '#include
# "core/model/modelrun.h"' in core/sets, fails, naming the file; so does a
# source file in core/ outside its rooms.
set -uo pipefail
root=$1
failures=0
checked=0

core="core/support core/kernels core/maths core/sets core/model"
allowed() {
    case $1 in
    core/support) echo "core/support" ;;
    core/kernels) echo "core/support core/kernels" ;;
    core/maths) echo "core/support core/kernels core/maths" ;;
    core/sets) echo "core/support core/kernels core/maths core/sets" ;;
    core/model) echo "$core" ;;
    io) echo "$core io" ;;
    ui/settings) echo "ui/settings" ;;
    ui/figure) echo "$core io ui/figure" ;;
    ui/document) echo "$core io ui/settings ui/document" ;;
    ui/views) echo "$core io ui/settings ui/document ui/figure ui/views" ;;
    ui/labs) echo "$core io ui/settings ui/document ui/figure ui/views ui/labs" ;;
    ui/model) echo "$core io ui/settings ui/document ui/figure ui/views ui/model" ;;
    ui/record) echo "$core io ui/settings ui/document ui/figure ui/views ui/record" ;;
    ui/window) echo "$core io ui/settings ui/document ui/figure ui/views ui/labs ui/model ui/record ui/window" ;;
    app) echo "$core io ui/settings ui/document ui/figure ui/views ui/labs ui/model ui/record ui/window app" ;;
    esac
}

# Every source file of core/ lives in one of its rooms.
while IFS= read -r -d '' file; do
    echo "FAIL: ${file#"$root"/} is in core/ but in none of its rooms ($core)"
    failures=$((failures + 1))
done < <(find "$root/core" -maxdepth 1 -type f \( -name '*.cpp' -o -name '*.h' \) -print0)

for room in $core io ui/settings ui/figure ui/document ui/views ui/labs ui/model ui/record ui/window app; do
    rooms=$(allowed "$room")
    while IFS= read -r -d '' file; do
        checked=$((checked + 1))
        while IFS= read -r line; do
            target=${line#*\"}
            target=${target%%\"*}
            case $target in
            ui/* | core/*) top=$(echo "$target" | cut -d/ -f1-2) ;;
            *) top=${target%%/*} ;;
            esac
            case $top in
            core/* | io | ui/* | app) ;;
            *) continue ;; # a header beside the file, or a third party's
            esac
            ok=0
            for r in $rooms; do
                [ "$r" = "$top" ] && ok=1
            done
            if [ $ok -eq 0 ]; then
                echo "FAIL: ${file#"$root"/} (room $room) includes $target, from a room above it"
                failures=$((failures + 1))
            fi
        done < <(grep -h '^#include "' "$file")
    done < <(find "$root/$room" -type f \( -name '*.cpp' -o -name '*.h' \) -print0)
done
[ "$checked" -gt 250 ] || { echo "FAIL: only $checked files checked"; failures=$((failures + 1)); }
echo "$checked files checked, $failures failures"
[ "$failures" -eq 0 ]
