# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# The measuring step the memory benchmarks share (sourced, not run):
# measure LABEL COMMAND... runs the command under an address-space cap of
# $cap KiB with /usr/bin/time -v, its output counted into $dir/size, and
# prints one row: the label (padded to $label_width, 34 unless set), the
# peak resident size, the wall time, the exit status and the first line the
# program said.
measure() {
    label=$1
    shift
    (
        ulimit -v "$cap"
        /usr/bin/time -v "$@" 2>"$dir/err" | wc -c >"$dir/size"
    ) || true
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/err")
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/err")
    status=$(sed -n 's/.*Exit status: //p' "$dir/err")
    message=$(grep '^attention-lab:' "$dir/err" | head -n 1 | cut -c1-110 || true)
    printf "%-${label_width:-34}s %8.2f GiB %9s  exit %s  %s\n" "$label" \
        "$(echo "$rss / 1048576" | bc -l)" "$wall" "$status" "$message"
}
