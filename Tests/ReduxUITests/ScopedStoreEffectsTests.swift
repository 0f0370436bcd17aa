#if canImport(Observation)
    import MultiRedux
    import ReduxUI
    import TestHelpers
    import Testing

    /// The effects of a presented child, a stack element or a row end when it leaves the state.
    @Suite(timeLimit(minutes: 3)) @MainActor struct ScopedStoreEffectsTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("dismissing a sheet cancels the work its scope started, and only that")
        func dismissalCancelsChildWork() async throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let cancelled = Recorder<String>()
            list.dispatch(ShowAddContact())
            let form = try #require(list.scope(\.addContact))
            let formWork = StartWork(name: "form", cancelled: cancelled)
            form.dispatch(formWork)
            list.dispatch(StartWork(name: "list", cancelled: cancelled))

            list.addContact = nil  // the user's swipe

            await formWork.ended.wait()
            #expect(cancelled.all == ["form"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("two presented children of one type are two owners: dismissing one leaves the other's work")
        func childrenOfOneTypeAreTwoOwners() async throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let cancelled = Recorder<String>()
            list.dispatch(ShowAddContact())
            list.dispatch(ShowEditContact())
            let addWork = StartWork(name: "add", cancelled: cancelled)
            try #require(list.scope(\.addContact)).dispatch(addWork)
            try #require(list.scope(\.editContact)).dispatch(StartWork(name: "edit", cancelled: cancelled))

            list.addContact = nil

            await addWork.ended.wait()
            #expect(cancelled.all == ["add"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("popping a stack element cancels its work; the element below keeps its own")
        func popCancelsElementWork() async throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let cancelled = Recorder<String>()
            list.dispatch(PushContact(id: 1))
            list.dispatch(PushContact(id: 2))
            let ids = list.path.ids
            try #require(list.scope(\.path, id: ids[0])).dispatch(StartWork(name: "first", cancelled: cancelled))
            let top = try #require(list.scope(\.path, id: ids[1]))
            let topWork = StartWork(name: "top", cancelled: cancelled)
            top.dispatch(topWork)

            var path = list.path
            path.ids = [ids[0]]
            list.path = path

            await topWork.ended.wait()
            #expect(cancelled.all == ["top"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row deleted by a reducer cancels the work its scope started, even when no view holds the scope")
        func deletionCancelsRowWork() async {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let cancelled = Recorder<String>()
            let rowWork = StartWork(name: "row 1", cancelled: cancelled)
            list.scope(each: \.contacts)[0].dispatch(rowWork)
            list.scope(each: \.contacts)[1].dispatch(StartWork(name: "row 2", cancelled: cancelled))

            list.dispatch(DeleteContact(id: 1))

            await rowWork.ended.wait()
            #expect(cancelled.all == ["row 1"])
        }
    }
#endif
