#!/bin/sh
# Prints kitctl's completion script for one shell: bash, zsh or fish.
# Usage: scripts/completions.sh SHELL [KITCTL]
#
# fish 3.x (Debian 12 has 3.6) cannot run `commandline -tC`, which swift-argument-parser's fish
# script uses to pass the cursor position to kitctl's own completers (tags, place names). The
# cursor is at the end of the current token when Tab is pressed, so its length is used instead;
# this works on fish 3 and 4 alike.
set -eu
shell="$1"
kitctl="${2:-kitctl}"
case "$shell" in
fish)
    "$kitctl" --generate-completion-script fish |
        sed 's/(__kitctl_tokens -tC)/(string length -- "$(commandline -ct)")/g'
    ;;
bash | zsh)
    "$kitctl" --generate-completion-script "$shell"
    ;;
*)
    echo "usage: $0 bash|zsh|fish [kitctl]" >&2
    exit 1
    ;;
esac
