/// A person in the address book: what the list shows a row of, the detail edits and the form adds.
struct Contact: Identifiable, Equatable, Sendable, Codable {
    /// Names the contact in the list, in the actions about it, and in the address book.
    let id: Int
    /// The contact's name, as the list shows and searches it.
    var name: String
    /// The contact's phone number, as typed.
    var phone: String
}

extension Contact {
    /// The address book the previews and the example's built-in client serve.
    static let samples: [Contact] = [
        Contact(id: 1, name: "Ada Lovelace", phone: "+44 20 7946 0001"),
        Contact(id: 2, name: "Alan Turing", phone: "+44 20 7946 0002"),
        Contact(id: 3, name: "Grace Hopper", phone: "+1 202 555 0103"),
        Contact(id: 4, name: "Annie Easley", phone: "+1 216 555 0104"),
    ]
}
