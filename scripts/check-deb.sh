#!/bin/sh
# Checks the Debian package that `make deb` built, as a user would get it:
#   1. it unpacks (dpkg-deb -x) into a temporary root and holds every file it should, at kit's version;
#   2. kitd and kitctl load no library from the Swift toolchain, find every library, and have no run path;
#   3. they run from that root alone, with PATH=/usr/bin:/bin and a temporary XDG tree, on a private
#      session (dbus-daemon, Xvfb, dunst): kitd starts, reads the packaged ramen catalog, and the popup
#      of `kitctl timer start 1s --name pkgcheck` reaches dunst;
#   4. systemd-analyze --user verify passes on the unpacked units;
#   5. every unpacked man page renders without a warning and has a whatis entry;
#   6. prints the package's size and Depends, and lintian passes (--fail-on error,warning).
# Each step says what it checks; the first failure stops the script with a nonzero exit.
# Usage: scripts/check-deb.sh [DEB]   (make check-deb builds it first; default .build-deb/kit_VERSION_ARCH.deb)
set -eu
cd "$(dirname "$0")/.."
version=$(./scripts/version.sh)
deb=${1:-.build-deb/kit_${version}_$(dpkg --print-architecture).deb}
[ -f "$deb" ] || { echo "check-deb: no $deb; run make deb first" >&2; exit 1; }

step() { printf '\ncheck-deb: %s\n' "$*"; }
fail() {
    echo "check-deb: FAILED: $*" >&2
    exit 1
}

work=$(mktemp -d)
chmod 700 "$work"
pids=""
# Stops what this script started, newest first, by PID, then removes the temporary tree.
cleanup() {
    for pid in $pids; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# lintian takes longest (about 14 s) and needs nothing the other steps make: it runs beside them
# from the start, and step 6 waits for its verdict.
lintian --fail-on error,warning "$deb" >"$work/lintian.log" 2>&1 &
lintian=$!
pids=$lintian

root=$work/root
step "1. unpack $deb and look at what it holds"
dpkg-deb -x "$deb" "$root"
packaged=$(dpkg-deb -f "$deb" Version)
[ "$packaged" = "$version" ] || fail "the package is version $packaged, kit is $version (KitVersion.version)"
for f in usr/bin/kitd usr/bin/kitctl usr/lib/systemd/user/kitd.service usr/lib/systemd/user/kitd.socket \
    usr/share/bash-completion/completions/kitctl usr/share/zsh/vendor-completions/_kitctl \
    usr/share/fish/vendor_completions.d/kitctl.fish usr/share/man/man1/kitctl.1.gz \
    usr/share/man/man1/kitctl.timer.start.1.gz usr/share/man/man5/kit.toml.5.gz usr/share/man/man7/kit.7.gz \
    usr/share/man/man8/kitd.8.gz \
    usr/share/locale/ko/LC_MESSAGES/kit.mo usr/share/applications/kit.desktop \
    usr/share/icons/hicolor/scalable/apps/kit.svg usr/share/kit/ramen-catalog.json usr/share/doc/kit/copyright \
    usr/share/doc/kit/README.Debian; do
    [ -s "$root/$f" ] || fail "the package has no /$f"
done
outside=$(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name usr)
[ -z "$outside" ] || fail "the package installs outside /usr: $outside"
echo "version $packaged; every expected file is there, all under /usr"

step "2. kitd and kitctl load no library from the Swift toolchain and have no run path"
toolchains=/opt/swift
if swift=$(command -v swift 2>/dev/null); then
    # swift is TOOLCHAIN/usr/bin/swift
    toolchains="$toolchains $(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")"
