import Testing

@testable import ReduxHTTPServer

@Suite struct HTTPRequestParserTests {
    @Test("a request arriving a byte at a time is read whole, query decoded, body by its length")
    func byteByByte() {
        let bytes = Array(
            "POST /api/move?from=1&to=%32&type=A+B HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Length: 3\r\n\r\nabcEXTRA"
                .utf8)
        var parser = HTTPRequestParser()
        var outcomes: [HTTPRequestParser.Outcome] = []
        for byte in bytes {
            outcomes.append(parser.append([byte]))
            if case .request = outcomes.last { break }
        }

        guard case .request(let request) = outcomes.last else {
            Issue.record("no request: \(String(describing: outcomes.last))")
            return
        }
        #expect(outcomes.dropLast().allSatisfy { $0 == .incomplete })
        #expect(request.method == "POST")
        #expect(request.path == "/api/move")
        #expect(request.query == ["from": "1", "to": "2", "type": "A B"])
        #expect(request.headers["host"] == "127.0.0.1:9")
        #expect(request.body == Array("abc".utf8))
    }

    @Test(
        "query values decode UTF-8 escapes and refuse bytes that are not UTF-8",
        arguments: [
            ("caf%C3%A9", "café"), ("a+b", "a b"), ("%F0%9F%8E%B2", "🎲"), ("%FF", nil), ("%C3", nil),
            ("%ED%A0%80", nil), ("%C0%AF", nil), ("%4", nil),
        ] as [(String, String?)])
    func percentDecoding(escaped: String, decoded: String?) {
        #expect(HTTPRequestParser.percentDecoded(Substring(escaped)) == decoded)
    }

    @Test("headers past 64 KiB are refused before the blank line arrives")
    func headerLimit() {
        var parser = HTTPRequestParser()
        let outcome = parser.append(Array(repeating: UInt8(ascii: "a"), count: HTTPRequestParser.headerLimit + 1))

        guard case .rejected(let response) = outcome else {
            Issue.record("not rejected: \(outcome)")
            return
        }
        #expect(response.status == 413)
    }

    @Test(
        "a bare line feed in the head is refused 400, whether the head arrives in one read or a byte at a time",
        arguments: [
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:9\nX-Smuggled: 1\r\n\r\n",
            "GET / HTTP/1.1\nHost: 127.0.0.1:9\r\n\r\n",
        ])
    func bareLineFeed(head: String) {
        var whole = HTTPRequestParser()
        var byByte = HTTPRequestParser()
        var byteOutcomes: [HTTPRequestParser.Outcome] = []
        for byte in head.utf8 {
            byteOutcomes.append(byByte.append([byte]))
            if byteOutcomes.last != .incomplete { break }
        }

        let outcomes: [HTTPRequestParser.Outcome?] = [whole.append(Array(head.utf8)), byteOutcomes.last]
        for outcome in outcomes {
            guard case .rejected(let response) = outcome else {
                Issue.record("not rejected: \(String(describing: outcome))")
                continue
            }
            #expect(response.status == 400)
        }
    }

    @Test("a request without headers' end stays incomplete; a second Content-Length that differs is refused")
    func incompleteAndConflicting() {
        var parser = HTTPRequestParser()
        #expect(parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)

        var conflicting = HTTPRequestParser()
        let outcome = conflicting.append(
            Array("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab".utf8))
        guard case .rejected(let response) = outcome else {
            Issue.record("not rejected: \(outcome)")
            return
        }
        #expect(response.status == 400)
    }
}
