internal import Foundation

/// A response the server sends: status, headers, body; the connection closes after it.
package struct HTTPResponse: Equatable, Sendable {
    /// The status code.
    package var status: Int
    /// The headers besides the ones every response gets (length, connection, caching).
    package var headers: [(String, String)]
    /// The body.
    package var body: [UInt8]

    /// A response.
    package init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        headers = [("Content-Type", contentType)]
        self.body = body
    }

    /// A JSON body.
    package static func json(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: bytes)
    }

    /// An error: the status and a JSON body `{"error": message}`.
    package static func error(_ status: Int, _ message: String) -> HTTPResponse {
        // The inspector's JSON encoding (JSONEncoder's defaults), which its page reads.
        guard let body = try? JSONEncoder().encode(["error": message]) else {
            preconditionFailure("ReduxHTTPServer: a dictionary of strings encodes")
        }
        return .json([UInt8](body), status: status)
    }

    /// 503 with `Retry-After: 1`: the server is busy, and the request may be sent again shortly.
    package static func busy(_ message: String) -> HTTPResponse {
        var response = error(503, message)
        response.headers.append(("Retry-After", "1"))
        return response
    }

    package static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { [$0.0, $0.1] } == rhs.headers.map { [$0.0, $0.1] }
    }

    /// The response on the wire.
    var serialized: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 202: "Accepted"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 409: "Conflict"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}
