#!/bin/sh
# Writes kit's man pages under OUT: man1/ for kitctl and each of its subcommands, made by
# swift-argument-parser's generate-manual from the kitctl binary itself, and the hand-written
# man8/kitd.8, man5/kit.toml.5 and man7/kit.7 from docs/man.
# Usage: scripts/man-pages.sh GENERATE_MANUAL KITCTL OUT
set -eu
cd "$(dirname "$0")/.."
generate=$1 kitctl=$2 out=$3
# The pages are English whatever the builder's locale: kitctl's help follows LC_MESSAGES (Korean
# under ko_KR).
LC_ALL=C.UTF-8
export LC_ALL
mkdir -p "$out/man1" "$out/man5" "$out/man7" "$out/man8"
# generate-manual drops every character that is not ASCII, and the examples have Korean in them
# (kitctl sw laps 공부): it reads the help through scripts/ascii-help.sh, which writes each such
# character as an ASCII mark, @@uACF5@@, and the pages have groff's \[uACF5] for it.
KIT_KITCTL=$(realpath "$kitctl")
export KIT_KITCTL
"$generate" "$PWD/scripts/ascii-help.sh" --multi-page --section 1 --authors "kit's maintainers" \
    --output-directory "$out/man1"
perl -pi -e 's/\@\@u([0-9A-F]{4,6})\@\@/\\[u$1]/g' "$out"/man1/*.1
# `kitctl help` is ArgumentParser's own help command, not one of kit's.
rm -f "$out/man1/kitctl.help.1"
# A subcommand's page names it `.Nm "kitctl timer start"`, which man-db's lexgrog cannot read: it then
# has no whatis entry (no `whatis`, no `apropos`; lintian's bad-whatis-entry). Its page name follows
# as a second name: NAME reads "kitctl timer start, kitctl.timer.start — Start a countdown.", and the
# SYNOPSIS, which repeats the first, still shows the command as typed.
for page in "$out"/man1/kitctl.*.1; do
    awk -v name="$(basename "$page" .1)" '
        !done && /^\.Nm "[^"]*"( ,)?$/ {
            more = ($0 ~ / ,$/) ? " ," : ""
            sub(/ ,$/, "")
            print $0 " ,"
            print ".Nm " name more
            done = 1
            next
        }
        { print }' "$page" > "$page.new"
    mv "$page.new" "$page"
done
install -m 0644 docs/man/kitd.8 "$out/man8/kitd.8"
install -m 0644 docs/man/kit.toml.5 "$out/man5/kit.toml.5"
install -m 0644 docs/man/kit.7 "$out/man7/kit.7"
