#if canImport(Observation)
    import MultiRedux
    import ReduxUI
    import Testing

    /// `ids(of:)`: a view that reads a collection's ids, its `isEmpty` or its `count`, is not
    /// invalidated by an edit inside one element.
    @Suite @MainActor struct CollectionIDsReadTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("reading ids(of:) is not invalidated by a row's edit, and is by a deletion")
        func idsIgnoreEditsInside() throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let rows = list.scope(each: \.contacts)
            let onIDs = Invalidations()
            let onCollection = Invalidations()
            onIDs.track { _ = list.ids(of: \.contacts).isEmpty }
            onCollection.track { _ = list.contacts.isEmpty }

            rows[1].name = "Renamed"  // a binding write inside one row

            #expect(onIDs.count == 0)
            #expect(onCollection.count == 1, "reading the whole collection is invalidated by the edit")
            #expect(list.ids(of: \.contacts) == [1, 2, 3])

            list.dispatch(DeleteContact(id: 2))  // the read of the ids is still tracked: this tells it
            #expect(onIDs.count == 1)
            #expect(list.ids(of: \.contacts) == [1, 3])
        }
    }
#endif
