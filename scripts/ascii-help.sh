#!/bin/sh
# What kitctl ($KIT_KITCTL) prints, with each character that is not ASCII written as an ASCII mark,
# @@uACF5@@: swift-argument-parser's generate-manual drops such characters, and reads the help
# through this (scripts/man-pages.sh puts groff's \[uACF5] for the marks in the pages).
set -eu
help=$(mktemp)
trap 'rm -f "$help"' EXIT
"$KIT_KITCTL" "$@" > "$help"
perl -CSD -pe 's/([^\x00-\x7f])/sprintf("\@\@u%04X\@\@", ord($1))/ge' "$help"
