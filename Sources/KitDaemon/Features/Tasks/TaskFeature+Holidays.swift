import KitCore
import KitProtocol

/// `holiday.list`, and the holidays `task.agenda` adds to its window.
extension TaskFeature {
    func holidays(_ params: HolidayListParams) throws -> HolidayListResult {
        let country = try Self.country(params.country ?? "KR")
        let year = params.year ?? CivilDateTime(clock.now().wall, in: zones.system).date.year
        let holidays = try KoreanHolidays.list(year: year).map(Self.info)
        return HolidayListResult(year: year, country: country, holidays: holidays)
    }

    /// The holidays on the local days from `from` to `to` (exclusive) in the system zone, of the
    /// country asked for, else the configured one; nil when neither is.
    func holidays(from: WallTime, to: WallTime, asked: String?) throws -> [HolidayInfo]? {
        // Korea's are the only ones kit knows: a country given is checked, then the list is Korea's.
        guard try asked.map(Self.country) ?? settings[HolidaySettings.self].country != nil else { return nil }
        let first = CivilDateTime(from, in: zones.system).date
        let last = CivilDateTime(WallTime(nanoseconds: to.nanoseconds - 1), in: zones.system).date
        return KoreanHolidays.list(from: first, through: last).map(Self.info)
    }

    private static func country(_ text: String) throws -> String {
        guard HolidaySettings.countries.contains(text.uppercased()) else {
            throw KitError.invalidArgument(
                "kit knows the public holidays of Korea only; give country KR, not '\(text)'")
        }
        return text.uppercased()
    }

    private static func info(_ holiday: KoreanHolidays.Holiday) -> HolidayInfo {
        HolidayInfo(date: holiday.date.iso8601, name: holiday.name, kind: holiday.kind.rawValue)
    }
}
