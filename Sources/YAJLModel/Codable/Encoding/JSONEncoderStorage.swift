/// The bytes ``YAJLEncoder`` writes, and the containers still open in them.
///
/// Encoding streams: a container's opening bracket is written when the container is made,
/// each member as it is encoded, and the closing bracket when the container is done (when
/// its parent writes again, or the value that made it returns). Formatting follows
/// `JSONEncoder`'s writer byte for byte: `"key" : value` and two-space indents when
/// pretty-printed, empty containers as `{\n\n}`, and keys sorted by their UTF-8 bytes.
/// Sorting reorders an object's members in place when it closes.
struct JSONEncoderStorage {
    /// The output. Its owner frees it, or hands it over.
    var output = JSONByteBuffer(capacity: 4096)
    private(set) var frames = UnsafeStack<EncodingFrame>()
    private var members = UnsafeStack<MemberRecord>(capacity: 64)
    /// The unescaped keys of open objects' members, when keys are sorted.
    private var sortKeys: [UInt8] = []
    /// The coding path steps of nested containers (see `EncodingFrame.nestedSteps`).
    private var nestedSteps: [[PathElement]] = []
    private var nextID: UInt32 = 1

    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool

    /// `JSONEncoder`'s writer refuses containers nested this deep.
    static let maximumDepth = 512

    init(prettyPrinted: Bool, sortedKeys: Bool, escapesSlashes: Bool) {
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.escapesSlashes = escapesSlashes
    }

    /// Frees the record stacks (not the output, which may have been handed over).
    func freeRecords() {
        frames.free()
        members.free()
    }

    /// Whether `handle` names a container that is still open.
    @inline(__always)
    func isOpen(_ handle: ContainerHandle) -> Bool {
        handle.index >= 0 && handle.index < frames.count && frames[handle.index].id == handle.id
    }

    /// Whether `handle` is the innermost open container, the case of every write in order.
    @inline(__always)
    func isInnermost(_ handle: ContainerHandle) -> Bool {
        handle.index >= 0 && handle.index == frames.count - 1 && frames[handle.index].id == handle.id
    }

    func count(of handle: ContainerHandle) -> Int { isOpen(handle) ? frames[handle.index].count : 0 }

    /// The encoder's path length when `handle` was made, and the steps of nested containers since.
    func path(of handle: ContainerHandle) -> (count: Int, nestedSteps: [PathElement]) {
        guard isOpen(handle) else { return (0, []) }
        let frame = frames[handle.index]
        return (frame.pathCount, frame.nestedSteps >= 0 ? nestedSteps[frame.nestedSteps] : [])
    }

    // MARK: Opening and closing

    /// Writes an opening bracket; nil when the nesting would be too deep for `JSONEncoder`.
    mutating func open(
        isObject: Bool, pathCount: Int, nestedSteps steps: [PathElement] = [], allowsRepeatedKeys: Bool = false,
        sortsMembers: Bool = true
    ) -> ContainerHandle? {
        guard frames.count + 1 < Self.maximumDepth else { return nil }
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if prettyPrinted { output.append(UInt8(ascii: "\n")) }
        let id = nextID
        nextID &+= 1
        if !steps.isEmpty { nestedSteps.append(steps) }
        frames.append(EncodingFrame(
            id: id, isObject: isObject, memberBase: members.count, sortKeyBase: sortKeys.count,
            pathCount: pathCount, nestedSteps: steps.isEmpty ? -1 : nestedSteps.count - 1,
            allowsRepeatedKeys: allowsRepeatedKeys, sortsMembers: sortsMembers))
        return ContainerHandle(index: frames.count - 1, id: id)
    }

    /// Closes the innermost container.
    mutating func closeInnermost() {
        guard let frame = frames.last else { return }
        if frame.isObject && sortedKeys && frame.sortsMembers && frame.count > 1 { sortMembers(of: frame) }
        frames.removeLast()
        if prettyPrinted {
            output.append(UInt8(ascii: "\n"))
            indent(frames.count)
        }
        output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        members.truncate(to: frame.memberBase)
        while sortKeys.count > frame.sortKeyBase { sortKeys.removeLast() }
        if frame.nestedSteps >= 0 { nestedSteps.removeLast() }
    }

    /// Drops what was written from `offset` on, closing the containers opened since there
    /// were `depth` of them: the undoing of a value that failed part way.
    mutating func rewind(toDepth depth: Int, output offset: Int) {
        while frames.count > depth { closeInnermost() }
        output.truncate(to: offset)
    }

