extension JSONValue {
    /// Builds a `T` bottom-up: each scalar with `scalar`, each container from its
    /// children's results with `array` or `object` (keys and values in document order).
    ///
    /// The walk is iterative, with a stack of open containers, so a document nested
    /// as deeply as the parser allowed cannot exhaust the call stack.
    func fold<T>(
        scalar: (JSONValue) -> T, array: ([T]) -> T, object: (_ keys: [String], _ values: [T]) -> T
    ) -> T {
        let document = self.document
        var stack: [FoldFrame<T>] = []
        var node = self.node
        while true {
            let value = JSONValue(document: document, node: node)
            var finished: T?
            if document.isContainer(node) {
                stack.append(FoldFrame(isObject: value.kind == .object, end: document.subtreeEnd(node), next: document.firstChild(node)))
            } else {
                finished = scalar(value)
            }
            // Hand finished values to their parents and find the next node.
            while true {
                if let done = finished {
                    guard !stack.isEmpty else { return done }
                    stack[stack.count - 1].children.append(done)  // in place: no copy of the array
                    finished = nil
                }
                let top = stack.count - 1
                if stack[top].next < stack[top].end {
                    node = stack[top].next
                    if stack[top].isObject {
                        stack[top].keys.append(JSONValue(document: document, node: node).string ?? "")
                        node = document.subtreeEnd(node)
                    }
                    stack[top].next = document.subtreeEnd(node)
                    break
                }
                let container = stack.removeLast()
                finished = container.isObject ? object(container.keys, container.children) : array(container.children)
            }
        }
    }
}

/// A container still open during ``JSONValue/fold(scalar:array:object:)``.
struct FoldFrame<T> {
    let isObject: Bool
    let end: UInt32
    var next: UInt32
    var keys: [String] = []
    var children: [T] = []
}
