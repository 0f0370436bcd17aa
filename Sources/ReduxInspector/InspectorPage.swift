import Foundation

/// The inspector's page, and the JSON it reads.
enum InspectorPage {
    /// The page, reading the server's API, or, given the JSON of an ``EmbeddedSession``, reading
    /// that (an HTML export, which opens offline).
    ///
    /// - Parameter data: The JSON of an embedded session; nil for the served page.
    /// - Returns: The whole page.
    static func html(embedding data: [UInt8]?) -> String {
        guard let data else {
            return template.replacingOccurrences(of: "<!--CSP-->", with: "").replacingOccurrences(
                of: "<!--DATA-->", with: "")
        }
        let policy = contentSecurityPolicy(connectingToSelf: false)
        // The JSON has `<` only inside strings, where `\u003c` means the same, so no `</script>`
        // or `<!--` in the data can end the element early.
        let json = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        return template.replacingOccurrences(
            of: "<!--CSP-->", with: "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"
        )
        .replacingOccurrences(
            of: "<!--DATA-->", with: "<script id=\"session-data\" type=\"application/json\">\(json)</script>")
    }

    /// What the page may load: its own inline script and style, and, when served, the API of
    /// its own server; nothing else.
    static func contentSecurityPolicy(connectingToSelf: Bool) -> String {
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "connect-src \(connectingToSelf ? "'self'" : "'none'"); base-uri 'none'; form-action 'none'"
    }

    /// A value as JSON.
    static func encode(_ value: some Encodable) -> [UInt8] {
        do {
            return try [UInt8](JSONEncoder().encode(value))
        } catch {
            preconditionFailure("ReduxInspector: the inspector's own types encode: \(error)")
        }
    }
}

/// What an HTML export embeds: the session, every entry, and the states and changes of the
/// first entries, the states as a whole tree every ``interval`` entries and patches between
/// (``TreePatch``), so that the file grows with the changes.
struct EmbeddedSession: Encodable {
    var session: SessionSummary
    var entries: [InspectedEntry]
    /// How many entries apart the whole trees are.
    var interval: Int
    /// `checkpoints[k]`: the tree after the first `k * interval` entries (`checkpoints[0]` is the
    /// state the session starts from).
    var checkpoints: [StateNode]
    /// `patches[i]`: what entry `i` changed in the tree, for each embedded entry.
    var patches: [[TreePatch]]
    /// The changes each embedded entry made.
    var changes: [[StateChange]]
    /// What the page says when states were left out; nil when every state is embedded.
    var trimmed: String?
}
