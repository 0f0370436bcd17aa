internal import ReduxHTTPServer

extension InspectorRoutes {
    /// The most entries one test may play: a test is read and kept, so a range longer than this
    /// is better exported as several.
    static var testRangeLimit: Int { 200 }
    /// The most time writing one test may take, in seconds.
    static var testTimeLimit: Double { 20 }

    /// `POST /api/test?from=&through=&name=`: starts writing the test
    /// ``Inspector/swiftTest(from:through:named:setup:)`` writes for the range (`name` is the
    /// suite's, by default `RecordedSessionTests`), on a thread of its own, and answers 202 with
    /// the job (``SwiftTestJobStatus``), which `GET /api/test` then follows.
    ///
    /// One test is written at a time: while one is (or a cancelled one has not stopped), another
    /// is refused with 429, which names it. Refused before any work: 404 when the server was given
    /// no ``SwiftTestSetup``, 400 without the range (positions that are not whole numbers from 0,
    /// or a range that ends before it starts), 404 for a range outside the session, 422 for a
    /// range longer than ``testRangeLimit`` entries or a name that cannot name a suite. A range
    /// that cannot be written as a test, or that takes longer than ``testTimeLimit``, ends the job
    /// `failed`, with the message that says why.
    func startSwiftTest(_ query: [String: String]) -> HTTPResponse {
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
        guard SwiftSource.isTypeName(name) else {
            return .error(
                422,
                "The suite's name, \(SwiftSource.stringLiteral(name)), cannot name a Swift type: give letters, digits "
                    + "and _, starting with a letter, and not a keyword (such as RecordedSessionTests).")
        }
        let jobs = testJobs
        let started = jobs.start(from: first, through: last, name: name) { () throws(InspectorError) in
            try session.swiftTest(
                from: first, through: last, named: name, setup: testSetup, within: Self.testTimeLimit,
                until: { jobs.status.state == .cancelling })
        }
        guard let started else {
            let busy = testJobs.status
            let range = "entries \(busy.from ?? 0) through \(busy.through ?? 0)"
            var response = HTTPResponse.error(
                429,
                busy.state == .cancelling
                    ? "The cancelled test of \(range) is still stopping: ask again once GET /api/test no longer says "
                        + "\"cancelling\" (at most \(Int(Self.testTimeLimit)) seconds)."
                    : "The test of \(range) is being written, and one is written at a time: wait until GET /api/test "
                        + "says it is done, or cancel it (POST /api/test/cancel).")
            response.headers.append(("Retry-After", "1"))
            return response
        }
        return .json(InspectorPage.encode(started), status: 202)
    }

    /// `GET /api/test`: the test being written or the last one (``SwiftTestJobStatus``): its
    /// state, its range and name, and, once written, its source or why it could not be.
    func swiftTestStatus() -> HTTPResponse {
        .json(InspectorPage.encode(testJobs.status))
    }

    /// `POST /api/test/cancel`: cancels the test being written, whose source is then dropped;
    /// answers the job as it is then (`cancelling` until its writing returns, then `cancelled`).
    /// With none being written it changes nothing.
    func cancelSwiftTest() -> HTTPResponse {
        .json(InspectorPage.encode(testJobs.cancel()))
    }
}
