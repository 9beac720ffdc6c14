extension String {
    /// A copy of UTF-8 that the tree builder has already validated: a string node's bytes.
    ///
    /// `String(decoding:as:)` would check the bytes again, which for text that is not ASCII
    /// costs several instructions a byte; the parser's check (`yjm_utf8_valid_prefix`, and the
    /// escape decoder's refusal of lone surrogates) is as strict as the standard library's.
    /// Only bytes from a document's string nodes may be passed here.
    @inline(__always)
    init(validatedUTF8 bytes: UnsafeRawBufferPointer) {
        #if compiler(>=6.2)  // UTF8Span
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Unsafe: `bytes` are a string node's, which the parser validated as UTF-8; the pointer is used during this call only.
            let units = bytes.assumingMemoryBound(to: UInt8.self)
            self = String(copying: unsafe UTF8Span(unchecked: units.span))
            return
        }
        #endif
        self = String(decoding: bytes, as: UTF8.self)
    }
}
