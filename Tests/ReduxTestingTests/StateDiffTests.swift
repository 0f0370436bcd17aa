import ReduxTesting
import ReduxTimeTravel
import Testing

@Suite struct StateDiffTests {
    @Test("equal values have no differences")
    func equalValues() {
        #expect(StateDiff(expected: AppState(), actual: AppState()).isEmpty)
    }

    @Test("a nested field is named by its path, with expected and actual values")
    func nestedField() {
        var actual = AppState()
        actual.user.name = "Ann"
        actual.theme.theme = .dark
        #expect(
            StateDiff(expected: AppState(), actual: actual).differences.map(\.description) == [
                #"user.name: "" → "Ann""#,
                "theme.theme: .light → .dark",
            ])
    }

    @Test("collections are compared by index, with a count line when the lengths differ")
    func collections() {
        let expected = CounterState(count: 2, history: [1, 2])
        let actual = CounterState(count: 2, history: [1, 5, 9])
        #expect(
            StateDiff(expected: expected, actual: actual).description
                == "history.count: 2 → 3\nhistory[1]: 2 → 5\nhistory[2]: (absent) → 9")
    }

    @Test("an element missing from the actual collection is shown against (absent)")
    func missingElement() {
        let diff = StateDiff(expected: [10, 20], actual: [10])
        #expect(
            diff.differences == [
                .init(path: "count", expected: "2", actual: "1"),
                .init(path: "[1]", expected: "20", actual: "(absent)"),
            ])
    }

    @Test("optionals show nil against the whole value, and compare wrapped values field by field")
    func optionals() {
        var actual = UserState()
        actual.bio = "Hi"
        #expect(StateDiff(expected: UserState(), actual: actual).description == #"bio: nil → "Hi""#)
        let nested = StateDiff(expected: Optional(CounterState(count: 1)), actual: Optional(CounterState(count: 2)))
        #expect(nested.description == "count: 1 → 2")
    }

    @Test("sets list missing and extra elements, whatever their order")
    func sets() {
        let expected = UserState(tags: ["a", "b"])
        let actual = UserState(tags: ["b", "c"])
        #expect(
            StateDiff(expected: expected, actual: actual).description == #"tags: "a" → (absent)"# + "\n"
                + #"tags: (absent) → "c""#)
    }

    @Test("dictionaries are compared by key")
    func dictionaries() {
        let diff = StateDiff(expected: ["ann": 1, "bob": 2], actual: ["ann": 3, "cid": 4])
        #expect(
            diff.description == #"["ann"]: 1 → 3"# + "\n" + #"["bob"]: 2 → (absent)"# + "\n" + #"["cid"]: (absent) → 4"#
        )
    }

    @Test("enum payloads are compared inside the same case, and other cases are shown whole")
    func enums() {
        enum Load: Equatable {
            case idle
            case loaded(UserState)
        }
        let diff = StateDiff(expected: Load.loaded(UserState(name: "Ann")), actual: Load.loaded(UserState(name: "Bob")))
        #expect(diff.description == #"loaded.name: "Ann" → "Bob""#)
        let other = StateDiff(expected: Load.idle, actual: Load.loaded(UserState(name: "Bob")))
        #expect(
            other.description
                == #"(root): .idle → .loaded(UserState(name: "Bob", bio: nil, isLoading: false, tags: Set([])))"#)
    }

    @Test("a class instance is compared by its stored properties")
    func classes() {
        final class Box: Equatable {
            let value: Int
            init(_ value: Int) { self.value = value }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
        }
        #expect(StateDiff(expected: Box(1), actual: Box(2)).description == "value: 1 → 2")
        let shared = Box(3)
        #expect(StateDiff(expected: shared, actual: shared).isEmpty)
    }
}
