extension JSONError {
    /// The same error at `location`: a record's error placed in its stream.
    func moved(to location: JSONSourceLocation) -> JSONError {
        switch self {
        case .syntax(let message, _): .syntax(message, at: location)
        case .unexpectedEndOfInput: .unexpectedEndOfInput(at: location)
        case .invalidUTF8: .invalidUTF8(at: location)
        case .invalidEscape: .invalidEscape(at: location)
        case .tooDeep(let limit, _): .tooDeep(limit: limit, at: location)
        case .tooLarge(let what, let limit, _): .tooLarge(what, limit: limit, at: location)
        case .trailingData: .trailingData(at: location)
        case .targetNotAnArray(let target, let found, _): .targetNotAnArray(target, found: found, at: location)
        }
    }
}
