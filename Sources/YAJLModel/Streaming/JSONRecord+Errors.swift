import Foundation

extension JSONRecord {
    /// `convert` applied to ``value``; its error, placed in the stream, as the record's.
    func convert<T>(_ convert: (JSONValue) throws -> T) throws(JSONRecordError) -> T {
        do {
            return try convert(value)
        } catch {
            throw failure(error)
        }
    }

    /// `error`, which reading ``value`` threw, as this record's error in its stream.
    func failure(_ error: any Error) -> JSONRecordError {
        switch error {
        case let error as JSONRecordError:
            return error
        case let error as JSONModelError:
            return failure(error)
        case DecodingError.dataCorrupted(let context) where context.underlyingError is JSONModelError:
            guard let error = context.underlyingError as? JSONModelError else { return failure(error) }
            return failure(error)
        case let error as DecodingError:
            return JSONRecordError(
                index: index, start: start, location: location(of: value.descendant(along: error.codingPath)),
                underlying: index.map { error.prefixed(with: JSONCodingKey(index: $0)) } ?? error)
        case let error as JSONError:
            return JSONRecordError(index: index, start: start, location: error.location, underlying: error)
        default:
            return JSONRecordError(index: index, start: start, location: start, underlying: error)
        }
    }

    /// A model error, its paths starting at the record and its places in the stream.
    private func failure(_ error: JSONModelError) -> JSONRecordError {
        let placed = error.placed(under: index.map { "[\($0)]" } ?? "", moving: location(ofDocumentOffset:))
        return JSONRecordError(index: index, start: start, location: placed.issues.first?.location ?? start, underlying: placed)
    }

    private func location(of value: JSONValue) -> JSONSourceLocation {
        location(ofDocumentOffset: value.byteRange.lowerBound)
    }

    /// The stream location of `offset` in ``value``'s document, counted on from ``start``
    /// over the value's text; ``start`` for an offset outside the value.
    private func location(ofDocumentOffset offset: Int) -> JSONSourceLocation {
        let range = value.byteRange
        guard offset >= range.lowerBound && offset <= range.upperBound else { return start }
        return value.document.input.withBytes { bytes in
            start.location(of: start.offset + offset - range.lowerBound, in: UnsafeRawBufferPointer(rebasing: bytes[range]))
        }
    }
}

extension JSONValue {
    /// The value at the end of `codingPath`, or the last one along it that is there
    /// (a key decoding strategy can name keys otherwise than the text does).
    func descendant(along codingPath: [any CodingKey]) -> JSONValue {
        var current = self
        for key in codingPath {
            if let index = key.intValue, let element = current[index] {
                current = element
            } else if let member = current[key.stringValue] {
                current = member
            } else {
                break
            }
        }
        return current
    }
}
