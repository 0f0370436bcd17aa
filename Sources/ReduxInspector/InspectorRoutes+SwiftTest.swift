internal import ReduxHTTPServer

extension InspectorRoutes {
    /// The most entries one test may play: a test is read and kept, so a range longer than this
    /// is better exported as several.
    static var testRangeLimit: Int { 200 }
    /// The most time writing one test may take, in seconds.
    static var testTimeLimit: Double { 20 }

    /// `POST /api/test?from=&through=&name=`: the test ``Inspector/swiftTest(from:through:named:setup:)``
    /// writes for the range, as a Swift file to download (`name` is the suite's, by default
    /// `RecordedSessionTests`); 404 when the server was given no ``SwiftTestSetup``, 400 without
    /// the range (positions that are not whole numbers from 0, or a range that ends before it
    /// starts), 404 for a range outside the session, 422 for one that cannot be written as a
    /// test, longer than ``testRangeLimit`` entries or that takes longer than ``testTimeLimit``
    /// (the message says why).
    func swiftTest(_ query: [String: String]) -> HTTPResponse {
        guard let testSetup else {
            return .error(
                404,
                "This inspector cannot generate tests: the app started it without a SwiftTestSetup "
                    + "(InspectorServer(_:testSetup:)), which says how the app's store is built.")
        }
        let first: Int
        let last: Int
        do {
            first = try Self.number("from", in: query, meaning: "the position of the range's first entry")
            last = try Self.number("through", in: query, meaning: "the position of the range's last entry")
        } catch {
            return .error(400, error.message)
        }
        guard first <= last else {
            return .error(
                400,
                "through=\(last) comes before from=\(first): send the range's first entry as from= and its last as "
                    + "through=, such as from=\(last)&through=\(first).")
        }
        // On a copy of the session, so that the page's other requests are answered meanwhile.
        let session = inspector.snapshot()
        do {
            // 0 <= first <= last: the range is in the session when its last entry is.
            try session.locked { () throws(InspectorError) in try session.check(last) }
        } catch {
            return .error(404, error.message)
        }
        // 0 <= first <= last < count: neither the difference nor the length can overflow.
        guard last - first < Self.testRangeLimit else {
            return .error(
                422,
                "A test plays at most \(Self.testRangeLimit) entries, and \(first) through \(last) is "
                    + "\(last - first + 1): export a shorter range, or several.")
        }
        let name = query["name"] ?? "RecordedSessionTests"
        do {
            let source = try session.swiftTest(
                from: first, through: last, named: name, setup: testSetup, within: Self.testTimeLimit)
            var response = HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(source.utf8))
            response.headers.append(("Content-Disposition", "attachment; filename=\"\(name).swift\""))
            return response
        } catch {
            return .error(error.kind == .noSuchEntry ? 404 : 422, error.message)
        }
    }
}
