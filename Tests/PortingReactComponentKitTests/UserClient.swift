import Foundation
import MultiRedux

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server `UserStore` called with `URLSession`, as a dependency: the store's
/// dependencies give the live client in an app, the stub in a test or a preview.
struct UserClient: Sendable {
    var loadUsers: @Sendable () async throws -> [User]
    var update: @Sendable (_ user: User) async throws -> User
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension UserClient {
    /// The README's requests to jsonplaceholder.typicode.com.
    static let live = UserClient(
        loadUsers: {
            let url = URL(string: "https://jsonplaceholder.typicode.com/users/")!
            let (data, _) = try await URLSession.shared.data(from: url)
            return try JSONDecoder().decode([User].self, from: data)
        },
        update: { user in
            var request = URLRequest(url: URL(string: "https://jsonplaceholder.typicode.com/users/\(user.id)")!)
            request.httpMethod = "PUT"
            request.httpBody = try JSONEncoder().encode(user)
            request.addValue("application/json", forHTTPHeaderField: "Content-Type")
            request.addValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await URLSession.shared.data(for: request)
            return try JSONDecoder().decode(User.self, from: data)
        })

    /// What the server answers, without the network: its ten users, and an update echoed back.
    static let stub = UserClient(loadUsers: { serverUsers }, update: { user in user })

    /// The client's key: a key is declared once, as a `let`; tests and previews get the stub.
    static let key = DependencyKey(live: UserClient.live, test: .stub, preview: .stub)
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Dependencies {
    /// The client of the users' server.
    var userClient: UserClient {
        get { self[UserClient.key] }
        set { self[UserClient.key] = newValue }
    }
}

/// The ten users jsonplaceholder.typicode.com answers with.
let serverUsers = [
    "Leanne Graham", "Ervin Howell", "Clementine Bauch", "Patricia Lebsack", "Chelsey Dietrich",
    "Mrs. Dennis Schulist", "Kurtis Weissnat", "Nicholas Runolfsdottir V", "Glenna Reichert", "Clementina DuBuque",
].enumerated().map { User(id: $0.offset + 1, name: $0.element) }
