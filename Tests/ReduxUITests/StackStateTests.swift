import Foundation
import ReduxUI
import Testing

/// What `StackState` promises: each push gets an id the stack never handed out, pops by id remove
/// the right elements, the `ids` setter is how `NavigationStack(path:)` pops, and `Codable` keeps
/// the counter.
@Suite struct StackStateTests {
    @Test("each push gets the next id, and ids are never reused after pops")
    func idsNeverReused() {
        var stack = StackState<String>()
        #expect(stack.append("a") == 0)
        #expect(stack.append("b") == 1)
        #expect(stack.append("c") == 2)
        #expect(stack.popLast() == "c")
        #expect(stack.append("d") == 3)
        stack.pop(from: 1)
        #expect(stack.append("e") == 4)
        stack.removeAll()
        #expect(stack.isEmpty)
        #expect(stack.append("f") == 5)
        stack.ids = []
        #expect(stack.append("g") == 6)
        stack[id: 6] = nil
        #expect(stack.append("h") == 7)
        #expect(Array(stack) == ["h"])
        #expect(stack.ids == [7])
    }

    @Test("a stack made from elements numbers them from 0, bottom first")
    func initialElements() {
        let stack = StackState(["root", "detail", "edit"])
        #expect(stack.ids == [0, 1, 2])
        #expect(Array(stack) == ["root", "detail", "edit"])
        #expect(stack[1] == "detail")
        #expect(stack[id: 2] == "edit")
        let literal: StackState<String> = ["root", "detail", "edit"]
        #expect(literal == stack)
        var copy = stack
        #expect(copy.append("more") == 3)
    }

    @Test("pop(from:) removes that element and everything above it; pop(to:) keeps it on top")
    func popByID() {
        var stack = StackState(["a", "b", "c", "d"])
        stack.pop(to: 1)
        #expect(stack.ids == [0, 1])
        #expect(Array(stack) == ["a", "b"])
        stack.pop(to: 1)
        #expect(stack.ids == [0, 1])
        stack.pop(from: 1)
        #expect(stack.ids == [0])
        stack.pop(from: 3)
        stack.pop(to: 3)
        #expect(stack.ids == [0], "an id the stack does not hold changes nothing")
        stack.pop(from: 0)
        #expect(stack.isEmpty)
        #expect(stack.popLast() == nil)
    }

    @Test(
        "setting ids keeps the listed elements in the new order and drops the rest",
        arguments: [
            ([0, 1], [0, 1], ["a", "b"]),  // NavigationStack pops two screens
            ([], [], []),  // back to the root
            ([2, 0], [2, 0], ["c", "a"]),  // reordered
            ([0, 9, 3], [0, 3], ["a", "d"]),  // unknown ids are ignored
            ([1, 1, 2, 1], [1, 2], ["b", "c"]),  // an id listed twice counts at its first place
        ] as [([StackElementID], [StackElementID], [String])])
    func idsSetter(newIDs: [StackElementID], keptIDs: [StackElementID], keptElements: [String]) {
        var stack = StackState(["a", "b", "c", "d"])
        stack.ids = newIDs
        #expect(stack.ids == keptIDs)
        #expect(Array(stack) == keptElements)
        for (id, element) in zip(keptIDs, keptElements) {
            #expect(stack[id: id] == element)
        }
        #expect(stack.append("next") == 4, "the counter is not touched")
    }

    @Test("setting an element by id replaces it in place; nil removes that element only; unknown ids do nothing")
    func subscriptByID() {
        var stack = StackState(["a", "b", "c"])
        stack[id: 1] = "B"
        #expect(Array(stack) == ["a", "B", "c"])
        #expect(stack.ids == [0, 1, 2])

        stack[id: 1] = nil
        #expect(Array(stack) == ["a", "c"])
        #expect(stack.ids == [0, 2])
        #expect(stack[id: 1] == nil)

        stack[id: 1] = "back?"
        stack[id: 40] = "new?"
        #expect(Array(stack) == ["a", "c"], "a stack grows only by append")

        stack[id: 2]?.append("!")
        #expect(stack[id: 2] == "c!")
    }

    /// Renames through the protocol, so the same code serves rows and stack elements.
    func replace<C: IdentifiedCollection>(_ id: C.ID, with element: C.Element, in collection: inout C) {
        collection[id: id] = element
    }

    @Test("a StackState and an IdentifiedArray are both reached through IdentifiedCollection")
    func throughTheProtocol() {
        var stack = StackState(["a", "b"])
        replace(1, with: "B", in: &stack)
        #expect(Array(stack) == ["a", "B"])

        var words = IdentifiedArray(["x", "y"], id: \.self)
        replace("y", with: "y", in: &words)
        #expect(words.ids == ["x", "y"])
    }

    @Test("equal stacks hold the same ids, elements and counter; the counter tells apart stacks that look alike")
    func equality() {
        var popped = StackState(["a", "b"])
        popped.popLast()
        let fresh = StackState(["a"])
        #expect(popped.ids == fresh.ids)
        #expect(Array(popped) == Array(fresh))
        #expect(popped != fresh, "pushing onto them would give different ids")

        var pushed = fresh
        pushed.append("b")
        #expect(pushed == StackState(["a", "b"]))
        #expect(Set([pushed, StackState(["a", "b"])]).count == 1)
        #expect(StackState(["a", "b"]) != StackState(["b", "a"]))
    }

    @Test("a Codable round trip keeps the ids, the elements and the counter")
    func codableRoundTrip() throws {
        var stack = StackState(["a", "b", "c", "d"])
        stack.pop(from: 3)
        stack[id: 1] = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(stack)
        #expect(String(decoding: data, as: UTF8.self) == #"{"elements":["a","c"],"ids":[0,2],"nextID":4}"#)

        var decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
        #expect(decoded == stack)
        #expect(decoded.ids == [0, 2])
        #expect(decoded.append("e") == 4)
    }

    @Test(
        "decoding refuses what no stack could have made",
        arguments: [
            (#"{"ids":[0,1,0],"elements":["a","b","c"],"nextID":3}"#, "holds the id #0 twice"),
            (#"{"ids":[0,3],"elements":["a","b"],"nextID":3}"#, "holds the id #3, which is not in 0..<3"),
            (#"{"ids":[-1],"elements":["a"],"nextID":3}"#, "holds the id #-1, which is not in 0..<3"),
            (#"{"ids":[0,1],"elements":["a"],"nextID":3}"#, "has 2 ids for 1 elements"),
            (#"{"ids":[],"elements":[],"nextID":-1}"#, "nextID is -1"),
        ])
    func decodingRefusesImpossibleStacks(json: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(StackState<String>.self, from: Data(json.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    }

    @Test("a StackElementID encodes as a bare integer, reads as #n and orders by push")
    func stackElementID() throws {
        let id: StackElementID = 7
        #expect(id == StackElementID(rawValue: 7))
        #expect(id.rawValue == 7)
        #expect(id.description == "#7")
        #expect(StackElementID(rawValue: 2) < id)
        #expect(String(decoding: try JSONEncoder().encode([id]), as: UTF8.self) == "[7]")
        #expect(try JSONDecoder().decode(StackElementID.self, from: Data("7".utf8)) == id)
    }

    @Test("a stack of Sendable elements crosses to another task")
    func sendable() async {
        let stack = StackState(["a", "b"])
        let top = await Task.detached { stack.last }.value
        #expect(top == "b")
    }
}
