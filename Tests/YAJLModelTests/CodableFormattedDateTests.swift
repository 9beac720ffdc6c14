import Foundation
import Testing

@testable import YAJLModel

/// `.formatted(DateFormatter)` reads fixed formats without the formatter: the results and
/// errors must be the formatter's (and so `JSONDecoder`'s) over many generated dates, patterns,
/// locales and time zones, and over near misses.
struct CodableFormattedDateTests {
    static let patterns = [
        "EEE MMM dd HH:mm:ss Z yyyy", "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss 'GMT'",
        "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssXXXXX",
        "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd'T'HH:mm:ssZZZZZ",
        "yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd'T'HH:mm:ss.SSS",
        "yyyyMMdd'T'HHmmss", "dd/MM/yyyy HH:mm", "dd MMM yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSz",
    ]

    /// Zones with daylight saving time, with offsets of 30 and 45 minutes, and fixed ones.
    static let zones: [TimeZone] = [
        "UTC", "GMT", "America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Kathmandu",
        "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham",
    ].compactMap { TimeZone(identifier: $0) } + [19800, 20700, -34200, -43200, 50400].compactMap { TimeZone(secondsFromGMT: $0) }

    static let locales = ["en_US_POSIX", "en_US_POSIX", "en_US_POSIX", "en_US", "de_DE", "fr_FR", "ar_EG", "hi_IN"]

