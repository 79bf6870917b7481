import KitCore

/// Lengths of time as a person reads them in their language: `4m30s` in kit's English, `4분 30초`
/// in Korean. Commands a person may copy (`kitctl timer start 4m30s`) keep the compact form.
public enum LocaleDuration {
    /// Whether lengths are written in Korean: `Localized` is set up and speaks Korean.
    public static var korean: Bool { Localized.isSetUp && Localized.language == "ko" }

    /// `DurationFormatter.compact`, or its Korean words.
    public static func text(_ duration: Nanoseconds, rounding: DurationFormatter.Rounding = .nearest) -> String {
        korean
            ? DurationFormatter.korean(duration, rounding: rounding)
            : DurationFormatter.compact(duration, rounding: rounding)
    }
}
