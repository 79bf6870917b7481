#!/bin/sh
# Verifies the systemd units as `make install` writes them, with systemd-analyze --user verify.
# Fails on any complaint: verify exits 0 on warnings such as unknown keys.
# Usage: scripts/check-units.sh BINDIR   (a directory holding a kitd binary)
set -eu
bindir=$(cd "${1:?usage: check-units.sh BINDIR}" && pwd)
[ -x "$bindir/kitd" ] || { echo "check-units: no kitd in $bindir; build first" >&2; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 700 "$work"
sed "s|@BINDIR@|$bindir|g" "$here/systemd/kitd.service" > "$work/kitd.service"
cp "$here/systemd/kitd.socket" "$work/kitd.socket"
if ! out=$(cd "$work" && XDG_RUNTIME_DIR="$work" systemd-analyze --user verify kitd.service kitd.socket 2>&1); then
    printf '%s\n' "$out" >&2
    echo "check-units: systemd-analyze verify failed" >&2
    exit 1
fi
if [ -n "$out" ]; then
    printf '%s\n' "$out" >&2
    echo "check-units: systemd-analyze verify complained" >&2
    exit 1
fi
echo "check-units: kitd.service and kitd.socket verify cleanly"
