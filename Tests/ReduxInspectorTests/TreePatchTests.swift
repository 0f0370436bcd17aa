import MultiRedux
import ReduxTimeTravel
import Testing

@testable import ReduxInspector

/// How an HTML export holds states: trees built from the one before, and patches between them.
@Suite struct TreePatchTests {
    @Test("a tree built reusing the one before is the tree built afresh, for every state of a session")
    func reusedTreesAreFreshTrees() async throws {
        let inspector = makeInspector(await recordSession())
        var state = try inspector.state(after: -1)
        var tree = StateNode(state)

        for index in 0..<inspector.count {
            let next = try inspector.state(after: index)
            let reused = StateNode(next, reusing: (state, tree))
            #expect(reused == StateNode(next), "#\(index)")
            (state, tree) = (next, reused)
        }
    }

    @Test("each entry's patches make the tree before it into the tree after it")
    func patchesRebuildEveryTree() async throws {
        let inspector = makeInspector(await recordSession())
        var tree = try inspector.stateTree(after: -1)

        for index in 0..<inspector.count {
            let next = try inspector.stateTree(after: index)
            let patches = TreePatch.patches(from: tree, to: next)
            #expect(TreePatch.applying(patches, to: tree) == next, "#\(index)")
            tree = next
        }
    }

    @Test("an appended element is one patch that appends it, not the whole collection")
    func appendIsOnePatch() {
        var before = Desk()
        before.catalog.found = [10]
        var after = before
        after.catalog.found.append(20)

        let patches = TreePatch.patches(from: StateNode(before), to: StateNode(after))

        #expect(patches.count == 1)
        #expect(patches.first?.append?.map(\.value) == ["20"])
        #expect(patches.first?.value == "Array<Int> (2)")
    }
}
