#!/bin/sh
# Usage: check-order.sh BINARY [ORDER_FILE]
# kitctl is linked with scripts/kitctl.order (make release, make static) and
# --no-warn-symbol-ordering, since a few of its symbols come and go with each build. A function
# renamed or gone then silently loses its place, and kitctl's start-up decays unnoticed: this
# fails when more than 2 % of the file's symbols are not in BINARY, and names them.
set -eu
binary=$1
order=${2:-scripts/kitctl.order}
percent=2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm "$binary" | awk '{ print $NF }' | sort -u > "$work/present"
grep -v '^#' "$order" | grep . | sort -u > "$work/ordered"
comm -23 "$work/ordered" "$work/present" > "$work/missing"
total=$(wc -l < "$work/ordered")
missing=$(wc -l < "$work/missing")
if [ $((missing * 100)) -gt $((total * percent)) ]; then
    echo "check-order: $missing of the $total symbols $order lays out are not in $binary (renamed or gone):" >&2
    head -n 10 "$work/missing" >&2
    echo "check-order: write it again with scripts/kitctl-order.py (see its first lines)" >&2
    exit 1
fi
echo "check-order: $order is current for $binary ($missing of $total symbols missing)"
