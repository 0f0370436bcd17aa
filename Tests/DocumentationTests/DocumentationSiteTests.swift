import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The documentation site as a reader sees it: the site `.ci/docs` builds, served on 127.0.0.1
/// and loaded in headless Chromium.
///
/// Runs when the site is built and Chromium is installed, and is skipped with a message saying
/// what is missing otherwise. `.ci/run` builds the site, installs Chromium when it is missing and
/// sets `MULTIREDUX_REQUIRE_DOCS_SITE=1`, so in CI a missing piece fails instead of skipping.
@Suite(.serialized) struct DocumentationSiteTests {
    private static let root = packageRoot

    /// The built site: `MULTIREDUX_DOCS_SITE`, or `.build/documentation` where `.ci/docs` puts it.
    static let site: URL = {
        if let path = ProcessInfo.processInfo.environment["MULTIREDUX_DOCS_SITE"] {
            return URL(fileURLWithPath: path)
        }
        return root.appendingPathComponent(".build/documentation")
    }()

    /// What is missing for the test to run, if anything.
    static let missing: String? = {
        if let missing = Browser.missing {
            return missing
        }
        if !FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) {
            return "the documentation site is not built at \(site.path): run `.ci/docs` first"
        }
        if Server.python == nil {
            return "python3 is not installed: it serves the site on 127.0.0.1"
        }
        return nil
    }()

    /// Whether to fail instead of skipping when something is missing (set by `.ci/run`).
    static let isRequired = Browser.isRequired

    @Test("CI has everything the browser test needs")
    func requiredPiecesArePresent() {
        if Self.isRequired {
            #expect(Self.missing == nil, "\(Self.missing ?? "")")
        }
    }

    @Test(
        "the landing page, an article, a symbol page and the tutorial show their titles, code and working links",
        .enabled(if: missing == nil, "\(missing ?? "")"))
    func pagesWorkInABrowser() async throws {
        // Starting the server and running the browser block a thread: one of its own, not one
        // of the cooperative pool, which other tests need meanwhile.
        let server = try await onOwnThread { try Server(serving: Self.site) }
        defer { server.stop() }
        var links: Set<String> = []

        let landing = try await onOwnThread { try Browser.load(server.url("/documentation/multiredux/")) }
        #expect(landing.title == "MultiRedux | Documentation")
        #expect(landing.headings(1).contains("MultiRedux"))
        #expect(landing.text.contains("A Redux store for Swift apps built from features"))
        #expect(landing.codeListings.contains { $0.contains("Store(initialState: AppState(), features:") })
        #expect(
            landing.links.isSuperset(of: ["/documentation/multiredux/store", "/tutorials/multiredux/buildingthegame"]))
        links.formUnion(landing.links)

        let article = try await onOwnThread { try Browser.load(server.url("/documentation/multiredux/thestore/")) }
        #expect(article.title == "The store | Documentation")
        #expect(Set(article.headings(2)).isSuperset(of: ["Making a store", "Dispatching", "Watching the state"]))
        #expect(article.codeListings.contains { $0.contains("store.observe(select: \\.user.userName)") })
        links.formUnion(article.links)

        let symbol = try await onOwnThread { try Browser.load(server.url("/documentation/multiredux/store/")) }
        #expect(symbol.title == "Store | Documentation")
        #expect(symbol.codeListings.contains { $0.contains("final class Store<Root> where Root : State") })
        #expect(symbol.headings(2).contains("Topics"))
        #expect(symbol.links.contains { $0.hasPrefix("/documentation/multiredux/store/dispatch(") })
        links.formUnion(symbol.links)

        let tutorial = try await onOwnThread {
            try Browser.load(server.url("/tutorials/multiredux/buildingthegame/"))
        }
        #expect(tutorial.title == "Building the game — MultiRedux Tutorials | Documentation")
        #expect(
            tutorial.headings(2) == [
                "State and actions", "A first reducer and its test", "A second feature", "The store from features",
                "Subscribing", "Recording and replaying a match", "The computer plays: an effect",
                "Testing the flow with a TestStore", "Keeping the score between runs",
                "Showing the game in SwiftUI",  // what comes next
            ])
        #expect(tutorial.codeListings.contains { $0.contains("struct ChooseWeaponReducer: ActionReducer") })
        #expect(tutorial.codeListings.contains { $0.contains("try replayed.replay(recorder.journal)") })
        #expect(tutorial.codeListings.contains { $0.contains("struct ComputerMoveReducer: AsyncActionReducer") })
        links.formUnion(tutorial.links)

        let onScreen = try await onOwnThread {
            try Browser.load(server.url("/tutorials/multiredux/showingthegame/"))
        }
        #expect(onScreen.title == "Showing the game in SwiftUI — MultiRedux Tutorials | Documentation")
        #expect(Set(onScreen.headings(2)).isSuperset(of: ["State a view can write", "The screen"]))
        #expect(onScreen.codeListings.contains { $0.contains("TextField(\"Player 1\", text: $store.player1)") })
        links.formUnion(onScreen.links)

        // Every page these four link to is there, and so is the content it loads.
        #expect(links.count >= 50, "too few links found: \(links.sorted())")
        for link in links.sorted() {
            // The page's directory: the server would answer the path without its slash with a redirect.
            #expect(try await server.status(of: link + "/") == 200, "broken link: \(link)")
            #expect(try await server.status(of: "/data\(link).json") == 200, "no content for the link: \(link)")
        }
    }
}

