/// Where a request to the inspector's server came from, as its headers say: its own page,
/// another site's page, or no page (a tool such as `curl`).
///
/// A browser names the page that sent a request in `Origin` (every `POST`, and every
/// cross-origin `fetch`) and says whether it is another site's in `Sec-Fetch-Site` (every request
/// of a current browser, `no-cors` ones included), which a page cannot set.
enum RequestOrigin: Equatable {
    /// The server's own page: its `Origin`, or `Sec-Fetch-Site: same-origin`.
    case page
    /// Another site's page: another `Origin`, or `Sec-Fetch-Site` `cross-site` or `same-site`.
    case otherSite(String)
    /// No page said it sent it.
    case none

    /// Reads the headers of a request.
    ///
    /// - Parameters:
    ///   - headers: The request's headers, by lower-cased name.
    ///   - hosts: The server's own `host:port` names.
    init(_ headers: [String: String], hosts: [String]) {
        if let origin = headers["origin"] {
            self = hosts.contains(where: { "http://" + $0 == origin }) ? .page : .otherSite(origin)
            return
        }
        switch headers["sec-fetch-site"] {
        case "same-origin": self = .page
        case "cross-site", "same-site": self = .otherSite("a page of another site")
        default: self = .none
        }
    }

    /// Whose share of the server's waiting room a request takes.
    var client: String {
        switch self {
        case .page: "the inspector's page"
        case .otherSite(let origin): origin
        case .none: "no page"
        }
    }
}
