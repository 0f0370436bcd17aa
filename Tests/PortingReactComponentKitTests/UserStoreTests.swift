// XCTest is absent from some toolchains (Swift Testing only).
#if canImport(XCTest)
    import MultiRedux
    import ReduxTesting
    import XCTest

    /// What a failing server throws.
    struct ServerDown: Error, CustomStringConvertible {
        var description: String { "the server is down" }
    }

    /// The README's `UserStoreTests`, ported: the users' server is the client's stub, the test
    /// value of its dependency key, so the tests run offline and always get the same ten users.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    final class UserStoreTests: XCTestCase {
        private func makeStore(
            state: UserState = UserState(), dependencies: Dependencies = .testing()
        ) -> TestStore<UserState> {
            TestStore(initialState: state, features: [UserFeature().at(\.self)], dependencies: dependencies)
        }

        func testInitialState() {
            XCTAssertEqual([], makeStore().state.users)
        }

        func testLoadUsers() async {
            let store = makeStore()
            await store.send(LoadUsers())
            await store.receive(UserState.self) { $0.users = serverUsers }
            XCTAssertEqual(10, store.state.users.count)
            for user in store.state.users {
                XCTAssertGreaterThan(user.id, 0)
                XCTAssertNotEqual(user.name, "")
            }
            await store.finish()
        }

        func testUpdateUser() async {
            let store = makeStore()
            await store.send(LoadUsers())
            await store.receive(UserState.self) { $0.users = serverUsers }
            XCTAssertEqual(10, store.state.users.count)
            var mutableUser = store.state.users[0]
            mutableUser.name = "Sungcheol Kim"
            await store.send(UpdateUser(user: mutableUser))
            await store.receive(UserState.self) { $0.users[0].name = "Sungcheol Kim" }
            XCTAssertEqual(10, store.state.users.count)
            let user = store.state.users[0]
            XCTAssertEqual("Sungcheol Kim", user.name)
            await store.finish()
        }

        /// The README's `loadUsers()` commits an empty list when the request fails.
        func testLoadUsersThatFailsEmptiesTheList() async {
            let store = makeStore(
                state: UserState(users: serverUsers),
                dependencies: .testing { $0.userClient.loadUsers = { throw ServerDown() } })
            await store.send(LoadUsers())
            await store.receive(UserState.self) { $0.users = [] }
            await store.finish()
        }

        /// What the README's `update(user:)` threw to its caller is in the state; the list stays.
        func testUpdateUserThatFailsKeepsTheUserAndTheError() async {
            let store = makeStore(
                state: UserState(users: serverUsers),
                dependencies: .testing { $0.userClient.update = { _ in throw ServerDown() } })
            var renamed = serverUsers[0]
            renamed.name = "Sungcheol Kim"
            await store.send(UpdateUser(user: renamed))
            await store.receive(UserState.self) { $0.updateError = "the server is down" }
            XCTAssertEqual("Leanne Graham", store.state.users[0].name)
            await store.finish()
        }
    }
#endif
