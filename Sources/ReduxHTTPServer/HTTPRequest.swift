/// A request the server accepted: its method, path, query parameters, headers and body.
package struct HTTPRequest: Equatable, Sendable {
    /// `GET` or `POST`.
    package var method: String
    /// The path, as sent (no percent-decoding: routes are matched literally).
    package var path: String
    /// The query parameters, percent-decoded (a name given twice is refused).
    package var query: [String: String]
    /// The headers, by lower-cased name.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]
}

/// Reads one HTTP/1.x request from the bytes of a connection as they arrive, within bounds: a
/// state machine with no socket, tested byte by byte.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// switch parser.append(bytes) {
/// case .incomplete: break                      // read more
/// case .request(let request): respond(to: request)
/// case .rejected(let response): send(response)  // 400, 405 or 413
/// }
/// ```
struct HTTPRequestParser: Sendable {
    /// What the bytes so far amount to.
    enum Outcome: Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole request.
        case request(HTTPRequest)
        /// The request is refused, with the response that says why.
        case rejected(HTTPResponse)
    }

    /// The most bytes the request line and headers may take.
    static let headerLimit = 64 * 1024
    /// The most bytes a body may take.
    static let bodyLimit = 8 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where the search for the end of the headers goes on from.
    private var scanned = 0
    /// The request whose headers were read, waiting for its body.
    private var head: HTTPRequest?
    private var bodyLength = 0

    /// Whether any byte of a request has arrived.
    var hasBegun: Bool {
        head != nil || !buffer.isEmpty
    }

    /// Feeds bytes read from the connection.
    ///
    /// - Parameters:
    ///   - bytes: The bytes, in order.
    ///   - judge: Called once, when the head has arrived and before the body is waited for, with
    ///     the request (no body yet) and the length of its body: a response refuses it, and no
    ///     more of it is kept; nil reads on. By default every request is read whole.
    /// - Returns: Whether a request is complete, refused or still coming.
    mutating func append(
        _ bytes: some Collection<UInt8>,
        judging judge: (_ head: HTTPRequest, _ bodyLength: Int) -> HTTPResponse? = {
            _, _ in nil
        }
    ) -> Outcome {
        buffer.append(contentsOf: bytes)
        if head == nil {
            let searchedFrom = scanned
            let end = headerEnd()
            // Searched whether or not the head is whole: a head that arrives in one read is
            // checked as one that arrives a byte at a time is.
            let upTo = end ?? buffer.count
            if hasBareLineFeed(in: min(searchedFrom, upTo)..<upTo) {
                return .rejected(
                    .error(400, "The request's lines end with a bare line feed; HTTP lines end with CR LF."))
            }
            guard let end else {
                return buffer.count > Self.headerLimit
                    ? .rejected(.error(413, "The request's headers are longer than 64 KiB."))
                    : .incomplete
            }
            guard end <= Self.headerLimit else {
                return .rejected(.error(413, "The request's headers are longer than 64 KiB."))
            }
            switch parseHead(buffer[..<end]) {
            case .parsed(let request, let length):
                if let refusal = judge(request, length) {
                    buffer = []
                    return .rejected(refusal)
                }
                head = request
                bodyLength = length
                buffer.removeFirst(end + 4)
            case .refused(let response):
                return .rejected(response)
            }
        }
        guard var request = head, buffer.count >= bodyLength else { return .incomplete }
        request.body = Array(buffer.prefix(bodyLength))
        return .request(request)
    }

    /// Whether a line feed in `range` of the buffer follows anything but a carriage return.
    private func hasBareLineFeed(in range: Range<Int>) -> Bool {
        range.contains { buffer[$0] == 10 && ($0 == 0 || buffer[$0 - 1] != 13) }
    }

    /// The index of the blank line (`\r\n\r\n`) that ends the headers, if it has arrived.
    private mutating func headerEnd() -> Int? {
        var index = max(0, scanned - 3)
        while index + 4 <= buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        scanned = buffer.count
        return nil
    }

    /// What reading the request line and headers found.
    private enum ParsedHead {
        /// The request (without its body) and the length of its body.
        case parsed(HTTPRequest, Int)
        /// The response that refuses it.
        case refused(HTTPResponse)
    }

    /// Reads the request line and headers; the body length comes from `Content-Length`.
    private func parseHead(_ bytes: ArraySlice<UInt8>) -> ParsedHead {
        guard bytes.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 < 127) || $0 == 13 || $0 == 10 }),
            let text = String(validUTF8: bytes)
        else {
            return .refused(.error(400, "The request's headers are not ASCII text."))
        }
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else {
            return .refused(.error(400, "The request line is not `METHOD /path HTTP/1.1`."))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return .refused(.error(400, "A header line is not `Name: value`."))
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if let earlier = headers[name], ["content-length", "host", "origin"].contains(name), earlier != value {
                return .refused(.error(400, "The request has two different \(name) headers."))
            }
            headers[name] = value
        }
        guard headers["transfer-encoding"] == nil else {
            return .refused(.error(400, "Chunked or encoded bodies are not accepted; send a Content-Length."))
        }
        var length = 0
        if let declared = headers["content-length"] {
            guard !declared.isEmpty, declared.count <= 12, declared.allSatisfy(\.isASCII),
                declared.allSatisfy(\.isNumber), let value = Int(declared)
            else {
                return .refused(.error(400, "The Content-Length is not a number."))
            }
            guard value <= Self.bodyLimit else {
                return .refused(.error(413, "The request's body is larger than 8 MiB."))
            }
            length = value
        }
        let method = String(parts[0])
        guard method == "GET" || method == "POST" else {
            var response = HTTPResponse.error(405, "Only GET and POST are served.")
            response.headers.append(("Allow", "GET, POST"))
            return .refused(response)
        }
        let path: String
        let query: [String: String]
        do {
            (path, query) = try Self.splitTarget(parts[1])
        } catch {
            return .refused(.error(400, error.message))
        }
        return .parsed(HTTPRequest(method: method, path: path, query: query, headers: headers, body: []), length)
    }

    /// Why a request target's query was refused.
    struct RefusedQuery: Error {
        /// What was wrong, and what to send instead.
        let message: String
    }

    /// Splits a request target into its path and its decoded query parameters.
    ///
    /// - Throws: ``RefusedQuery`` when the query does not decode, or names a parameter twice
    ///   (which of two values a route would take is not for the server to guess).
    static func splitTarget(_ target: Substring) throws(RefusedQuery) -> (String, [String: String]) {
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecoded(nameAndValue[0]),
                    let value = nameAndValue.count == 2 ? percentDecoded(nameAndValue[1]) : ""
                else { throw RefusedQuery(message: "The request's query is not valid percent-encoded text.") }
                guard query.updateValue(value, forKey: name) == nil else {
                    throw RefusedQuery(message: "The request's query names \(name)= twice; send each parameter once.")
                }
            }
        }
        return (String(pieces[0]), query)
    }

    /// Decodes `%XX` escapes and `+` (a space); nil for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validUTF8: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension String {
    /// The text of `bytes` when they are valid UTF-8, nil otherwise: `String(validating:as:)`,
    /// which needs macOS 15 / iOS 18, for the package's oldest platforms.
    ///
    /// - Parameter bytes: The bytes to read.
    /// - Complexity: O(*n*), two passes over `bytes`.
    init?(validUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs an invalid sequence with U+FFFD, so the text's bytes differ from them.
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
