#!/bin/sh
# Builds the Debian package from debian/ with dpkg-buildpackage (binary only, unsigned) and moves
# what that writes into the parent directory (.deb, .buildinfo, .changes) to .build-deb/, so that
# nothing is left beside the work tree. Refuses to build when debian/changelog's version is not
# kit's own (scripts/version.sh).
# Usage: scripts/deb.sh   (make deb); prints the package's path last.
set -eu
cd "$(dirname "$0")/.."
version=$(./scripts/version.sh)
changelog=$(dpkg-parsechangelog -S Version)
if [ "$changelog" != "$version" ]; then
    echo "deb: debian/changelog is at $changelog but kit is $version (KitVersion.version): add a changelog entry" >&2
    exit 1
fi
base="kit_${version}_$(dpkg --print-architecture)"
out=.build-deb
mkdir -p "$out"
rm -f "$out/$base.deb" "$out/$base.buildinfo" "$out/$base.changes"
# Whether it succeeds or not, take dpkg-buildpackage's files out of the parent directory.
collect() {
    for f in "../$base.deb" "../$base.buildinfo" "../$base.changes"; do
        if [ -e "$f" ]; then mv -f "$f" "$out/"; fi
    done
}
trap collect EXIT
dpkg-buildpackage -us -uc -b
collect
echo "deb: $out/$base.deb"
