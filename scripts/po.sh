#!/bin/sh
# kit's message catalogs (gettext's `kit` domain).
# Usage:
#   scripts/po.sh pot [FILE]   extract the messages of the code into po/kit.pot (or FILE), for translators
#   scripts/po.sh build DIR    check and compile po/LANG.po into DIR/LANG/LC_MESSAGES/kit.mo
# A message is the literal first argument of Localized.text(…) (and both of Localized.plural(…)).
set -eu
cd "$(dirname "$0")/.."
case "${1:-}" in
pot)
    files=$(grep -rlE 'Localized\.(text|plural)\(' Sources --include='*.swift' | grep -v '^Sources/KitLocalization/' | sort)
    # Swift's literals read as C's do, for what kit marks: one-line literals, `%s` placeholders.
    xgettext --language=C --from-code=UTF-8 --keyword= --keyword=text --keyword=plural:1,2 \
        --package-name=kit --no-wrap -o "${2:-po/kit.pot}" $files
    echo "${2:-po/kit.pot}: $(grep -c '^msgid "' "${2:-po/kit.pot}") messages (the header is one)"
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
