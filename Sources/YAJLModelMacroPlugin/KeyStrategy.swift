/// The key strategy named in `@JSONModel(keys:)`, applied at compile time.
enum KeyStrategy {
    case useDefaultKeys
    case snakeCase

    func key(for propertyName: String) -> String {
        switch self {
        case .useDefaultKeys: propertyName
        case .snakeCase: Self.snakeCase(propertyName)
        }
    }

    /// `firstName` → `first_name`, `imageURL` → `image_url`, `urlString` → `url_string`,
    /// `userID2` → `user_id2`: a word starts at an uppercase letter that follows a
    /// lowercase one, or that is followed by a lowercase one after a run of capitals.
    /// Unlike Foundation's `.convertToSnakeCase` (which the coders follow), a leading acronym
    /// stays whole (`URLString` → `url_string`, not `u_rl_string`); the Models article's
    /// "Snake case" table lists both mappings, and the tests check this one against it.
    static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord && previous != "_" { result.append("_") }
            }
            result += character.lowercased()
        }
        return result
    }
}
