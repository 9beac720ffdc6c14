import Foundation

extension FixedDateFormat {
    /// The date `text` holds, if it is written exactly as this format writes dates, with every
    /// field in range, a year from 1600 to 9999 (the Gregorian calendar's, without its Julian
    /// past) and the weekday, if any, the date's own; nil for anything else, which the formatter
    /// then decides (it also reads `Sept`, `+00:00` for `Z`, a day without its leading zero, …).
    ///
    /// `offset` is the offset from GMT in seconds of text without a zone field.
    ///
    /// The value is the formatter's, bit for bit: it computes whole milliseconds since 1970 and
    /// divides them by 1000, as this does.
    func date(from text: UnsafeRawBufferPointer, offset zoneOffset: Int) -> Date? {
        var reader = FieldReader(text: text)
        var year = 0, month = 0, day = 0, weekday: Int?
        var hour = 0, minute = 0, second = 0, milliseconds = 0
        var offset = zoneOffset
        for field in fields {
            let value: Void?  // nil where the text does not match the field
            switch field {
            case .literal(let byte): value = reader.skip(byte) ? () : nil
            case .year: value = reader.digits(4).map { year = $0 }
            case .month: value = reader.digits(2).map { month = $0 }
            case .monthName: value = reader.name(in: Self.monthNames).map { month = $0 + 1 }
            case .day: value = reader.digits(2).map { day = $0 }
            case .weekdayName: value = reader.name(in: Self.weekdayNames).map { weekday = $0 }
            case .hour: value = reader.digits(2).map { hour = $0 }
            case .minute: value = reader.digits(2).map { minute = $0 }
            case .second: value = reader.digits(2).map { second = $0 }
            case .milliseconds: value = reader.digits(3).map { milliseconds = $0 }
            case .offset: value = reader.offset(colon: false).map { offset = $0 }
            case .offsetWithColon: value = (reader.skip(UInt8(ascii: "Z")) ? 0 : reader.offset(colon: true)).map { offset = $0 }
            case .zoneName: value = reader.name(in: [Array("GMT".utf8)]).map { _ in offset = 0 }
            }
            guard value != nil else { return nil }
        }
        guard reader.isAtEnd, (1600...9999).contains(year), (1...12).contains(month),
            (1...ISO8601.daysIn(month: month, year: year)).contains(day), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
        if let weekday, weekday != ((days % 7) + 11) % 7 { return nil }  // 1970-01-01 was a Thursday (4)
        let seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds * 1000 + milliseconds) / 1000)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { Array($0.utf8) }
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) }
}

/// Reads fixed-width fields from the front of a date's text.
private struct FieldReader {
    let text: UnsafeRawBufferPointer
    var index = 0

    var isAtEnd: Bool { index == text.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < text.count, text[index] == byte else { return false }
        index += 1
        return true
    }

    /// The value of exactly `width` ASCII digits.
    mutating func digits(_ width: Int) -> Int? {
        guard index + width <= text.count else { return nil }
        var value = 0
        for offset in index..<index + width {
            let digit = text[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        index += width
        return value
    }

    /// The position in `names` of the three-letter name that comes next, spelled as there.
    mutating func name(in names: [[UInt8]]) -> Int? {
        guard index + 3 <= text.count else { return nil }
        for (position, name) in names.enumerated()
        where name[0] == text[index] && name[1] == text[index + 1] && name[2] == text[index + 2] {
            index += 3
            return position
        }
        return nil
    }

    /// `±hhmm`, or `±hh:mm` with `colon`, in seconds east of GMT; hours up to 23.
    mutating func offset(colon: Bool) -> Int? {
        guard index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") else { return nil }
        let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = digits(2), !colon || skip(UInt8(ascii: ":")), let minutes = digits(2), hours <= 23, minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
