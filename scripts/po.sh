#!/bin/sh
# kit's message catalogs (gettext's `kit` domain).
# Usage:
#   scripts/po.sh pot [FILE]   extract the messages of the code into po/kit.pot (or FILE), for translators
#   scripts/po.sh build DIR    check and compile po/LANG.po into DIR/LANG/LC_MESSAGES/kit.mo
# A message is the literal first argument of Localized.text(…) (and both of
# Localized.plural(…)), or the interpolated literal a KitError is made with or marked with .message(…) (scripts/kit-messages.py),
# or a step or note of the ramen catalog (scripts/ramen-messages.py).
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
pot)
    out=$(realpath -m "${2:-po/kit.pot}")
    files=$(grep -rlE 'Localized\.(text|plural)\(' Sources --include='*.swift' | grep -v '^Sources/KitLocalization/Localized.swift' | sort)
    # Swift's one-line literals read as C's do, for what kit marks (`%s` placeholders); its
    # multi-line literals (`"""` … `"""`, never marked) do not, so a copy of each file has them
    # blanked, line numbers kept, for xgettext to read.
    copies=$(mktemp -d)
    trap 'rm -rf "$copies"' EXIT
    for file in $files; do
        mkdir -p "$copies/$(dirname "$file")"
        awk '/"""/ { gsub(/"""/, "\"\""); print; inside = !inside; next } { print (inside ? "" : $0) }' \
            "$file" > "$copies/$file"
    done
    (cd "$copies" && xgettext --language=C --from-code=UTF-8 --keyword= --keyword=text --keyword=plural:1,2 \
        --package-name=kit --no-wrap -o "$copies/marked.pot" $files)
    # The refusals written as interpolated literals where a KitError is made (KitMessage), which
    # kitd sends with their template for kitctl to translate.
    ./scripts/kit-messages.py $(find Sources -name '*.swift' | sort) > "$copies/refusals.pot"
    # The ramen catalog's steps and notes, looked up as they stand.
    ./scripts/ramen-messages.py Sources/KitRamenCatalog/ramen-catalog.json > "$copies/ramen.pot"
    msgcat --use-first --no-wrap -o "$out" "$copies/marked.pot" "$copies/refusals.pot" "$copies/ramen.pot"
    echo "${2:-po/kit.pot}: $(grep -c '^msgid "' "$out") messages (the header is one)"
    ;;
build)
    out="${2:?usage: scripts/po.sh build DIR}"
    for po in po/*.po; do
        lang=$(basename "$po" .po)
        mkdir -p "$out/$lang/LC_MESSAGES"
        msgfmt --check -o "$out/$lang/LC_MESSAGES/kit.mo" "$po"
    done
    ;;
*)
    echo "usage: scripts/po.sh pot | build DIR" >&2
    exit 1
    ;;
esac