/// A page as headless Chromium renders it: the DOM after its scripts ran.
struct RenderedPage {
    /// The serialised DOM.
    var html: String

    /// The document's title.
    var title: String? { Self.contents(of: "title", in: html).first }

    /// The text of the headings of a level, in order, without markup.
    func headings(_ level: Int) -> [String] {
        Self.contents(of: "h\(level)", in: html)
    }

    /// The text of the page, without markup.
    var text: String { Self.plainText(html) }

    /// The text of each code listing (`<pre>`), without markup.
    var codeListings: [String] { Self.contents(of: "pre", in: html) }

    /// The site's own pages the page links to, without fragments.
    var links: Set<String> {
        var links: Set<String> = []
        var rest = html[...]
        while let start = rest.range(of: "href=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let href = String(rest[..<end]).components(separatedBy: "#")[0]
            if href.hasPrefix("/documentation/") || href.hasPrefix("/tutorials/") {
                links.insert(href.hasSuffix("/") ? String(href.dropLast()) : href)
            }
        }
        return links
    }

    /// The text inside each `<tag …>…</tag>`, in order, without markup.
    static func contents(of tag: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(tag)"), let close = rest[open.upperBound...].range(of: "</\(tag)>") {
            let inner = rest[open.upperBound..<close.lowerBound]
            let body = inner.firstIndex(of: ">").map { inner[inner.index(after: $0)...] } ?? inner
            found.append(plainText(String(body)).trimmingCharacters(in: .whitespacesAndNewlines))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// `html` without tags, with the common entities decoded.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}

extension Browser {
    /// Loads a page, lets its scripts run, and returns the DOM they left.
    static func load(_ url: URL) throws -> RenderedPage {
        RenderedPage(html: try dumpDOM(url))
    }
}

/// A static web server for a directory, on a free port of 127.0.0.1 (Python's `http.server`).
final class Server: Sendable {
    /// Python 3, found on `PATH`.
    static let python = ChildProcess.find(["python3"])

    private let process: ChildProcess
    private let port: Int
    private let banner: URL

    /// Starts serving `directory`.
    init(serving directory: URL) throws {
        banner = FileManager.default.temporaryDirectory.appendingPathComponent("http-server-\(UUID().uuidString).out")
        process = try ChildProcess(
            Self.python!, ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", directory.path, "0"],
            output: banner.path)
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let deadline = Date().addingTimeInterval(20)
        var port: Int?
        while port == nil && Date() < deadline {
            let text = (try? String(contentsOf: banner, encoding: .utf8)) ?? ""
            if let range = text.range(of: "port "), text[range.upperBound...].contains(" ") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let port else {
            process.terminate()
            throw ServerError(message: "python3 -m http.server did not say its port within 20 s")
        }
        self.port = port
    }

    /// Stops serving.
    func stop() {
        process.terminate()
        try? FileManager.default.removeItem(at: banner)
    }

    /// The URL of a path on the server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The HTTP status of a GET of a path.
    func status(of path: String) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: url(path))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// Why the server could not start.
    struct ServerError: Error {
        var message: String
    }
}
