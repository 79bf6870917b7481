#!/bin/sh
# Installs the Debian packages kit needs to build and test, and nothing else.
# Does nothing when every package is already present.
set -eu

BUILD_PACKAGES="libsystemd-dev libnotify-dev libsqlite3-dev libical-dev libcanberra-dev libicu-dev gettext pkg-config"
# make deb and make check-deb: the package's build tools and lintian; check-deb reads dunst's history with python3.
PACKAGE_PACKAGES="dpkg-dev debhelper lintian binutils python3"
TEST_PACKAGES="python3-dbus python3-gi man-db desktop-file-utils locales dbus dbus-x11 xvfb dunst notification-daemon libnotify-bin libcanberra-pulse sound-theme-freedesktop pulseaudio pulseaudio-utils systemd util-linux procps sqlite3 strace python3-icalendar python3-dateutil bash fish zsh todoman khal python3-radicale vdirsyncer"

# make bench-neighbours measures kit beside these (BENCH=1).
BENCH_PACKAGES="at remind calcurse"
if [ "${BENCH:-}" = 1 ]; then TEST_PACKAGES="$TEST_PACKAGES $BENCH_PACKAGES"; fi

missing=""
for pkg in $BUILD_PACKAGES $PACKAGE_PACKAGES $TEST_PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $pkg"
    fi
done

if [ -z "$missing" ]; then
    echo "deps: all packages present"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "deps: missing packages:$missing" >&2
    echo "deps: run as root or install sudo, then run 'make deps' again" >&2
    exit 1
fi

echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