fi
for bin in kitd kitctl; do
    libs=$(env -i PATH=/usr/bin:/bin ldd "$root/usr/bin/$bin") || fail "ldd $bin failed: $libs"
    if printf '%s\n' "$libs" | grep -q 'not found'; then
        printf '%s\n' "$libs" >&2
        fail "$bin needs a library that is not installed"
    fi
    for dir in $toolchains; do
        if printf '%s\n' "$libs" | grep -qF "$dir/"; then
            printf '%s\n' "$libs" >&2
            fail "$bin loads a library from the toolchain ($dir)"
        fi
    done
    paths=$(readelf -d "$root/usr/bin/$bin" | grep -E '\((RPATH|RUNPATH)\)' || true)
    [ -z "$paths" ] || fail "$bin has a run path: $paths"
    needed=$(readelf -d "$root/usr/bin/$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' | tr '\n' ' ')
    echo "$bin: no run path; needs $needed($(printf '%s\n' "$libs" | grep -vc linux-vdso) libraries loaded, all from the system)"
done

step "3. run the unpacked kitd and kitctl with no toolchain: kitd starts, a timer's popup reaches dunst"
home=$work/home
mkdir -p "$home/.config" "$home/.local/share" "$home/.local/state" "$work/run"
chmod 700 "$work/run"
bus="unix:path=$work/bus"
display=""
# Waits up to $1 tenths of a second for the rest of the line, a command, to succeed.
poll() {
    tries=$1
    shift
    while [ "$tries" -gt 0 ]; do
        if "$@" >/dev/null 2>&1; then return 0; fi
        sleep 0.1
        tries=$((tries - 1))
    done
    return 1
}

# A session bus of its own, without service activation (the test suite's DesktopSession uses the same
# configuration).
sed "s|@LISTEN@|$bus|" Tests/Fixtures/session-bus.conf > "$work/bus.conf"
env -i PATH=/usr/bin:/bin dbus-daemon --config-file="$work/bus.conf" --nofork > "$work/dbus.log" 2>&1 &
pids="$! $pids"
poll 100 test -S "$work/bus" || fail "dbus-daemon did not start: $(cat "$work/dbus.log")"

# Xvfb on a free display, from a random start as DesktopSession does.
for _ in 1 2 3 4 5 6 7 8 9 10; do
    n=$(shuf -i 100-899 -n 1)
    if [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; then continue; fi
    env -i PATH=/usr/bin:/bin Xvfb ":$n" -nolisten tcp -screen 0 1280x800x24 > "$work/xvfb.log" 2>&1 &
    xvfb=$!
    if poll 100 test -S "/tmp/.X11-unix/X$n" && kill -0 "$xvfb" 2>/dev/null; then
        pids="$xvfb $pids"
        display=":$n"
        break
    fi
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
done
[ -n "$display" ] || fail "could not start Xvfb on a free display: $(cat "$work/xvfb.log")"

# $work/session runs a command with only what a desktop session gives it: no toolchain on PATH, no
# LD_LIBRARY_PATH. A script that execs, not a shell function, so that $! of a command it starts in
# the background is the command's own PID.
cat > "$work/session" <<EOF
#!/bin/sh
exec env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME='$home' XDG_RUNTIME_DIR='$work/run' \\
    XDG_CONFIG_HOME='$home/.config' XDG_DATA_HOME='$home/.local/share' XDG_STATE_HOME='$home/.local/state' \\
    DBUS_SESSION_BUS_ADDRESS='$bus' DISPLAY='$display' "\$@"
EOF
chmod +x "$work/session"
session() { "$work/session" "$@"; }

cat > "$work/dunstrc" <<EOF
[global]
    history_length = 200
    sticky_history = yes
    idle_threshold = 0
    dmenu = /bin/false
EOF
"$work/session" dunst -config "$work/dunstrc" > "$work/dunst.log" 2>&1 &
pids="$! $pids"
poll 100 session dunstctl count || fail "dunst did not come up: $(cat "$work/dunst.log")"
echo "session: dbus-daemon at $bus, Xvfb on $display, dunst"

kitd=$root/usr/bin/kitd
kitctl=$root/usr/bin/kitctl
for bin in "$kitd" "$kitctl"; do
    said=$(session "$bin" --version) || fail "$(basename "$bin") --version failed: $said"
    [ "$said" = "$version" ] || fail "$(basename "$bin") --version says '$said', the package is $version"
done
"$work/session" "$kitd" > "$work/kitd.log" 2>&1 &
kitd_pid=$!
pids="$kitd_pid $pids"
if ! poll 200 session "$kitctl" status; then
    kill -0 "$kitd_pid" 2>/dev/null || fail "kitd exited: $(cat "$work/kitd.log")"
    fail "kitd did not answer kitctl status within 20 s: $(cat "$work/kitd.log")"
fi
echo "kitd $version answers: $(session "$kitctl" status | head -n 1)"
# kitd finds the catalog at <bindir>/../share/kit/ramen-catalog.json, the packaged copy.
ramen=$(session "$kitctl" ramen show 신라면) || fail "kitctl ramen show 신라면 failed (was the packaged catalog read?): $ramen"
echo "the packaged ramen catalog was read: $(printf '%s\n' "$ramen" | head -n 1)"
started=$(session "$kitctl" timer start 1s --name pkgcheck) || fail "kitctl timer start failed: $started"
echo "$started"
# dunst moves a popup to its history once it is closed; the summary is "pkgcheck is done".
popup() {
    session dunstctl close-all
    session dunstctl history | python3 -c '
import json, sys
for group in json.load(sys.stdin)["data"]:
    for entry in group:
        summary, body = entry["summary"]["data"], entry["body"]["data"]
        if "pkgcheck" in summary or "pkgcheck" in body:
            print(summary + ": " + body.replace("\n", " / "))
            sys.exit(0)
sys.exit(1)'
}
poll 150 popup || fail "no popup for the timer reached dunst within 15 s; kitd said: $(cat "$work/kitd.log")"
echo "dunst got the popup: $(popup)"

step "4. systemd-analyze --user verify on the unpacked units"
units=$root/usr/lib/systemd/user
grep -qx 'ExecStart=/usr/bin/kitd' "$units/kitd.service" ||
    fail "kitd.service does not start /usr/bin/kitd: $(grep '^ExecStart=' "$units/kitd.service")"
if grep -q '@[A-Z]*@' "$units/kitd.service" "$units/kitd.socket"; then fail "a unit has a @PLACEHOLDER@ left"; fi
# verify looks for the binary at ExecStart's path: point that one line at the unpacked kitd.
mkdir "$work/units"
sed "s|^ExecStart=/usr/bin/kitd\$|ExecStart=$kitd|" "$units/kitd.service" > "$work/units/kitd.service"
cp "$units/kitd.socket" "$work/units/kitd.socket"
if ! out=$(cd "$work/units" && XDG_RUNTIME_DIR="$work/run" systemd-analyze --user verify kitd.service kitd.socket 2>&1); then
    printf '%s\n' "$out" >&2
    fail "systemd-analyze verify failed"
fi
[ -z "$out" ] || fail "systemd-analyze verify complained: $out"
echo "kitd.service (ExecStart=/usr/bin/kitd) and kitd.socket verify cleanly"

step "5. every man page renders without warnings and has a whatis entry"
count=0
for page in $(find "$root/usr/share/man" -type f | sort); do
    if ! warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l --warnings "$page" 2>&1 >/dev/null) || [ -n "$warnings" ]; then
        fail "man ${page#"$root"}: ${warnings:-failed}"
    fi
    # What mandb reads for whatis and apropos (lintian's bad-whatis-entry).
    lexgrog "$page" >/dev/null 2>&1 || fail "lexgrog cannot read the NAME of ${page#"$root"}"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no man pages in the package"
echo "$count man pages render cleanly, each with a whatis entry"

step "6. the package: size, Depends, lintian"
size=$(stat -c %s "$deb")
echo "$deb: $size bytes ($((size / 1024)) KiB), installed $(dpkg-deb -f "$deb" Installed-Size) KiB"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"
if dpkg-deb -f "$deb" Depends | grep -qi swift; then fail "the package depends on a Swift package"; fi
if wait "$lintian"; then verdict=0; else verdict=$?; fi
cat "$work/lintian.log"
[ "$verdict" -eq 0 ] || fail "lintian found errors or warnings"
echo "lintian: no errors or warnings"

printf '\ncheck-deb: all checks passed\n'
