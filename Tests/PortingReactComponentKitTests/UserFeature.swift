import MultiRedux

// The README's UserStore, ported: a state, an action type per action method, and a feature whose
// async reducers ask the user client (a dependency) and commit what it answers.

/// A user of jsonplaceholder.typicode.com, as in the README.
struct User: Equatable, Codable, Sendable {
    let id: Int
    var name: String
}

/// The README's `UserState`, and the error of the last update: what `update(user:) async throws`
/// threw to its caller is state a view shows.
struct UserState: State, Equatable {
    var users: [User] = []
    var updateError: String?
}

/// `loadUsers() async`: loads the users; on an error, the list is emptied.
struct LoadUsers: Action {}

/// `update(user:) async throws`: saves a user and puts the server's answer in the list.
struct UpdateUser: Action {
    var user: User
}

/// `UserStore`'s mutations and actions, placed where a `UserState` lives.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct UserFeature: LogicFeature {
    // mutations (the README's SET_USERS and SET_USER)
    private static func setUsers(userState: inout UserState, payload: [User]) {
        userState.users = payload
    }

    private static func setUser(userState: inout UserState, payload: User) {
        if let index = userState.users.firstIndex(where: { $0.id == payload.id }) {
            userState.users[index] = payload
        }
    }

    // actions
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: LoadUsers, _: inout UserState) -> Effect<UserState> in
            let client = provider.dependencies.userClient
            return .run { effect in
                let users = try await client.loadUsers()
                effect.update { Self.setUsers(userState: &$0, payload: users) }
            } catch: { _, effect in
                effect.update { Self.setUsers(userState: &$0, payload: []) }
            }
        }
        container.addAsyncReduceFunction {
            (provider, action: UpdateUser, state: inout UserState) -> Effect<UserState> in
            state.updateError = nil
            let client = provider.dependencies.userClient
            return .run { effect in
                let user = try await client.update(action.user)
                effect.update { Self.setUser(userState: &$0, payload: user) }
            } catch: { error, effect in
                effect.update { $0.updateError = "\(error)" }
            }
        }
    }
}
