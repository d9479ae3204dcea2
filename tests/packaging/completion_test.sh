#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
# Tests the bash completion of attention-lab: usage: completion_test.sh
# COMPLETION_FILE [ATTENTION_LAB]. Completes command lines in a folder of
# sample files as bash would (COMP_WORDS, COMP_CWORD) and checks what is
# offered and what is not; with the program, also that every option its
# --help names is completed.
set -uo pipefail
completion=$1
program=${2:-}
failures=0

# shellcheck source=/dev/null
source "$completion"

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

registered=$(complete -p attention-lab 2>&1)
[[ $registered == "complete -F _attention_lab attention-lab" ]] ||
    fail "complete -p attention-lab: $registered"

sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT
cd "$sandbox" || exit 1
touch lecture.json talk.attention.json tired.npy tired.npz tired.safetensors figure.png notes.txt
mkdir gpt2

# complete LINE...: the words of a command line, the last one being completed.
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _attention_lab 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect "LINE" "OFFERED..." -- "NOT OFFERED..."
expect() {
    local line=$1
    shift
    local -a words
    read -r -a words <<<"$line"
    [[ $line == *" " ]] && words+=("")
    local offered
    offered=$(complete_words "${words[@]}")
    local want=1
    for item in "$@"; do
        if [[ $item == -- ]]; then
            want=0
            continue
        fi
        if grep -qxF -- "$item" <<<"$offered"; then
            ((want)) || fail "'$line' offers $item"
        else
            ((want)) && fail "'$line' does not offer $item (offers: $(echo $offered))"
        fi
    done
}

expect "attention-lab " eval bench export inspect tokenize model lecture.json talk.attention.json \
    tired.npy tired.npz tired.safetensors gpt2 -- notes.txt figure.png
expect "attention-lab --" --one --select --scale --mask --params --cost --json --presentation \
    --help --version --seed --dk --d-model
expect "attention-lab --s" --select --scale --seed -- --one
expect "attention-lab eval " lecture.json talk.attention.json gpt2 -- tired.npy notes.txt
expect "attention-lab inspect " tired.npy tired.npz tired.safetensors -- lecture.json figure.png
expect "attention-lab inspect tired.npz --" --tokens --batch --json -- --one
expect "attention-lab tokenize " gpt2 -- lecture.json tired.npy
expect "attention-lab model " gpt2 builtin builtin-en-fr -- lecture.json
expect "attention-lab tokenize b" builtin builtin-en-fr -- gpt2
expect "attention-lab bench --model " gpt2 builtin -- lecture.json
expect "attention-lab model gpt2 -" --text --pair --bos --json -o --session --repeat-random --seed \
    --target --set
expect "attention-lab tokenize gpt2 -" --text --target --json
expect "attention-lab model gpt2 --text hi -o " tired.npz tired.safetensors lecture.json gpt2 \
    -- figure.png tired.npy
expect "attention-lab animate " lecture.json tired.npy gpt2 -- figure.png notes.txt
expect "attention-lab animate lecture.json --" --sweep --frames --fps --hold --view --width \
    --colormap --theme -- --layer --words --transparent
expect "attention-lab animate lecture.json -o " -- figure.png lecture.json
expect "attention-lab animate lecture.json --sweep " temperature=0.1:10:log scale mask key: \
    dk=1:1024 -- head generation
expect "attention-lab animate tired.npz --sweep " head -- mask generation
expect "attention-lab animate tired.npz --" --layer --words --tokens -- --text --greedy
expect "attention-lab animate gpt2 --sweep " generation -- head mask
expect "attention-lab animate gpt2 --" --text --tokens --greedy --seed --layer --head -- --batch
expect "attention-lab bench --" --n --d --json --gui --model -- --one
expect "attention-lab bench --model " gpt2 -- lecture.json
expect "attention-lab export " lecture.json tired.npy tired.npz tired.safetensors -- figure.png
expect "attention-lab export lecture.json -o " figure.png gpt2 -- lecture.json tired.npy
expect "attention-lab export lecture.json --view " figure weights scores logits entropy geometry \
    scale mask heads positional params cost grid head lines average rollout
expect "attention-lab export lecture.json --colormap c" cividis -- viridis
expect "attention-lab export lecture.json --theme " light dark
expect "attention-lab export lecture.json --numbers " on off
expect "attention-lab export lecture.json --scale " -- lecture.json figure.png
expect "attention-lab export tired.npz -" -o --view --width --height --scale --colormap --theme \
    --numbers --title --transparent --layer --head --words --tokens --batch --layout --set
expect "attention-lab inspect tired.npz --tokens " notes.txt lecture.json -- tired.npy
expect "attention-lab inspect tired.npy --layout " LBHQK BLHQK
expect "attention-lab inspect pairs.npz --set " encoder decoder cross

# Every option the program's --help names is completed somewhere.
if [[ -n $program ]]; then
    help=$(QT_QPA_PLATFORM=offscreen "$program" --help) || fail "$program --help failed"
    for option in $(grep -oE -- '(^|[ [|])--?[a-z][a-z-]*' <<<"$help" | grep -oE -- '--?[a-z][a-z-]*' | sort -u); do
        grep -qE -- "(^|[ \"])$option([ \")|]|$)" "$completion" || fail "--help names $option, the completion does not"
    done
fi

if ((failures)); then
    echo "$failures completion checks failed"
    exit 1
fi
echo "bash completion: every check passed"
