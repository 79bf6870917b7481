import Testing

/// Every test that runs the real binaries. They run one at a time: each starts its own kitd
/// (and often Xvfb, a session bus and dunst), and their timing bounds assume a quiet machine.
@Suite(.serialized)
struct Integration {}