    // MARK: Elements and members

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { output.append("  ") }
    }

    /// The separator before element number `position` of a container at `index`.
    @inline(__always)
    private mutating func separator(position: Int, containerIndex index: Int) {
        if position > 0 {
            output.append(UInt8(ascii: ","))
            if prettyPrinted { output.append(UInt8(ascii: "\n")) }
        }
        if prettyPrinted { indent(index + 1) }
    }

    /// Starts the next element of the array `handle` (which must be open).
    @inline(__always)
    mutating func beginElement(_ handle: ContainerHandle) -> Int {
        let position = frames[handle.index].count
        separator(position: position, containerIndex: handle.index)
        frames[handle.index].count = position + 1
        return position
    }

    /// Writes the key of the next member of the object `handle` (which must be open), up to
    /// and including the colon. Returns false, having written nothing, when the object already
    /// has a member with this key (unless the container allows it).
    /// (Not inlined: it is called for every member from many places, and small callers optimize better.)
    @inline(never)
    mutating func beginMember(_ handle: ContainerHandle, key: UnsafeRawBufferPointer) -> Bool {
        let index = handle.index
        let separatorStart = output.count
        let position = frames[index].count
        separator(position: position, containerIndex: index)
        let contentStart = output.count
        output.append(UInt8(ascii: "\""))
        let scan = MemberKeyScan(key, escapingSlashes: escapesSlashes)
        if scan.needsEscaping {
            JSONEscaping.append(key, escapingSlashes: escapesSlashes, to: &output)
        } else {
            output.append(key)
        }
        let keyEnd = output.count
        // Unsafe: `output.bytes` stays valid during `hasMember`, which only reads the output and appends nothing.
        if !frames[index].allowsRepeatedKeys {
            if frames[index].keyFilter & scan.filterBits == scan.filterBits
                && hasMember(of: frames[index], key: output.bytes(contentStart + 1..<keyEnd))
            {
                output.truncate(to: separatorStart)
                return false
            }
            frames[index].keyFilter |= scan.filterBits
        }
        if prettyPrinted {
            output.append("\" : ")
        } else {
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: ":"))
        }
        var sortKeyStart = 0
        if sortedKeys {
            sortKeyStart = sortKeys.count
            sortKeys.append(contentsOf: key)
        }
        members.append(MemberRecord(
            separatorStart: separatorStart, contentStart: contentStart, keyEnd: keyEnd,
            sortKeyStart: sortKeyStart, sortKeyLength: sortedKeys ? key.count : 0))
        frames[index].count = position + 1
        return true
    }

    /// Whether an earlier member of `frame` has the escaped key `key`.
    private func hasMember(of frame: EncodingFrame, key: UnsafeRawBufferPointer) -> Bool {
        members.contains(in: frame.memberBase..<members.count) { member in
            _keyBytesEqual(output.bytes(member.contentStart + 1..<member.keyEnd), key)
        }
    }

    /// Rewrites the members of `frame` (the innermost object) in key order.
    private mutating func sortMembers(of frame: EncodingFrame) {
        let records = (frame.memberBase..<members.count).map { members[$0] }
        let order = sortKeys.withUnsafeBytes { keys in
            records.indices.sorted { a, b in
                let x = UnsafeRawBufferPointer(rebasing: keys[records[a].sortKeyStart..<records[a].sortKeyStart + records[a].sortKeyLength])
                let y = UnsafeRawBufferPointer(rebasing: keys[records[b].sortKeyStart..<records[b].sortKeyStart + records[b].sortKeyLength])
                return x.lexicographicallyPrecedes(y) || (!y.lexicographicallyPrecedes(x) && a < b)
            }
        }
        guard order != Array(records.indices), let start = records.first?.separatorStart else { return }
        let end = output.count
        // Unsafe: the region is copied out before `truncate` and the appends below reuse (or move) the output's block.
        let region = Array(output.bytes(start..<end))
        output.truncate(to: start)
        region.withUnsafeBytes { region in
            for (position, member) in order.enumerated() {
                separator(position: position, containerIndex: frames.count - 1)
                let contentEnd = member + 1 < records.count ? records[member + 1].separatorStart : end
                output.append(UnsafeRawBufferPointer(rebasing: region[(records[member].contentStart - start)..<(contentEnd - start)]))
            }
        }
    }
}

/// Names one open container: its place in the stack and an id, so that a container kept
/// after it closed is recognized.
struct ContainerHandle {
    let index: Int
    let id: UInt32

    /// A handle that names nothing, for containers made after encoding failed.
    static let none = ContainerHandle(index: -1, id: 0)
}

struct EncodingFrame {
    let id: UInt32
    let isObject: Bool
    var count = 0
    /// Where this container's members start in the member records and sort keys.
    let memberBase: Int
    let sortKeyBase: Int
    /// The length of the encoder's coding path when the container was made.
    let pathCount: Int
    /// For a nested container (made by `nestedContainer`), the index of its steps from there in
    /// the storage's `nestedSteps`, or -1. The steps are in the container's `codingPath` but, as
    /// in `JSONEncoder`, not in that of the values encoded into it.
    let nestedSteps: Int
    /// Whether keys may repeat: a `JSONValue`'s object is written with all its members.
    let allowsRepeatedKeys: Bool
    /// Whether the members are put in key order when it closes, under sorted keys: not for an
    /// object written in chunks (``JSONStreamWriter``'s envelope), whose members are placed in order.
    let sortsMembers: Bool
    /// The filter bits of the keys written so far (see `MemberKeyScan`), for finding a repeated key quickly.
    var keyFilter: UInt64 = 0
}

/// Where one object member sits in the output, and its key.
struct MemberRecord {
    /// Where the separator before it starts, and where the member itself (its key's quote) starts.
    let separatorStart: Int
    let contentStart: Int
    /// Where the escaped key ends (at its closing quote).
    let keyEnd: Int
    /// The unescaped key in `sortKeys`, when keys are sorted.
    let sortKeyStart: Int
    let sortKeyLength: Int
}
