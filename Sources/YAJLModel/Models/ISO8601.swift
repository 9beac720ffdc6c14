import Foundation

/// ISO 8601 / W3C date-time text, read and written without formatters.
///
/// Accepts `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, and a date followed by `T` (or a
/// space) and `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fraction`, then `Z` or an offset
/// `±hh:mm`, `±hhmm` or `±hh`. A date without a time is midnight UTC.
enum ISO8601 {
    static func date(from text: UnsafeRawBufferPointer) -> Date? {
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= text.count else { return nil }
            var value = 0
            for _ in 0..<width {
                let digit = Int(text[i]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                i += 1
            }
            return value
        }
        func skip(_ byte: Character) -> Bool {
            guard i < text.count, text[i] == byte.asciiValue else { return false }
            i += 1
            return true
        }

        guard let year = number(4) else { return nil }
        var month = 1
        var day = 1
        if skip("-") {
            guard let m = number(2) else { return nil }
            month = m
            if skip("-") {
                guard let d = number(2) else { return nil }
                day = d
            }
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }

        var seconds = 0.0
        var offset = 0
        if i < text.count {
            guard skip("T") || skip("t") || skip(" "), let hour = number(2), skip(":"), let minute = number(2) else { return nil }
            var second = 0
            var fraction = 0.0
            if skip(":") {
                guard let s = number(2) else { return nil }
                second = s
                if skip(".") || skip(",") {
                    var scale = 0.1
                    let start = i
                    while i < text.count, (48...57).contains(text[i]) {
                        fraction += Double(Int(text[i]) - 48) * scale
                        scale /= 10
                        i += 1
                    }
                    guard i > start else { return nil }
                }
            }
            guard hour <= 24, minute <= 59, second <= 60 else { return nil }  // 60: a leap second
            seconds = Double(hour * 3600 + minute * 60 + second) + fraction

            if skip("Z") || skip("z") {
                offset = 0
            } else if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let offsetHours = number(2) else { return nil }
                var offsetMinutes = 0
                if skip(":") {
                    guard let m = number(2) else { return nil }
                    offsetMinutes = m
                } else if let m = number(2) {
                    offsetMinutes = m
                }
                guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            } else {
                return nil  // a time needs its offset: local time would make the value depend on the machine
            }
        }
        guard i == text.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86400 - offset) + seconds)
    }

    /// `date` written in the shape of `original`, an ISO 8601 text it replaces: the
    /// same offset, the same separator, seconds and fraction digits as that text had,
    /// and a date alone if `original` was one. Where the shape cannot hold `date`
    /// exactly (a time of day, more fraction digits), the default form is used.
    static func string(from date: Date, like original: String) -> String {
        let text = Array(original.utf8)
        guard let shape = Shape(text), text.withUnsafeBytes({ Self.date(from: $0) }) != nil else { return string(from: date) }
        let local = date.timeIntervalSince1970 + Double(shape.offsetSeconds)
        let whole = local.rounded(.down)
        let total = Int(whole)
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secondOfDay = total - days * 86400
        let (year, month, day) = civilFromDays(days)
        let datePart = String(format: "%04d-%02d-%02d", year, month, day)
        guard let separator = shape.separator else {
            return secondOfDay == 0 && local == whole && shape.offsetSeconds == 0 ? datePart : string(from: date)
        }
        var time = String(format: "%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60)
        let fraction = local - whole
        // The original's digits, or milliseconds where it had none and the value needs them.
        let digits = min(max(shape.fractionDigits, fraction == 0 ? 0 : 3), 9)
        if shape.hasSeconds || secondOfDay % 60 != 0 || digits > 0 {
            time += String(format: ":%02d", secondOfDay % 60)
        }
        if digits > 0 {
            let scale = (0..<digits).reduce(1) { product, _ in product * 10 }
            let scaled = min(Int((fraction * Double(scale)).rounded()), scale - 1)
            time += "." + String(String(scale + scaled).dropFirst())  // zero-padded to `digits`
        }
        return datePart + String(UnicodeScalar(separator)) + time + shape.zone
    }

    /// How an ISO 8601 text was written.
    private struct Shape {
        /// `T`, `t` or a space; nil for a date without a time.
        var separator: UInt8?
        var hasSeconds = false
        var fractionDigits = 0
        /// `Z`, `+02:00`, `-0800`, …, as written.
        var zone = ""
        var offsetSeconds = 0

        /// The shape of a full `YYYY-MM-DD[Thh:mm[:ss[.f…]]zone]` text (not `YYYY` or `YYYY-MM`).
        init?(_ text: [UInt8]) {
            guard text.count >= 10 else { return nil }
            guard text.count > 10 else { return }
            separator = text[10]
            var i = 16
            if i < text.count, text[i] == UInt8(ascii: ":") {
                hasSeconds = true
                i += 3
                if i < text.count, text[i] == UInt8(ascii: ".") || text[i] == UInt8(ascii: ",") {
                    i += 1
                    while i < text.count, (48...57).contains(text[i]) {
                        fractionDigits += 1
                        i += 1
                    }
                }
            }
            guard i < text.count else { return nil }
            zone = String(decoding: text[i...], as: UTF8.self)
            if text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                let digits = text[(i + 1)...].filter { (48...57).contains($0) }.map { Int($0) - 48 }
                guard digits.count == 2 || digits.count == 4 else { return nil }
                let minutes = digits.count == 4 ? digits[2] * 10 + digits[3] : 0
                offsetSeconds = (text[i] == UInt8(ascii: "-") ? -1 : 1) * ((digits[0] * 10 + digits[1]) * 3600 + minutes * 60)
            }
        }
    }

    /// `2024-01-05T10:15:00Z`, with fractional seconds only when there are any.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        let total = Int(whole)
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let secondOfDay = total - days * 86400
        let (year, month, day) = civilFromDays(days)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        let milliseconds = Int(((interval - whole) * 1000).rounded())
        if milliseconds > 0 { text += String(format: ".%03d", min(milliseconds, 999)) }
        return text + "Z"
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
