import KitCore

/// Lengths of time as a person reads them in their language: `4m30s` in kit's English, `4분 30초`
/// in Korean. Commands a person may copy (`kitctl timer start 4m30s`) keep the compact form.
public enum LocaleDuration {
    /// `DurationFormatter.compact`, or its Korean words, as `Localized.writing` says.
    public static func text(_ duration: Nanoseconds, rounding: DurationFormatter.Rounding = .nearest) -> String {
        switch Localized.writing {
        case .korean: DurationFormatter.korean(duration, rounding: rounding)
        case .english: DurationFormatter.compact(duration, rounding: rounding)
        }
    }
}
