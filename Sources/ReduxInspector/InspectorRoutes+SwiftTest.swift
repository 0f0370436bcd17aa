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
    /// the range, 404 for a range outside the session, 422 for one that cannot be written as a
    /// test, longer than ``testRangeLimit`` entries or that takes longer than ``testTimeLimit``
    /// (the message says why).
    func swiftTest(_ query: [String: String]) -> HTTPResponse {
        guard let testSetup else {
            return .error(
                404,
                "This inspector cannot generate tests: the app started it without a SwiftTestSetup "
                    + "(InspectorServer(_:testSetup:)), which says how the app's store is built.")
        }
        guard let first = query["from"].flatMap(Int.init), let last = query["through"].flatMap(Int.init) else {
            return .error(
                400, "/api/test takes from= and through=, the positions of the range's first and last entries.")
        }
        guard last < first || last - first < Self.testRangeLimit else {
            return .error(
                422,
                "A test plays at most \(Self.testRangeLimit) entries, and \(first) through \(last) is "
                    + "\(last - first + 1): export a shorter range, or several.")
        }
        let name = query["name"] ?? "RecordedSessionTests"
        do {
            // On a copy of the session, so that the page's other requests are answered meanwhile.
            let source = try inspector.snapshot().swiftTest(
                from: first, through: last, named: name, setup: testSetup, within: Self.testTimeLimit)
            var response = HTTPResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(source.utf8))
            response.headers.append(("Content-Disposition", "attachment; filename=\"\(name).swift\""))
            return response
        } catch {
            return .error(error.kind == .noSuchEntry ? 404 : 422, error.message)
        }
    }
}
