import Foundation

extension JSONValue {
    /// The value as Foundation objects, as `JSONSerialization` would give: `[String: Any]`,
    /// `[Any]`, `String`, `NSNumber` (an integer when the number is one, else a `Double`;
    /// a `Bool` for `true` and `false`) and `NSNull`. With repeated keys, the last wins.
    public var foundationObject: Any {
        fold(
            scalar: { value -> Any in
                switch value.kind {
                case .bool: return NSNumber(value: value.bool ?? false)
                case .number:
                    if let integer = value.int64 { return NSNumber(value: integer) }
                    if let integer = value.uint64 { return NSNumber(value: integer) }
                    return NSNumber(value: value.double ?? .nan)
                case .string: return value.string ?? ""
                default: return NSNull()
                }
            },
            array: { $0 },
            object: { keys, values -> Any in
                Dictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
            }
        )
    }
}
