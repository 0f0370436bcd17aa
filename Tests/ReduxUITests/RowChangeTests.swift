#if canImport(Observation)
    import MultiRedux
    import ReduxUI
    import Testing

    /// A list of 600 rows (three storage chunks), with actions that change rows in the ways a
    /// list's scopes must tell apart.
    private struct Row: Identifiable, Hashable, Sendable {
        var id: Int
        var title: String
    }

    private struct RowList: BindableState, Equatable {
        var rows = IdentifiedArray((0..<600).map { Row(id: $0, title: "row \($0)") })
        /// Read by no row's view.
        var ticks = 0

        static var bindableFields: [AnyKeyPath & Sendable] { [\Row.title] }
    }

    private struct RowApp: State {
        var list = RowList()
    }

    private struct Tick: Action {}
    private struct Rename: Action {
        var ids: [Int]
        var title: String
    }
    private struct InsertFirst: Action {}
    private struct MoveLastFirst: Action {}
    private struct Remove: Action {
        var id: Int
    }

    private struct RowListFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: RowList.self)
            container.addReduceFunction { (_, _: Tick, list: inout RowList) in list.ticks += 1 }
            container.addReduceFunction { (_, action: Rename, list: inout RowList) in
                for id in action.ids { list.rows[id: id]?.title = action.title }
            }
            container.addReduceFunction { (_, _: InsertFirst, list: inout RowList) in
                list.rows.insert(Row(id: -list.rows.count, title: "new"), at: 0)
            }
            container.addReduceFunction { (_, _: MoveLastFirst, list: inout RowList) in
                list.rows.move(fromOffsets: [list.rows.count - 1], toOffset: 0)
            }
            container.addReduceFunction { (_, action: Remove, list: inout RowList) in
                list.rows.remove(id: action.id)
            }
        }
    }

    /// The list's scope, its rows' scopes, and a reader of each row's title, as a list screen's
    /// row views read them.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    private final class ListScreen {
        let list: ScopedStore<RowList>
        let rows: [ScopedStore<Row>]
        private(set) var readers: [Int: Invalidations] = [:]

        init() {
            list = Store(initialState: RowApp(), features: [RowListFeature().at(\.list)]).scope(\.list)
            rows = list.scope(each: \.rows)
            for row in rows { read(row) }
        }

        /// Tracks a row's title as its view does (again after an invalidation: the view renders).
        func read(_ row: ScopedStore<Row>) {
            let reader = Invalidations()
            reader.track { _ = row.title }
            readers[row.state.id] = reader
        }

        /// The ids of the rows whose views were told they changed, since they were last read.
        func invalidated() -> Set<Int> {
            let ids = Set(readers.filter { $0.value.count > 0 }.keys)
            for row in rows where ids.contains(row.state.id) { read(row) }
            return ids
        }
    }

    @Suite @MainActor struct RowChangeTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a write to one row invalidates that row's view only, wherever the row is in the list")
        func writeToOneRow() {
            let screen = ListScreen()
            for (write, offset) in [0, 255, 256, 300, 511, 512, 599, 300].enumerated() {
                screen.rows[offset].title = "write \(write)"
                #expect(screen.invalidated() == [offset])
                #expect(screen.rows[offset].title == "write \(write)")
            }
            screen.rows[300].title = "write 7"
            #expect(screen.invalidated().isEmpty)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("an action that changes several rows invalidates each of their views, and no other")
        func severalRows() {
            let screen = ListScreen()
            screen.list.dispatch(Rename(ids: [3, 400], title: "both"))
            #expect(screen.invalidated() == [3, 400])
            #expect(screen.rows[3].title == "both" && screen.rows[400].title == "both")

            screen.list.dispatch(Rename(ids: [7, 7], title: "twice"))
            #expect(screen.invalidated() == [7])

            screen.list.dispatch(Rename(ids: [9], title: "row 9"))
            #expect(screen.invalidated().isEmpty)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a change of a member no view reads invalidates nothing; writes after it still reach their rows")
        func unreadChange() {
            let screen = ListScreen()
            let ids = Invalidations()
            ids.track { _ = screen.list.scope(each: \.rows) }

            screen.list.dispatch(Tick())
            screen.list.dispatch(Tick())
            #expect(screen.invalidated().isEmpty)
            #expect(ids.count == 0)

            screen.rows[42].title = "after"
            #expect(screen.invalidated() == [42])
            screen.list.dispatch(Tick())
            screen.rows[42].title = "again"
            #expect(screen.invalidated() == [42])
            #expect(ids.count == 0)
            #expect(screen.list.ticks == 3)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("after rows are inserted, moved or removed, a write reaches the written row's view")
        func writeAfterStructuralChanges() {
            let screen = ListScreen()
            screen.list.dispatch(InsertFirst())
            #expect(screen.invalidated().isEmpty)
            screen.rows[10].title = "after the insertion"
            #expect(screen.invalidated() == [10])

            screen.list.dispatch(MoveLastFirst())
            screen.rows[599].title = "moved"
            #expect(screen.invalidated() == [599])

            screen.list.dispatch(Remove(id: 0))
            #expect(screen.rows[0].isGone)
            screen.rows[1].title = "after the removal"
            #expect(screen.invalidated() == [1])
            #expect(screen.list.rows.ids.first == 599)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row's scope made after writes shows the latest row and is invalidated by the next write")
        func lateScope() {
            let screen = ListScreen()
            screen.rows[5].title = "first"
            _ = screen.invalidated()
            let late = screen.list.scope(\.rows, id: 300)
            #expect(late === screen.rows[300])
            screen.list.dispatch(Rename(ids: [5], title: "second"))
            let again = screen.list.scope(each: \.rows)[5]
            #expect(again.title == "second")
            #expect(screen.invalidated() == [5])
        }
    }

    @Suite @MainActor struct StackScreenChangeTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a write to one screen of a stack invalidates that screen's view only")
        func writeToOneScreen() throws {
            let list = makeContactsStore().scope(\.contacts)
            list.dispatch(PushContact(id: 1))
            list.dispatch(PushContact(id: 2))
            let ids = list.ids(of: \.path)
            let first = try #require(list.scope(\.path, id: ids[0]))
            let second = try #require(list.scope(\.path, id: ids[1]))
            let (firstReader, secondReader) = (Invalidations(), Invalidations())
            firstReader.track { _ = first.name }
            secondReader.track { _ = second.name }

            second.name = "Renamed"
            #expect(firstReader.count == 0 && secondReader.count == 1)
            #expect(list.path[id: ids[1]]?.name == "Renamed")
        }
    }

    @Suite struct ChunkedIdentifiedArrayTests {
        /// An array of `count` rows, and the same rows in a plain array.
        private func rows(_ count: Int) -> (IdentifiedArrayOf<Row>, [Row]) {
            let plain = (0..<count).map { Row(id: $0, title: "\($0)") }
            return (IdentifiedArray(plain), plain)
        }

        /// Whether an identified array holds the plain array's rows in order, each found by id.
        private func matches(_ rows: IdentifiedArrayOf<Row>, _ plain: [Row]) -> Bool {
            Array(rows) == plain && rows.elements == plain && rows.ids == plain.map(\.id)
                && plain.enumerated().allSatisfy { rows.index(id: $1.id) == $0 && rows[id: $1.id] == $1 }
        }

        @Test("rows across several chunks are inserted, removed, moved and sorted as an array's are")
        func mutationsAcrossChunks() {
            var (rows, plain) = rows(700)
            rows.insert(Row(id: -1, title: "first"), at: 0)
            plain.insert(Row(id: -1, title: "first"), at: 0)
            #expect(matches(rows, plain))
            rows.remove(at: 300)
            plain.remove(at: 300)
            #expect(matches(rows, plain))
            rows.move(fromOffsets: [0, 256, 600], toOffset: 512)
            let moving = [plain[0], plain[256], plain[600]]
            plain = Array(plain[1..<256] + plain[257..<512]) + moving + plain[512..<600] + plain[601...]
            #expect(matches(rows, plain))
            rows.sort { $0.title < $1.title }
            plain.sort { $0.title < $1.title }
            #expect(matches(rows, plain))
            rows.remove(atOffsets: [1, 255, 256, 698])
            plain = plain.enumerated().filter { ![1, 255, 256, 698].contains($0.offset) }.map(\.element)
            #expect(matches(rows, plain))
            rows.removeAll { $0.id.isMultiple(of: 3) }
            plain.removeAll { $0.id.isMultiple(of: 3) }
            #expect(matches(rows, plain))
            rows.reverse()
            plain.reverse()
            #expect(matches(rows, plain))
        }

        @Test("rows are appended and removed from the end across chunk boundaries")
        func appendAndRemoveLast() {
            var (rows, plain) = rows(255)
            for id in 255..<514 {
                rows.append(Row(id: id, title: "\(id)"))
                plain.append(Row(id: id, title: "\(id)"))
            }
            #expect(matches(rows, plain))
            for _ in 0..<260 {
                rows.remove(at: rows.count - 1)
                plain.removeLast()
            }
            #expect(matches(rows, plain))
            rows[id: 3]?.title = "written"
            plain[3].title = "written"
            #expect(matches(rows, plain))
        }

        @Test("a stack pops screens across chunk boundaries as it pushes them")
        func stackAcrossChunks() {
            var stack = StackState((0..<600).map { Row(id: $0, title: "\($0)") })
            stack.pop(from: stack.ids[257])
            #expect(stack.count == 257)
            #expect(stack.last?.id == 256)
            stack.append(Row(id: 1_000, title: "pushed"))
            #expect(stack.count == 258 && stack.last?.id == 1_000)
            #expect(stack.popLast()?.id == 1_000)
            #expect(stack.map(\.id) == Array(0...256))
        }

        @Test("copies are equal until one of them is written, and equal again when written back")
        func equalityOfCopies() {
            let (rows, _) = rows(600)
            var copy = rows
            #expect(copy == rows)
            copy[id: 400]?.title = "changed"
            #expect(copy != rows)
            copy[id: 400]?.title = "400"
            #expect(copy == rows)
            #expect(copy.hashValue == rows.hashValue)
            #expect(IdentifiedArrayOf<Row>() == IdentifiedArray(uncheckedUniqueElements: []))
        }
    }
#endif
