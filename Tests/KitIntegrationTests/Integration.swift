import Testing

/// Every test that runs the real binaries, in two lanes that run side by side. Within a lane they
/// run one at a time: each starts its own kitd (and often Xvfb, a session bus and dunst) in its
/// own directories, so the lanes share nothing but the CPU. No test's bound may depend on the machine's speed (see `Wait`). Two lanes, not more: Swift
/// Testing runs tests on the concurrency pool, one thread per core, and a test that waits holds
/// its thread, so on two cores a third lane only waits for one of the first two.
///
/// This lane: kitd itself, its clients and its popups (timers, tasks, the protocol, restarts).
@Suite(.serialized)
struct Integration {}

/// The other lane: what kit reads and writes besides its socket and its database (calendar files,
/// vdirs, CalDAV sync, man pages, message catalogs, help and dates in the user's language).
@Suite(.serialized)
struct FilesIntegration {}