    static func formatter(_ pattern: String, _ zone: TimeZone, _ locale: String = "en_US_POSIX") -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter
    }

    /// A text near `text`: a byte changed, removed or repeated, or a field swapped for one out of
    /// range or spelled otherwise.
    static func nearMiss(of text: String, using random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        let edits: [String: String] = [
            "Sep": "sep", "Mon": "Tue", "Feb": "February", "+": "-", "Z": "+00:00", "GMT": "UTC",
            ":00": ":60", "23:": "24:", "-02-2": "-02-3", "0": "", " 0": " ",
        ]
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !bytes.isEmpty:
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes[index] = Array("0123456789+-:ZTz .aA".utf8).randomElement(using: &random) ?? 0x30
        case 1 where !bytes.isEmpty:
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
        case 2 where !bytes.isEmpty:
            let index = Int.random(in: 0..<bytes.count, using: &random)
            bytes.insert(bytes[index], at: index)
        default:
            let (from, to) = edits.randomElement(using: &random) ?? ("0", "1")
            if let range = text.range(of: from) { return text.replacingCharacters(in: range, with: to) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func formattedDatesMatchDateFormatterOverGeneratedDates() throws {
        var random = SplitMix64(seed: 1123)
        var readers: [String: (DateFormatter, FormatterShortcut?)] = [:]
        var writers: [String: DateFormatter] = [:]
        var cases = 0, shortcutAnswers = 0, shortcutSkips = 0
        var differences: [String] = []
        for _ in 0..<40_000 {
            let pattern = Self.patterns.randomElement(using: &random) ?? ""
            let zone = Self.zones.randomElement(using: &random) ?? .gmt
            let locale = Self.locales.randomElement(using: &random) ?? "en_US_POSIX"
            let readerKey = "\(pattern)|\(zone.identifier)|\(locale)"
            let (reader, shortcut) = readers[readerKey] ?? {
                let reader = Self.formatter(pattern, zone, locale)
                return (reader, FormatterShortcut(reader))
            }()
            readers[readerKey] = (reader, shortcut)
            // Mostly 1900-2100, some back to 1600 and on to 9999, and some where the text is in
            // another zone than the reader's.
            let years: ClosedRange<Double> = Int.random(in: 0..<10, using: &random) == 0 ? -11_676_096_000...253_402_300_799 : -2_208_988_800...4_102_444_800
            var seconds = Double(Int64(Double.random(in: years, using: &random)))
            if pattern.contains("SSS") { seconds += Double(Int.random(in: 0...999, using: &random)) / 1000 }
            let writerZone = Bool.random(using: &random) ? zone : Self.zones.randomElement(using: &random) ?? .gmt
            let writerKey = "\(pattern)|\(writerZone.identifier)"
            let writer = writers[writerKey] ?? Self.formatter(pattern, writerZone)
            writers[writerKey] = writer
            var text = writer.string(from: Date(timeIntervalSince1970: seconds))
            if Int.random(in: 0..<5, using: &random) == 0 { text = Self.nearMiss(of: text, using: &random) }

            cases += 1
            let expected = reader.date(from: text)
            let fast = shortcut.flatMap { shortcut in Array(text.utf8).withUnsafeBytes { shortcut.date(from: $0) } }
            if let fast {
                shortcutAnswers += 1
                if fast.timeIntervalSinceReferenceDate.bitPattern != expected?.timeIntervalSinceReferenceDate.bitPattern {
                    differences.append("\(readerKey) \"\(text)\": \(fast.timeIntervalSince1970) vs \(String(describing: expected?.timeIntervalSince1970))")
                }
            } else if shortcut != nil {
                shortcutSkips += 1
            }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(cases): \(differences.prefix(10))")
        // Most well-formed texts of eligible formatters are read without the formatter.
        #expect(shortcutAnswers > cases / 4, "\(shortcutAnswers) answered, \(shortcutSkips) left to the formatter, of \(cases)")
    }

    /// The same texts through both decoders, one `{"date": …}` at a time: values and errors.
    @Test(arguments: ["EEE MMM dd HH:mm:ss Z yyyy", "EEE, dd MMM yyyy HH:mm:ss zzz", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd"])
    func decodersAgreeOnFormattedDates(pattern: String) {
        var random = SplitMix64(seed: UInt64(pattern.utf8.count))
        struct One: Decodable, Equatable { let date: Date }
        for zone in [TimeZone.gmt, TimeZone(identifier: "America/New_York"), TimeZone(secondsFromGMT: 20700)].compactMap({ $0 }) {
            let formatter = Self.formatter(pattern, zone)
            let setup = DecoderSetup(dates: .formatted(formatter))
            let (foundation, yajl) = (setup.foundation(), setup.yajl())
            var differences: [String] = []
            for index in 0..<1_500 {
                let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &random)))
                var text = Self.formatter(pattern, Self.zones.randomElement(using: &random) ?? .gmt).string(from: date)
                if index % 4 == 0 { text = Self.nearMiss(of: text, using: &random) }
                let json = index % 50 == 0 ? #"{"date": 17}"# : #"{"date": "\#(text)"}"#
                let expected = Outcome { try foundation.decode(One.self, from: Data(json.utf8)) }
                let actual = Outcome { try yajl.decode(One.self, from: Data(json.utf8)) }
                if actual != expected { differences.append("\(json): \(actual) vs \(expected)") }
            }
            #expect(differences.isEmpty, "\(zone.identifier): \(differences.count): \(differences.prefix(5))")
        }
        expectSameDecoding([Date].self, #"["Mon Sep 24 03:35:21 +0000 2012", null]"#, DecoderSetup(dates: .formatted(Self.formatter(pattern, .gmt))))
    }

    /// Which formatters are read around, and which only through themselves.
    @Test func shortcutNeedsAFormatterThatProvablyAgrees() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(FormatterShortcut(Self.formatter("EEE MMM dd HH:mm:ss Z yyyy", newYork)) != nil)  // the text has its zone
        #expect(FormatterShortcut(Self.formatter("EEE MMM dd HH:mm:ss Z yyyy", utc, "fr_FR")) == nil)  // French names
        #expect(FormatterShortcut(Self.formatter("yyyy-MM-dd HH:mm:ss", utc, "de_DE")) != nil)  // digits only
        #expect(FormatterShortcut(Self.formatter("yyyy-MM-dd HH:mm:ss", newYork)) == nil)  // daylight saving time
        #expect(FormatterShortcut(Self.formatter("yyyy-MM-dd HH:mm:ss", try #require(TimeZone(secondsFromGMT: 19800)))) != nil)
        #expect(FormatterShortcut(Self.formatter("yy-MM-dd", utc)) == nil)
        #expect(FormatterShortcut(Self.formatter("HH:mm:ss", utc)) == nil)  // no date
        #expect(FormatterShortcut(Self.formatter("yyyy-MM-dd mm", utc)) == nil)  // minutes without hours
        #expect(FormatterShortcut(Self.formatter("yyyy-MM-dd'T", utc)) == nil)  // an open quote
        let lenient = Self.formatter("yyyy-MM-dd", utc)
        lenient.isLenient = true
        #expect(FormatterShortcut(lenient) == nil)
        let defaulted = Self.formatter("yyyy-MM-dd", utc)
        defaulted.defaultDate = Date(timeIntervalSince1970: 3600)
        #expect(FormatterShortcut(defaulted) == nil)
        let buddhist = Self.formatter("yyyy-MM-dd", utc)
        buddhist.calendar = Calendar(identifier: .buddhist)
        #expect(FormatterShortcut(buddhist) == nil)
    }

    /// A formatter changed between decodes is read as changed, as `JSONDecoder` reads it.
    @Test func formatterChangesApplyToLaterDecodes() throws {
        let formatter = Self.formatter("yyyy-MM-dd", .gmt)
        let decoder = YAJLDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        #expect(try decoder.decode([Date].self, from: #"["1970-01-02"]"#) == [Date(timeIntervalSince1970: 86400)])
        formatter.dateFormat = "dd.MM.yyyy"
        #expect(try decoder.decode([Date].self, from: #"["03.01.1970"]"#) == [Date(timeIntervalSince1970: 2 * 86400)])
        #expect(throws: DecodingError.self) { try decoder.decode([Date].self, from: #"["1970-01-02"]"#) }
    }

    enum TwitterFormat: JSONDateFormat { static let pattern = "EEE MMM dd HH:mm:ss Z yyyy" }
    enum LocalDayFormat: JSONDateFormat {
        static let pattern = "yyyy-MM-dd HH:mm"
        static let timeZone = TimeZone(secondsFromGMT: -34200) ?? .gmt
    }

    /// The models' `DateFormatted` reads fixed patterns through the same shortcut: as its formatter.
    @Test func modelDateTransformsReadAsTheirFormatter() throws {
        var random = SplitMix64(seed: 136)
        func check<Format: JSONDateFormat>(_: Format.Type) throws {
            let formatter = Self.formatter(Format.pattern, Format.timeZone)
            #expect(FormatterShortcut(pattern: Format.pattern, timeZone: Format.timeZone) != nil)
            for index in 0..<2_000 {
                let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &random)))
                var text = Self.formatter(Format.pattern, Self.zones.randomElement(using: &random) ?? .gmt).string(from: date)
                if index % 4 == 0 { text = Self.nearMiss(of: text, using: &random) }
                let json = try #require(try JSONDocument(parsing: #"["\#(text)"]"#).root[0])
                let expected = formatter.date(from: text)
                let actual = try? DateFormatted<Format>.read(json)
                #expect(actual == expected, "\(Format.pattern): \(text)")
            }
        }
        try check(TwitterFormat.self)
        try check(LocalDayFormat.self)
    }

    /// Foundation's strategy values convert both ways.
    @Test func foundationStrategiesConvert() throws {
        let decoder = YAJLDecoder()
        decoder.dateDecodingStrategy = .init(JSONDecoder.DateDecodingStrategy.secondsSince1970)
        #expect(try decoder.decode([Date].self, from: "[86400]") == [Date(timeIntervalSince1970: 86400)])
        let json = JSONDecoder()
        json.dateDecodingStrategy = YAJLDecoder.DateDecodingStrategy.formatted(Self.formatter("yyyy-MM-dd", .gmt)).jsonDecoderStrategy
        #expect(try json.decode([Date].self, from: Data(#"["1970-01-02"]"#.utf8)) == [Date(timeIntervalSince1970: 86400)])
    }
}
