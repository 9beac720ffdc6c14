/// A `DateFormatter` pattern made only of fixed-width fields, such as Twitter's
/// `EEE MMM dd HH:mm:ss Z yyyy`, RFC 1123's `EEE, dd MMM yyyy HH:mm:ss zzz` or ISO 8601's
/// `yyyy-MM-dd'T'HH:mm:ss.SSSZ`: the fields that text in that format has, in order, so that
/// the text can be read without the formatter (see `date(from:)`).
///
/// Patterns with any other field (`yy`, `h`, `a`, `EEEE`, `VV`, …), a field given twice, a
/// time without a date, or a non-ASCII literal have no `FixedDateFormat`: their formatter reads
/// them.
struct FixedDateFormat: Equatable, Sendable {
    enum Field: Equatable, Sendable {
        /// A byte the text repeats as it is: punctuation, a space, or a quoted letter.
        case literal(UInt8)
        /// `yyyy`: four digits.
        case year
        /// `MM`: two digits.
        case month
        /// `MMM`: `Jan` … `Dec`.
        case monthName
        /// `dd`: two digits.
        case day
        /// `EEE`: `Sun` … `Sat`; it must be the date's weekday.
        case weekdayName
        /// `HH`, `mm`, `ss`: two digits each.
        case hour, minute, second
        /// `SSS`: three digits.
        case milliseconds
        /// `Z`, `ZZ`, `ZZZ`: `+hhmm` or `-hhmm`.
        case offset
        /// `XXX`, `XXXXX`, `ZZZZZ`: `Z`, or `+hh:mm` or `-hh:mm`.
        case offsetWithColon
        /// `z`, `zz`, `zzz`: read here only as `GMT`.
        case zoneName
    }

    let fields: [Field]

    /// Whether the text carries its own offset; without one, it is in the formatter's time zone.
    var hasZone: Bool { fields.contains { [.offset, .offsetWithColon, .zoneName].contains($0) } }

    /// Whether the fields' text depends on the locale: the English names of months, weekdays
    /// and `GMT`, which only `en_US_POSIX` is guaranteed to keep.
    var hasNames: Bool { fields.contains { [.monthName, .weekdayName, .zoneName].contains($0) } }

    init?(pattern: String) {
        var fields: [Field] = []
        var bytes = Array(pattern.utf8)[...]
        while let first = bytes.first {
            if first == UInt8(ascii: "'") {
                guard let literal = Self.quoted(&bytes) else { return nil }
                fields += literal.map(Field.literal)
            } else if Self.isLetter(first) {
                let count = bytes.prefix { $0 == first }.count
                bytes.removeFirst(count)
                guard let field = Self.field(first, count: count) else { return nil }
                fields.append(field)
            } else {
                guard first < 0x80 else { return nil }
                fields.append(.literal(first))
                bytes.removeFirst()
            }
        }
        guard Self.isComplete(fields) else { return nil }
        self.fields = fields
    }

    /// The field for `count` repetitions of the pattern letter `letter`, if it has a fixed width.
    private static func field(_ letter: UInt8, count: Int) -> Field? {
        switch (letter, count) {
        case (UInt8(ascii: "y"), 4): .year
        case (UInt8(ascii: "M"), 2): .month
        case (UInt8(ascii: "M"), 3): .monthName
        case (UInt8(ascii: "d"), 2): .day
        case (UInt8(ascii: "E"), 3): .weekdayName
        case (UInt8(ascii: "H"), 2): .hour
        case (UInt8(ascii: "m"), 2): .minute
        case (UInt8(ascii: "s"), 2): .second
        case (UInt8(ascii: "S"), 3): .milliseconds
        case (UInt8(ascii: "Z"), 1...3): .offset
        case (UInt8(ascii: "Z"), 5), (UInt8(ascii: "X"), 3), (UInt8(ascii: "X"), 5): .offsetWithColon
        case (UInt8(ascii: "z"), 1...3): .zoneName
        default: nil
        }
    }

    /// The literal bytes of a quoted run at the start of `bytes` (`'T'`, `'GMT'`, `''` for a
    /// quote), removed from `bytes`; nil if the quote is not closed or holds non-ASCII text.
    private static func quoted(_ bytes: inout ArraySlice<UInt8>) -> [UInt8]? {
        bytes.removeFirst()
        if bytes.first == UInt8(ascii: "'") {
            bytes.removeFirst()
            return [UInt8(ascii: "'")]
        }
        var literal: [UInt8] = []
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "'") {
                guard bytes.first == UInt8(ascii: "'") else { return literal }
                bytes.removeFirst()  // '' inside quotes is a quote
            }
            guard byte < 0x80 else { return nil }
            literal.append(byte)
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `fields` name a whole date, each field once, and a time only from the hour down
    /// (`HH`, `HH:mm`, `HH:mm:ss`, `HH:mm:ss.SSS`), so that no field takes a default the
    /// formatter might choose differently.
    private static func isComplete(_ fields: [Field]) -> Bool {
        func count(_ field: Field) -> Int { fields.count(where: { $0 == field }) }
        let zones = count(.offset) + count(.offsetWithColon) + count(.zoneName)
        let months = count(.month) + count(.monthName)
        guard count(.year) == 1, months == 1, count(.day) == 1, count(.weekdayName) <= 1, zones <= 1 else { return false }
        let time = [Field.hour, .minute, .second, .milliseconds].map(count)
        return time.allSatisfy { $0 <= 1 } && time == time.sorted(by: >)
    }
}
