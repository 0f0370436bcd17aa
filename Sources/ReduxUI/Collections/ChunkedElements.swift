/// The elements of an ``IdentifiedArray``, in chunks of 256, with the revision of their content.
///
/// The scopes of a list hold the state the main actor last showed, so the store's list is never
/// the only holder of its storage: a write to one element copies its chunk and the list of chunks
/// (one reference per 256 elements), not every element. Every chunk but the last is full, so an
/// offset's chunk is a shift away and equal contents have equal chunks.
struct ChunkedElements<Element> {
    /// log2 of the elements per chunk.
    private static var shift: Int { 8 }
    private static var chunkSize: Int { 1 << shift }

    private var chunks: [[Element]] = []
    /// The number of elements.
    private(set) var count = 0
    /// The revision of the elements, noted on each change.
    private(set) var revision: ContentRevision

    /// Chunks the elements of an array.
    ///
    /// - Complexity: O(*n*).
    init(_ elements: [Element]) {
        revision = ContentRevision(isEmpty: elements.isEmpty)
        setChunks(elements)
    }

    /// The element at an offset; writing it notes a write of that offset.
    ///
    /// - Complexity: O(1); a write to shared storage copies a chunk and the list of chunks.
    subscript(offset: Int) -> Element {
        get {
            precondition(offset >= 0 && offset < count, "IdentifiedArray: index out of range")
            return chunks[offset >> Self.shift][offset & (Self.chunkSize - 1)]
        }
        set {
            precondition(offset >= 0 && offset < count, "IdentifiedArray: index out of range")
            revision.noteWrite(at: offset)
            chunks[offset >> Self.shift][offset & (Self.chunkSize - 1)] = newValue
        }
    }

    /// The elements, in order, as one array.
    ///
    /// - Complexity: O(*n*).
    var array: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for chunk in chunks {
            result.append(contentsOf: chunk)
        }
        return result
    }

    /// Hands every element, with its offset, to `body`, in order.
    ///
    /// - Complexity: O(*n*).
    func visit(_ body: (_ offset: Int, _ element: Element) -> Void) {
        var offset = 0
        for chunk in chunks {
            for element in chunk {
                body(offset, element)
                offset += 1
            }
        }
    }

    /// Adds an element at the end.
    ///
    /// - Complexity: O(1) amortised.
    mutating func append(_ element: Element) {
        revision.noteChange()
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(element)
            chunks.append(chunk)
        } else {
            chunks[chunks.count - 1].append(element)
        }
        count += 1
    }

    /// Replaces every element, in order.
    ///
    /// - Complexity: O(*n*).
    mutating func replaceAll(with elements: [Element]) {
        revision.noteChange()
        setChunks(elements)
    }

    /// Removes the elements from an offset to the end.
    ///
    /// - Complexity: O(*k*), *k* the elements removed.
    mutating func removeSuffix(from offset: Int) {
        revision.noteChange()
        let kept = (offset + Self.chunkSize - 1) >> Self.shift
        chunks.removeSubrange(kept...)
        if offset & (Self.chunkSize - 1) != 0 {
            chunks[kept - 1].removeSubrange((offset & (Self.chunkSize - 1))...)
        }
        count = offset
    }

    /// Removes every element.
    mutating func removeAll(keepingCapacity keepCapacity: Bool) {
        revision.noteChange()
        chunks.removeAll(keepingCapacity: keepCapacity)
        count = 0
    }

    /// Swaps two elements.
    mutating func swapAt(_ first: Int, _ second: Int) {
        let element = self[first]
        self[first] = self[second]
        self[second] = element
        revision.noteChange()
    }

    private mutating func setChunks(_ elements: [Element]) {
        count = elements.count
        chunks = stride(from: 0, to: elements.count, by: Self.chunkSize).map {
            Array(elements[$0..<Swift.min($0 + Self.chunkSize, elements.count)])
        }
    }
}

extension ChunkedElements: Sendable where Element: Sendable {}

extension ChunkedElements where Element: Equatable {
    /// Whether another storage holds equal elements: the same content (one stamp) without
    /// looking, else chunk by chunk.
    func hasEqualElements(to other: Self) -> Bool {
        revision.isSame(as: other.revision) || (count == other.count && chunks == other.chunks)
    }
}
