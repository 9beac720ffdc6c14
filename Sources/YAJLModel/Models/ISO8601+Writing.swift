import Foundation

extension ISO8601 {
    /// The seconds since 1970 of 1582-10-15T00:00:00Z and of 10000-01-01T00:00:00Z: the dates
    /// of the Gregorian calendar (Foundation writes earlier ones in the Julian calendar) whose
    /// year has four digits.
    private static let gregorianFourDigitYears: Range<Double> = -12_219_292_800 ..< 253_402_300_800

    /// Calls `body` with `date` as `yyyy-MM-ddTHH:mm:ssZ` in UTC, its seconds rounded down:
    /// what `date.formatted(.iso8601)` and `JSONEncoder`'s `.iso8601` strategy write. Returns
    /// false, without calling `body`, for a date before 1582-10-15 or after the year 9999,
    /// whose text is theirs to choose.
    static func withInternetDateTime(_ date: Date, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let interval = date.timeIntervalSince1970
        guard gregorianFourDigitYears.contains(interval) else { return false }
        let total = Int(interval.rounded(.down))
        let days = total >= 0 ? total / 86400 : (total - 86399) / 86400
        let second = total - days * 86400
        let (year, month, day) = civilFromDays(days)
        // Unsafe: the text is 20 bytes, written within the 24 allocated.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            guard let base = buffer.baseAddress else { return }
            @inline(__always) func digits(_ value: Int, _ count: Int, at offset: Int) {
                var rest = value
                for index in (0..<count).reversed() {
                    base[offset + index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                    rest /= 10
                }
            }
            digits(year, 4, at: 0)
            base[4] = UInt8(ascii: "-")
            digits(month, 2, at: 5)
            base[7] = UInt8(ascii: "-")
            digits(day, 2, at: 8)
            base[10] = UInt8(ascii: "T")
            digits(second / 3600, 2, at: 11)
            base[13] = UInt8(ascii: ":")
            digits(second / 60 % 60, 2, at: 14)
            base[16] = UInt8(ascii: ":")
            digits(second % 60, 2, at: 17)
            base[19] = UInt8(ascii: "Z")
            body(UnsafeRawBufferPointer(start: base, count: 20))
        }
        return true
    }
}
