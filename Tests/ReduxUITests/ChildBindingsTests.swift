#if canImport(Observation)
    import MultiRedux
    import ReduxTesting
    import ReduxUI
    import Testing

    /// A row of a list that lists its own bindable field; its module never names the list.
    private struct Row: BindableState, Equatable, Identifiable {
        var id: Int
        var title: String
        var edits = 0

        static var bindableFields: [AnyKeyPath & Sendable] { [\Row.title] }
    }

    /// A sheet's draft, bindable on its own.
    private struct Draft: BindableState, Equatable {
        var text = ""

        static var bindableFields: [AnyKeyPath & Sendable] { [\Draft.text] }
    }

    /// The list: it lists its own fields only, none of a row's or the draft's.
    private struct Board: BindableState, Equatable {
        var rows: IdentifiedArrayOf<Row> = []
        var draft: Draft?
        var lastRetitled: String?

        static var bindableFields: [AnyKeyPath & Sendable] { [\Board.draft] }
    }

    /// A row's feature: its bindings, and a count of the writes it applied.
    private struct RowFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Row.self)
            container.addReduceFunction { (_, _: BindingAction<Row>, row: inout Row) in row.edits += 1 }
        }
    }

    private struct DraftFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Draft.self)
        }
    }

    /// The board's own feature, which sees a row's writes as it sees any child action.
    private struct BoardFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Board.self)
            container.addReduceFunction { (_, action: BindingAction<Row>, board: inout Board) in
                board.lastRetitled = action.value as? String
            }
        }
    }

    private var features: [PlacedFeature<Board>] {
        [BoardFeature().at(\.self), RowFeature().forEach(\.rows), DraftFeature().ifLet(\.draft)]
    }

    private func board() -> Board {
        Board(rows: [Row(id: 1, title: "one"), Row(id: 2, title: "two")], draft: Draft())
    }

    /// A child's bindings where the child is: a row or a presented child that is a `BindableState`
    /// takes its own writes, addressed to it, and the parent lists none of its fields.
    @Suite struct ChildBindingsTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test("a write through a row's scope is that row's own write, applied to that row by the row's feature")
        func rowScopeWritesItsRow() throws {
            let store = Store(
                initialState: board(), features: features, issueReporter: .failingTest(), dependencies: .testing())
            let root = store.scope(\.self)
            let second = try #require(root.scope(\.rows, id: 2))
            second.title = "deux"  // what TextField(text: $row.title) writes
            #expect(store.state.rows[id: 2] == Row(id: 2, title: "deux", edits: 1))
            #expect(store.state.rows[id: 1] == Row(id: 1, title: "one"))
            #expect(store.state.lastRetitled == "deux")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test("a write through a presented child's scope is the child's own write, applied by its feature")
        func presentedChildWritesItself() throws {
            let store = Store(
                initialState: board(), features: features, issueReporter: .failingTest(), dependencies: .testing())
            let draft = try #require(store.scope(\.self).scope(\.draft))
            draft.text = "hello"
            #expect(store.state.draft?.text == "hello")
        }

        @Test("a test spells a child's write in one form, sent where the child is, at any depth")
        func testSpellsAChildsWrite() async {
            let store = TestStore(initialState: board(), features: features)
            await store.send(BindingAction<Row>.set(\.title, "deux"), to: \.rows, id: 2) {
                $0.rows[id: 2]?.title = "deux"
                $0.rows[id: 2]?.edits = 1
                $0.lastRetitled = "deux"
            }
            await store.send(BindingAction<Draft>.set(\.text, "hi")) { $0.draft?.text = "hi" }
            await store.finish()
        }

        @Test("a row's feature tested alone takes the same write with the row as the root")
        func rowAlone() async {
            let store = TestStore(initialState: Row(id: 7, title: "seven"), features: [RowFeature().at(\.self)])
            await store.send(BindingAction<Row>.set(\.title, "sept")) {
                $0.title = "sept"
                $0.edits = 1
            }
        }
    }
#endif
