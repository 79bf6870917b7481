// swift-tools-version:6.2
import PackageDescription

/// Every target of ours builds with warnings as errors; dependencies are left alone.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "kit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kitd", targets: ["kitd"]),
        .executable(name: "kitctl", targets: ["kitctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift file.
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // sd-bus, libsystemd's D-Bus client: the tray's StatusNotifierItem on the session bus.
        .systemLibrary(name: "CSdBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CLibNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
        // GDBus, for what libnotify does not say: who owns the notification server's name, and its signals.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        .systemLibrary(name: "CCanberra", pkgConfig: "libcanberra", providers: [.apt(["libcanberra-dev"])]),
        // glibc's process calls Swift's Glibc module leaves out (pidfd, posix_spawn's closefrom).
        .systemLibrary(name: "CProcess"),
        // glibc's mallopt, which the Glibc module leaves out too.
        .systemLibrary(name: "CMalloc"),
        // glibc's gettext, which the Glibc module leaves out.
        .systemLibrary(name: "CIntl"),
        // ICU's collation (sort keys), which Foundation does not expose: names in the user's order.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // Pure domain: no I/O, no clock.
        .target(
            name: "KitCore",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: strict),
        // The only place that writes SQL.
        .target(
            name: "KitStore",
            dependencies: [
                "KitCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // iCalendar files, read and written through libical.
        .target(name: "KitCalendar", dependencies: ["KitCore", "CLibical"], swiftSettings: strict),
        // Wire types shared by kitd and kitctl.
        // Its wire types are declared in Wire/*.wire; scripts/wire-codec.py writes them as Swift into Generated/.
        .target(name: "KitProtocol", dependencies: ["KitCore"], exclude: ["Wire"], swiftSettings: strict),
        // kit's messages in the user's language (gettext's `kit` domain).
        .target(name: "KitLocalization", dependencies: ["CIntl", "KitCore"], swiftSettings: strict),
        // The runtime: event loop, clocks, socket server, notifier and sound threads, systemd glue.
        .target(
            name: "KitDaemon",
            dependencies: [
                "KitCore", "KitStore", "KitProtocol", "KitCalendar", "CSystemd", "CSdBus", "CLibNotify", "CGio",
                "CCanberra",
                "CProcess",
                "CMalloc", "CICU", "KitLocalization",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strict),
        // The ramen catalog, a data file shipped beside the binaries (linked by kitd only).
        .target(name: "KitRamenCatalog", resources: [.copy("ramen-catalog.json")], swiftSettings: strict),
        // The socket client that kitctl, the benchmarks and the tests share.
        .target(name: "KitClient", dependencies: ["KitProtocol", "KitCore"], swiftSettings: strict),

        .executableTarget(
            name: "kitd",
            dependencies: [
                "KitDaemon", "KitRamenCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "kitctl",
            dependencies: [
                "KitClient", "KitCore", "KitProtocol", "KitLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "kit-bench",
            dependencies: ["CLibNotify", "KitClient", "KitCore", "KitProtocol", "KitStore", "KitTestSupport"],
            path: "Benchmarks/KitBench",
            swiftSettings: strict),

        // Real processes for tests and benchmarks: kitd, Xvfb, dbus-daemon, dunst, NOTIFY_SOCKET.
        .target(
            name: "KitTestSupport",
            dependencies: ["KitClient", "KitProtocol"],
            path: "Tests/KitTestSupport",
            swiftSettings: strict),

        // Dates, instants and real zones written briefly, for the tests of the pure layers.
        .target(name: "KitTestValues", dependencies: ["KitCore"], path: "Tests/KitTestValues", swiftSettings: strict),

        .testTarget(
            name: "KitCoreTests", dependencies: ["KitCore", "KitTestValues"], exclude: ["Data"], swiftSettings: strict),
        .testTarget(
            name: "KitCalendarTests", dependencies: ["KitCalendar", "KitCore", "KitTestValues"], swiftSettings: strict),
        .testTarget(name: "KitStoreTests", dependencies: ["KitStore", "KitCore"], swiftSettings: strict),
        .testTarget(
            name: "KitProtocolTests", dependencies: ["KitProtocol", "KitCore", "KitTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "KitDaemonTests",
            dependencies: [
                "KitDaemon", "KitClient", "KitProtocol", "KitCore", "KitCalendar", "KitTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // kitctl's own parsing, in process: the hand-read commands against ArgumentParser's.
        .testTarget(
            name: "KitctlTests",
            dependencies: ["kitctl", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),
        .testTarget(
            name: "KitIntegrationTests",
            dependencies: ["KitClient", "KitProtocol", "KitCore", "KitCalendar", "KitTestSupport"],
            swiftSettings: strict),
    ]
)
