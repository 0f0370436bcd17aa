/// The path of a navigation stack: the screens pushed on the root one, each named by a
/// ``StackElementID`` the stack hands out.
///
/// Pushing gives an element the next id from a counter kept in the state, so ids are never reused,
/// even after pops: an action meant for a popped screen cannot reach a later one. A view binds
/// `NavigationStack(path:)` to ``ids``; a reducer pushes and pops:
///
/// ```swift
/// enum Path { case detail(DetailState), settings(SettingsState) }
///
/// var path = StackState<Path>()
/// let detail = path.append(.detail(DetailState()))  // #0
/// path.append(.settings(SettingsState()))  // #1
/// path.pop(from: detail)  // empty again; the next push gets #2
/// ```
///
/// Equal stacks hold equal elements under the same ids and hand out the same next id (otherwise
/// pushing the same element on two equal stacks could make them differ).
public struct StackState<Element>: IdentifiedCollection, RandomAccessCollection {
    /// An element with the id the stack gave it.
    struct Entry {
        let id: StackElementID
        var element: Element
    }

    /// The elements with their ids, bottom first.
    var entries: IdentifiedArray<StackElementID, Entry>
    /// The number of the id the next pushed element gets.
    var nextID: Int

    /// Creates an empty stack.
    ///
    /// - Complexity: O(1).
    public init() {
        entries = IdentifiedArray(uncheckedUniqueElements: [], id: \Entry.id)
        nextID = 0
    }

    /// Creates a stack with elements pushed in order; they get the ids `#0`, `#1`, and so on.
    ///
    /// - Parameter elements: The elements, bottom first.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            append(element)
        }
    }

    /// The ids of the elements, bottom first; setting keeps the elements whose ids are listed, in the
    /// new order, and drops the rest.
    ///
    /// The setter is what `NavigationStack(path:)` writes when the user goes back: the list without
    /// the popped ids. Ids the stack does not hold are ignored (the stack grows only by
    /// ``append(_:)``), and an id listed twice counts at its first place. The counter is not touched,
    /// so dropped ids are not handed out again.
    ///
    /// - Complexity: Reading: O(*n*); setting: O(*n* + *m*), where *n* is the number of elements and
    ///   *m* the number of ids set.
    public var ids: [StackElementID] {
        get {
            entries.ids
        }
        set {
            var kept = IdentifiedArray(uncheckedUniqueElements: [], id: \Entry.id)
            for id in newValue {
                if let entry = entries[id: id] {
                    kept.append(entry)
                }
            }
            entries = kept
        }
    }

    /// The element with an id, or nil when the stack does not hold it; setting nil removes that
    /// element only, setting a value replaces the element with that id in its place.
    ///
    /// Setting a value for an id the stack does not hold does nothing: a stack grows only by
    /// ``append(_:)``, which hands out the id.
    ///
    /// ```swift
    /// state.path[id: id] = nil  // that screen leaves; those above it stay
    /// ```
    ///
    /// - Parameter id: The id of the element.
    /// - Complexity: Reading and replacing: O(1); removing: O(*n*), where *n* is the number of
    ///   elements above it.
    public subscript(id id: StackElementID) -> Element? {
        get {
            entries[id: id]?.element
        }
        set {
            guard let newValue else {
                entries.remove(id: id)
                return
            }
            guard entries.contains(id: id) else { return }
            entries[id: id] = Entry(id: id, element: newValue)
        }
    }

    /// Pushes an element on top of the stack.
    ///
    /// - Parameter element: The element to push.
    /// - Returns: The id the element got: one this stack never handed out before.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func append(_ element: Element) -> StackElementID {
        let id = StackElementID(rawValue: nextID)
        nextID += 1
        entries.append(Entry(id: id, element: element))
        return id
    }

    /// Pops the top element.
    ///
    /// - Returns: The popped element, or nil when the stack was empty.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func popLast() -> Element? {
        guard !entries.isEmpty else { return nil }
        return entries.remove(at: entries.count - 1).element
    }

    /// Pops an element and every element above it; does nothing when the stack does not hold `id`.
    ///
    /// - Parameter id: The id of the lowest element to pop.
    /// - Complexity: O(*k*), where *k* is the number of elements popped.
    public mutating func pop(from id: StackElementID) {
        guard let offset = entries.index(id: id) else { return }
        entries.removeSuffix(from: offset)
    }

    /// Pops every element above an element, keeping it on top; does nothing when the stack does not
    /// hold `id`.
    ///
    /// - Parameter id: The id of the element to keep on top.
    /// - Complexity: O(*k*), where *k* is the number of elements popped.
    public mutating func pop(to id: StackElementID) {
        guard let offset = entries.index(id: id) else { return }
        entries.removeSuffix(from: offset + 1)
    }

    /// Pops every element. The counter is kept: the next push gets an id never handed out.
    ///
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// The offset of the bottom element: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The offset after the top element: the number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { entries.count }

    /// The offsets of the elements, from 0 at the bottom.
    ///
    /// - Complexity: O(1).
    public var indices: Range<Int> { entries.indices }

    /// The element at an offset, 0 at the bottom.
    ///
    /// Read-only: write an element through ``subscript(id:)``.
    ///
    /// - Parameter position: A valid offset.
    /// - Complexity: O(1).
    public subscript(position: Int) -> Element {
        entries[position].element
    }

    /// The offset after another.
    ///
    /// - Parameter offset: A valid offset before ``endIndex``.
    /// - Returns: `offset + 1`.
    /// - Complexity: O(1).
    public func index(after offset: Int) -> Int { offset + 1 }

    /// The offset before another.
    ///
    /// - Parameter offset: A valid offset after ``startIndex``.
    /// - Returns: `offset - 1`.
    /// - Complexity: O(1).
    public func index(before offset: Int) -> Int { offset - 1 }
}

extension StackState: ExpressibleByArrayLiteral {
    /// Creates a stack with elements pushed in order; they get the ids `#0`, `#1`, and so on.
    ///
    /// - Parameter elements: The elements, bottom first.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension StackState.Entry: Sendable where Element: Sendable {}
extension StackState.Entry: Equatable where Element: Equatable {}
extension StackState.Entry: Hashable where Element: Hashable {}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Equatable where Element: Equatable {
    /// Whether two stacks hold equal elements under the same ids, in the same order, and hand out
    /// the same next id.
    ///
    /// - Parameters:
    ///   - lhs: A stack.
    ///   - rhs: Another stack.
    /// - Returns: `true` when the ids, the elements and the counters are equal.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nextID == rhs.nextID && lhs.entries == rhs.entries
    }
}

extension StackState: Hashable where Element: Hashable {
    /// Feeds the ids, the elements and the counter to a hasher.
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nextID)
        hasher.combine(entries)
    }
}

extension StackState: RevisedCollection {
    var revision: ContentRevision { entries.storage.revision }

    func visitElements(_ body: (_ offset: Int, _ element: Element) -> Void) {
        entries.storage.visit { offset, entry in body(offset, entry.element) }
    }
}
