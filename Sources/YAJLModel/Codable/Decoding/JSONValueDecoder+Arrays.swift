import CYAJLTree
import Foundation

/// `[Element]`, decoded element by element without an `UnkeyedDecodingContainer`.
protocol DecodableArray {
    static func _decodeElements(from decoder: JSONValueDecoder, _ node: UInt32, _ element: PathElement?) throws -> Self
}

extension Array: DecodableArray where Element: Decodable {
    static func _decodeElements(from decoder: JSONValueDecoder, _ node: UInt32, _ element: PathElement?) throws -> Self {
        // Compared once per array here, rather than by `value` for each element.
        if Element.self == [Double].self { return try decoder.arraysOfDoubles(node, element, as: Self.self) }
        if decoder.decodesItself(Element.self) {
            return try decoder.elements(of: node, element) { try decoder.element($0, as: Element.self, depth: $1, index: $2) }
        }
        return try decoder.elements(of: node, element) { try decoder.value($0, as: Element.self, depth: $1, .index($2)) }
    }
}

extension JSONValueDecoder {
    /// Whether `T` is one of the arrays that `scalarArray` decodes.
    @inline(__always)
    static func isScalarArray<T>(_: T.Type) -> Bool {
        T.self == [Int].self || T.self == [String].self || T.self == [Double].self
    }

    /// `[Int]`, `[String]` or `[Double]` (`isScalarArray`), decoded by code specialized for them:
    /// through `DecodableArray`, the array's storage type alone would be a runtime metadata
    /// lookup per array.
    func scalarArray<T>(_ node: UInt32, as type: T.Type, _ element: PathElement?) throws -> T {
        if T.self == [Int].self { return try Self.cast(try elements(of: node, element) { try integer($0, $1, .index($2)) as Int }, to: T.self) }
        if T.self == [String].self { return try Self.cast(try elements(of: node, element) { try string($0, $1, .index($2)) }, to: T.self) }
        if let doubles = plainDoubles(node) { return try Self.cast(doubles, to: T.self) }
        return try Self.cast(try elements(of: node, element) { try double($0, $1, .index($2)) }, to: T.self)
    }

    /// The elements of the array at `node`, each decoded by `decode(node, depth, index)`, with the
    /// decoder moved into the array (one `element` further along the path).
    @inline(__always)
    func elements<Element>(of node: UInt32, _ element: PathElement?, _ decode: (UInt32, Int, Int) throws -> Element) throws -> [Element] {
        let count = document.payload(node)
        guard count > 0 else { return [] }  // common (citm_catalog.json's blockIds), and nothing to move for
        let saved = moveIn(node, element)
        defer { moveOut(saved) }
        let depth = path.count
        let end = document.subtreeEnd(node)
        // Each element is decoded into its place in the array: appended, one that holds a
        // reference would be copied in, retained, and released with its original.
        return try [Element](unsafeUninitializedCapacity: count) { elements, initialized in
            var child = document.firstChild(node)
            while child < end && initialized < count {
                // Unsafe: `initialized < count`, the buffer's capacity (checked above).
                (elements.baseAddress.unsafelyUnwrapped + initialized).initialize(to: try decode(child, depth, initialized))
                initialized += 1
                child = document.subtreeEnd(child)
            }
        }
    }

    /// The array element at `node`, decoded by its own `init(from:)` with the decoder moved to
    /// it. The element's step is pushed for the array's first element and rewritten in place
    /// for the others (the array's `moveOut` pops it), since a push and a pop of a `PathElement`
    /// (an enum with an existential payload, copied and destroyed through its value witnesses)
    /// per element would cost more than decoding a small element.
    @inline(__always)
    func element<T: Decodable>(_ node: UInt32, as _: T.Type, depth: Int, index: Int) throws -> T {
        if path.count == depth {
            path.append(.index(index))
        } else {
            // Unsafe: `path.count > depth` here: the array's first element pushed the step at `depth`, and deeper steps are popped before the next.
            path.withUnsafeMutableBufferPointer { $0[depth] = .index(index) }
        }
        self.node = node
        return try T(from: self)
    }

    /// Whether `value` and `unwrap` give every `T` to `T.init(from:)` as it is: true unless `T`
    /// is a scalar they read directly, a type a strategy decodes (`JSONValue`, `Data`, `Date`,
    /// `URL`, `Decimal`), or an array or dictionary decoded here. Asked once per array, so that
    /// its elements skip those comparisons (about a hundred instructions an element).
    func decodesItself<T: Decodable>(_: T.Type) -> Bool {
        if T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self { return false }
        if T.self == JSONValue.self || T.self == Data.self || T.self == Date.self || T.self == URL.self || T.self == Decimal.self { return false }
        if Self.isScalarArray(T.self) { return false }
        if case .other = collectionKind(of: T.self) { return true }
        return false
    }

    /// An array element or a dictionary value: the common scalars directly, anything else
    /// through `unwrap` (with the same results and errors as their `init(from:)`).
    @inline(__always)
    func value<T: Decodable>(_ node: UInt32, as type: T.Type, depth: Int, _ element: @autoclosure () -> PathElement) throws -> T {
        if T.self == String.self { return try Self.cast(try string(node, depth, element()), to: T.self) }
        if T.self == Int.self { return try Self.cast(try integer(node, depth, element()) as Int, to: T.self) }
        if T.self == Double.self { return try Self.cast(try double(node, depth, element()), to: T.self) }
        if T.self == Bool.self { return try Self.cast(try bool(node, depth, element()), to: T.self) }
        return try unwrap(node, as: type, depth: depth, element())
    }
}
