#!/bin/sh
# Usage: static-libstdcxx.sh BIN_DIR
# Links the toolchain's libstdc++.a into BIN_DIR, the build directory of .build-static, which
# SwiftPM's link of kitctl searches before the system's, so that kitctl has libstdc++ inside it
# instead of loading libstdc++.so (its symbol lookups and start-up take 0.7 ms of a whole
# `kitctl status`). Nothing else is linked there. Without a libstdc++.a, kitctl loads the .so.
set -eu

dir=$1
clang="$(dirname "$(readlink -f "$(command -v "${SWIFT:-swift}")")")/clang"
archive=$("$clang" -print-file-name=libstdc++.a 2>/dev/null || true)
mkdir -p "$dir"
case "$archive" in
/*)
    if [ -f "$archive" ] && [ "$(readlink "$dir/libstdc++.a" || true)" != "$archive" ]; then
        ln -sf "$archive" "$dir/libstdc++.a"
        rm -f "$dir/kitctl" # linked against libstdc++.so before: link it again
    fi
    ;;
*)
    echo "static-libstdcxx: no libstdc++.a found; kitctl will load libstdc++.so" >&2
    rm -f "$dir/libstdc++.a"
    ;;
esac
