import Foundation

/// The way to read a `DateFormatter`'s dates without it, where that is provably the same:
/// its pattern is a ``FixedDateFormat``, read as `en_US_POSIX` reads it in the Gregorian
/// calendar, strictly, with no default date, and in a time zone of fixed offset when the text
/// has no zone of its own.
///
/// Made once per decode, at the first date: a formatter's settings can change between decodes,
/// as they can between two `JSONDecoder` decodes.
struct FormatterShortcut {
    let format: FixedDateFormat
    /// The formatter's offset from GMT in seconds, for text without a zone; nil where the text has one.
    let offset: Int?

    init?(_ formatter: DateFormatter) {
        // Foundation's properties are implicitly unwrapped; read as optionals, nil never traps.
        let pattern: String? = formatter.dateFormat
        let locale: Locale? = formatter.locale
        let calendar: Calendar? = formatter.calendar
        let zone: TimeZone? = formatter.timeZone
        guard let pattern, let format = FixedDateFormat(pattern: pattern), let locale, let zone,
            calendar?.identifier == .gregorian, !formatter.isLenient, formatter.defaultDate == nil,
            !formatter.doesRelativeDateFormatting
        else { return nil }
        // Names are English only in the POSIX locale; digits are ASCII in any locale that uses Latin digits.
        let isPOSIX = locale.identifier == "en_US_POSIX"
        guard isPOSIX || (!format.hasNames && locale.numberingSystem.identifier == "latn") else { return nil }
        self.init(format, timeZone: zone)
    }

    /// The shortcut of a strict Gregorian `en_US_POSIX` formatter with `pattern` and `timeZone`,
    /// such as the models' ``DateFormatted`` makes.
    init?(pattern: String, timeZone: TimeZone) {
        guard let format = FixedDateFormat(pattern: pattern) else { return nil }
        self.init(format, timeZone: timeZone)
    }

    private init?(_ format: FixedDateFormat, timeZone: TimeZone) {
        if format.hasZone {
            offset = nil
        } else {
            // A zone with daylight saving time or a changed past (most named zones) makes the
            // local time's offset depend on the date, and its gaps and overlaps on how ICU
            // resolves them: the formatter reads those.
            guard let fixed = Self.fixedOffset(of: timeZone) else { return nil }
            offset = fixed
        }
        self.format = format
    }

    /// The date of `text`, or nil when the formatter must decide.
    func date(from text: UnsafeRawBufferPointer) -> Date? {
        format.date(from: text, offset: offset ?? 0)
    }

    /// The offset of a zone that has always had one offset: UTC and GMT by their names, and
    /// the `GMT+0530`-style zones that `TimeZone(secondsFromGMT:)` makes.
    static func fixedOffset(of zone: TimeZone) -> Int? {
        if ["GMT", "UTC", "Etc/UTC", "Etc/GMT"].contains(zone.identifier) { return 0 }
        let seconds = zone.secondsFromGMT()
        guard let fixed = TimeZone(secondsFromGMT: seconds), fixed.identifier == zone.identifier else { return nil }
        return seconds
    }
}
