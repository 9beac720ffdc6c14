/// Repairs for almost-JSON, for use in ``JSONModel/preprocess(_:)``.
public enum JSONPreprocessing {
    /// Turns `\'` into `'`. Some feeds (Flickr's public feed among them) escape single
    /// quotes, which JSON does not allow. A `\'` right after an escaped backslash
    /// (`\\'`) is left alone, since there the quote is not escaped.
    public static func unescapingSingleQuotes(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "'") {
                    output.append(UInt8(ascii: "'"))
                } else {
                    output.append(byte)
                    output.append(bytes[index + 1])
                }
                index += 2
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }
}
