/// `holiday.list`: a country's public holidays in a year, and the holidays `task.agenda` adds.
public struct HolidayListParams: WireValue {
    /// The Gregorian year; this year in kitd's system zone when absent.
    public var year: Int?
    /// The country, as ISO 3166 writes it: `KR`, the one kit knows (the default).
    public var country: String?

    public init(year: Int? = nil, country: String? = nil) {
        self.year = year
        self.country = country
    }
}

/// One public holiday.
public struct HolidayInfo: Codable, Sendable, Equatable {
    /// `2027-02-07`.
    public var date: String
    /// The official name in the country's language: `설날`, `대체공휴일(설날)`.
    public var name: String
    /// `fixed`, `lunar`, `substitute` or `election`.
    public var kind: String

    public init(date: String, name: String, kind: String) {
        self.date = date
        self.name = name
        self.kind = kind
    }
}

public struct HolidayListResult: WireValue {
    public var year: Int
    public var country: String
    /// By date; a day with two holidays has two entries.
    public var holidays: [HolidayInfo]

    public init(year: Int, country: String, holidays: [HolidayInfo]) {
        self.year = year
        self.country = country
        self.holidays = holidays
    }
}
