import Foundation
import Testing
import YAJLModel

/// What a coding error says, for comparing YAJLModel's coders with Foundation's: the case,
/// the type or key it names, and the coding path (each key's `stringValue` and `intValue`).
/// Messages are not compared.
struct CodingErrorShape: Equatable, CustomStringConvertible {
    let kind: String
    let subject: String
    let path: [String]

    init(_ error: any Error) {
        func keys(_ path: [any CodingKey]) -> [String] {
            path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }
        }
        switch error {
        case DecodingError.typeMismatch(let type, let context):
            (kind, subject, path) = ("typeMismatch", "\(type)", keys(context.codingPath))
        case DecodingError.valueNotFound(let type, let context):
            (kind, subject, path) = ("valueNotFound", "\(type)", keys(context.codingPath))
        case DecodingError.keyNotFound(let key, let context):
            (kind, subject, path) = ("keyNotFound", keys([key])[0], keys(context.codingPath))
        case DecodingError.dataCorrupted(let context):
            (kind, subject, path) = ("dataCorrupted", "", keys(context.codingPath))
        case EncodingError.invalidValue(_, let context):
            (kind, subject, path) = ("invalidValue", "", keys(context.codingPath))
        default:
            (kind, subject, path) = ("other", "\(type(of: error))", [])
        }
    }

    var description: String { "\(kind)(\(subject)) at \(path)" }
}

/// A value, or the shape of the error that came instead.
enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case error(CodingErrorShape)

    init(_ body: () throws -> Value) {
        do { self = .value(try body()) } catch { self = .error(CodingErrorShape(error)) }
    }

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .error(let shape): "error \(shape)"
        }
    }
}

/// What `JSONDecoder` and `YAJLDecoder` have in common, to configure both alike.
protocol ConfigurableDecoder: AnyObject {
    var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy { get set }
    var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy { get set }
    var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy { get set }
    var userInfo: [CodingUserInfoKey: any Sendable] { get set }
}

extension JSONDecoder: ConfigurableDecoder {}
extension YAJLDecoder: ConfigurableDecoder {}

/// The same decoding options for `JSONDecoder` and `YAJLDecoder`.
struct DecoderSetup {
    /// YAJLDecoder's date strategy, and Foundation's as its `jsonDecoderStrategy`.
    var dates: YAJLDecoder.DateDecodingStrategy = .deferredToDate
    var data: JSONDecoder.DataDecodingStrategy = .base64
    var floats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    func foundation() -> JSONDecoder {
        let decoder = configured(JSONDecoder())
        decoder.dateDecodingStrategy = dates.jsonDecoderStrategy
        return decoder
    }

    func yajl() -> YAJLDecoder {
        let decoder = configured(YAJLDecoder())
        decoder.dateDecodingStrategy = dates
        return decoder
    }

    private func configured<Decoder: ConfigurableDecoder>(_ decoder: Decoder) -> Decoder {
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        decoder.keyDecodingStrategy = keys
        decoder.userInfo = userInfo
        return decoder
    }
}

/// Decodes `json` with both decoders and expects the same value or the same error.
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, _ setup: DecoderSetup = DecoderSetup(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = Outcome { try setup.foundation().decode(type, from: Data(json.utf8)) }
    let actual = Outcome { try setup.yajl().decode(type, from: Data(json.utf8)) }
    #expect(actual == expected, "\(T.self) from \(json)", sourceLocation: sourceLocation)
}

/// What `JSONEncoder` and `YAJLEncoder` have in common, to configure both alike.
protocol ConfigurableEncoder: AnyObject {
    var outputFormatting: JSONEncoder.OutputFormatting { get set }
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy { get set }
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy { get set }
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy { get set }
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy { get set }
}

extension JSONEncoder: ConfigurableEncoder {}
extension YAJLEncoder: ConfigurableEncoder {}

/// The same encoding options for `JSONEncoder` and `YAJLEncoder`.
struct EncoderSetup {
    var formatting: JSONEncoder.OutputFormatting = []
    var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var data: JSONEncoder.DataEncodingStrategy = .base64
    var floats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys

    func foundation() -> JSONEncoder { configured(JSONEncoder()) }
    func yajl() -> YAJLEncoder { configured(YAJLEncoder()) }

    private func configured<Encoder: ConfigurableEncoder>(_ encoder: Encoder) -> Encoder {
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = dates
        encoder.dataEncodingStrategy = data
        encoder.nonConformingFloatEncodingStrategy = floats
        encoder.keyEncodingStrategy = keys
        return encoder
    }
}

/// Encodes `value` with both encoders and expects the same JSON (the same bytes when keys are
/// sorted, the same value otherwise, since `JSONEncoder`'s member order is its dictionaries'),
/// or the same error.
func expectSameEncoding<T: Encodable>(
    _ value: T, _ setup: EncoderSetup = EncoderSetup(), sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = Outcome { try setup.foundation().encode(value) }
    let actual = Outcome { try setup.yajl().encode(value) }
    switch (expected, actual) {
    case (.value(let foundation), .value(let yajl)) where setup.formatting.contains(.sortedKeys):
        #expect(String(decoding: yajl, as: UTF8.self) == String(decoding: foundation, as: UTF8.self), sourceLocation: sourceLocation)
    case (.value(let foundation), .value(let yajl)):
        let same = (try? JSONDocument(parsing: yajl).root == JSONDocument(parsing: foundation).root) ?? false
        #expect(same, "\(String(decoding: yajl, as: UTF8.self)) vs \(String(decoding: foundation, as: UTF8.self))", sourceLocation: sourceLocation)
    default:
        #expect(actual == expected, sourceLocation: sourceLocation)
    }
}

/// A coding key made from any string or integer.
struct AnyKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
    init(intValue: Int) { (self.stringValue, self.intValue) = (String(intValue), intValue) }
}
