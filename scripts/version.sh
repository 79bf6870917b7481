#!/bin/sh
# Prints kit's version, KitVersion.version in Sources/KitProtocol/SocketPath.swift (what
# `kitd --version` and `kitctl --version` print), for the package scripts.
set -eu
cd "$(dirname "$0")/.."
version=$(sed -n 's/^ *public static let version = "\([^"]*\)"$/\1/p' Sources/KitProtocol/SocketPath.swift)
[ -n "$version" ] || { echo "version: no KitVersion.version in Sources/KitProtocol/SocketPath.swift" >&2; exit 1; }
echo "$version"
