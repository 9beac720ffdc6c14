/// Swift names for JSON keys and values: properties, types, enum cases.
enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Property names that a model or a `Codable` struct already uses for something else.
    static let reservedProperties: Set<String> = [
        "json", "description", "debugDescription", "hashValue", "jsonRepresentation", "foundationObject", "init",
        "self", "Type", "Protocol", "_storage", "_JSONStorage", "_jsonStorage", "_propertyValues", "_jsonKeys",
    ]

    /// Type names that would hide a standard or YAJLModel type the output uses.
    static let reservedTypes: Set<String> = [
        "Any", "Array", "Bool", "Codable", "Data", "Date", "Decimal", "Decoder", "Dictionary", "Double", "Encoder",
        "Error", "Float", "Int", "JSON", "JSONArray", "JSONValue", "JSONModel", "Never", "Optional", "Protocol",
        "Result", "Self", "Sendable", "Set", "String", "Type", "URL", "UUID", "Void", "CodedDate", "CodedDateFormat",
        "CodedOptionalDate", "Other", "TimeZone", "Locale", "Calendar", "DateFormatter", "Character", "Substring",
        "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Equatable", "Hashable",
        "CodingKey", "CodingKeys", "DecodingError", "DiscriminatorKey", "JSONDocument", "JSONKind", "JSONConvertible",
        "JSONPolymorphic", "JSONDateFormat", "DateFormatted", "JSONUnknownValueFallback",
    ]

    /// The words of a key: runs of letters and digits, split at underscores, other
    /// characters, and lower-to-upper changes are kept inside a word (`imageURL` is one).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in key {
            if character.isLetter || character.isNumber, character.isASCII || character.isLetter {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `created_at` → `createdAt`, `URL` → `url`, `2fa` → `_2fa`, `default` → `` `default` ``.
    static func propertyName(_ key: String) -> String {
        guard var name = lowerCamelCase(key) else { return "_" }
        if reservedProperties.contains(name) { name += "Value" }
        return name
    }

    /// The words of `text` in lower camel case, an underscore before a leading digit; nil
    /// when it has no letters or digits.
    static func lowerCamelCase(_ text: String) -> String? {
        let parts = words(text)
        guard let first = parts.first else { return nil }
        var name = first == first.uppercased() ? first.lowercased() : lowercasingFirst(first)
        for part in parts.dropFirst() { name += uppercasingFirst(part) }
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// The name as declared: keywords in backticks.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `user_mentions` → `UserMentions`; `items` as an element type → `Item`.
    static func typeName(_ key: String, singular: Bool) -> String {
        var parts = words(key)
        if singular, let last = parts.popLast() { parts.append(self.singular(last)) }
        var name = parts.map { $0 == $0.uppercased() && $0.count <= 4 ? $0 : uppercasingFirst($0) }.joined()
        if name.isEmpty { name = "Value" }
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// `statuses` → `status`, `categories` → `category`, `boxes` → `box`, `items` → `item`.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        func drop(_ count: Int, adding suffix: String = "") -> String { String(word.dropLast(count)) + suffix }
        if lower.hasSuffix("ies"), word.count > 4 { return drop(3, adding: word.last?.isUppercase == true ? "Y" : "y") }
        if lower.hasSuffix("uses") || lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches")
            || lower.hasSuffix("shes") || lower.hasSuffix("zes")
        {
            return drop(2)
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), word.count > 2 {
            return drop(1)
        }
        return word
    }

    /// An enum case for a raw value: `in_progress` → `inProgress`, `2` → `_2`, `` → `empty`.
    static func caseName(_ value: String) -> String {
        lowerCamelCase(value) ?? "empty"
    }

    /// The key `@JSONModel(keys: .snakeCase)` reads for a property name: a word starts at a
    /// capital that follows a lowercase letter or a digit, and at the last capital of a run
    /// that a lowercase letter follows; words are lowercased and joined by underscores.
    static func snakeCaseKey(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let afterLower = previous.isLowercase || previous.isNumber
                let endsRun = previous.isUppercase && next?.isLowercase == true
                if afterLower || endsRun, previous != "_" { result += "_" }
            }
            result += character.lowercased()
        }
        return result
    }

    static func lowercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    static func uppercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A Swift string literal's contents for `text`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
