import Glibc
import KitCore

/// The system's time zone as the C library sees it ($TZ, else /etc/localtime), for showing
/// instants in local time. Cheap: no ICU, which keeps kitctl's start-up short.
public struct LocalZone: UTCOffsets {
    public init() {}

    public func offset(at instant: WallTime) -> Int {
        var seconds = time_t(instant.nanoseconds / Nanoseconds.nanosecondsPerSecond)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return parts.tm_gmtoff
    }
}
