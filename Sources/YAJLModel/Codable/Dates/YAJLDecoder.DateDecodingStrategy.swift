import Foundation

extension YAJLDecoder {
    /// How ``YAJLDecoder`` decodes `Date` values: `JSONDecoder.DateDecodingStrategy`, spelled
    /// the same, with the `DateFormatter` of `.formatted` kept so it can be read around.
    ///
    /// Code written for `JSONDecoder` compiles unchanged:
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.locale = Locale(identifier: "en_US_POSIX")
    /// formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"   // Twitter's
    /// decoder.dateDecodingStrategy = .formatted(formatter)
    /// ```
    ///
    /// A value of Foundation's type converts with ``init(_:)``, and back with
    /// ``jsonDecoderStrategy``.
    ///
    /// ## Formatted dates without the formatter
    ///
    /// On Linux, Foundation's `.formatted(_:)` wraps the formatter in a closure, so a decoder
    /// can only call it, and `DateFormatter` dominates any decode with many dates. This type
    /// keeps the formatter, and `YAJLDecoder` reads the text itself when its result is provably
    /// the formatter's:
    /// - the pattern has only fixed-width fields: `yyyy`, `MM`, `MMM`, `dd`, `EEE`, `HH`, `mm`,
    ///   `ss`, `SSS`, a zone `Z`, `XXX`, `XXXXX`, `ZZZZZ` or `zzz`, and literals; for example
    ///   `EEE MMM dd HH:mm:ss Z yyyy`, `EEE, dd MMM yyyy HH:mm:ss zzz`, `yyyy-MM-dd'T'HH:mm:ss.SSSZ`,
    ///   `yyyy-MM-dd'T'HH:mm:ssXXXXX`, `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`;
    /// - the locale is `en_US_POSIX`, or the pattern has no names and the locale writes Latin
    ///   digits; the calendar is Gregorian; the formatter is not lenient and has no `defaultDate`;
    /// - a pattern without a zone has a time zone of fixed offset (UTC, GMT, or one made by
    ///   `TimeZone(secondsFromGMT:)`);
    /// - the text is written exactly as the formatter writes it, for a year from 1600 on, with
    ///   every field in range and the weekday the date's own.
    ///
    /// Everything else, such as `Sept`, `+00:00` where `Z` writes `+0000`, a missing leading zero,
    /// or a named zone with daylight saving time, goes to the formatter, so values and errors are
    /// always `JSONDecoder`'s (a test compares them over tens of thousands of dates, patterns and
    /// time zones). The formatter's settings are read once per decode, at its first date.
    public struct DateDecodingStrategy: Sendable {
        enum Representation: Sendable {
            case foundation(JSONDecoder.DateDecodingStrategy)
            case formatted(SharedDateFormatter)
        }

        let representation: Representation

        /// Decodes a `Date` as the `Date` type itself does (a number of seconds since 2001).
        public static let deferredToDate = Self(.deferredToDate)

        /// Decodes a `Date` from a number of seconds since 1970-01-01 UTC.
        public static let secondsSince1970 = Self(.secondsSince1970)

        /// Decodes a `Date` from a number of milliseconds since 1970-01-01 UTC.
        public static let millisecondsSince1970 = Self(.millisecondsSince1970)

        /// Decodes a `Date` from ISO 8601 text, as `JSONDecoder`'s `.iso8601` does.
        public static let iso8601 = Self(.iso8601)

        /// Decodes a `Date` from a string that `formatter` reads, as `JSONDecoder`'s
        /// `.formatted(_:)` does; fixed formats are read without it (see above).
        ///
        /// As with `JSONDecoder`, the formatter is shared, not copied: changing its settings
        /// changes how later decodes read dates.
        public static func formatted(_ formatter: DateFormatter) -> Self {
            Self(representation: .formatted(SharedDateFormatter(formatter)))
        }

        /// Decodes a `Date` with `decode`, as `JSONDecoder`'s `.custom(_:)` does.
        public static func custom(_ decode: @escaping @Sendable (_ decoder: any Decoder) throws -> Date) -> Self {
            Self(.custom(decode))
        }

        /// Foundation's strategy `strategy`, as `JSONDecoder` applies it.
        ///
        /// On Linux, Foundation's `.formatted(_:)` is a `.custom` closure, so a strategy made
        /// there is never read without its formatter: use this type's ``formatted(_:)``.
        public init(_ strategy: JSONDecoder.DateDecodingStrategy) {
            representation = .foundation(strategy)
        }

        init(representation: Representation) { self.representation = representation }

        /// The same strategy as Foundation's type, for a `JSONDecoder`.
        public var jsonDecoderStrategy: JSONDecoder.DateDecodingStrategy {
            switch representation {
            case .foundation(let strategy): strategy
            case .formatted(let shared): .formatted(shared.formatter)
            }
        }
    }
}

/// A `DateFormatter` that a `Sendable` strategy holds.
///
/// `@unchecked` because some SDKs do not mark `DateFormatter` `Sendable`, although it is safe to
/// use from several threads at once (Apple documents it thread-safe, and swift-corelibs-foundation
/// guards its state with a lock). Foundation's own `Sendable` `DateDecodingStrategy` shares
/// the formatter the same way, and this type adds no state of its own.
struct SharedDateFormatter: @unchecked Sendable {
    let formatter: DateFormatter

    init(_ formatter: DateFormatter) { self.formatter = formatter }
}
