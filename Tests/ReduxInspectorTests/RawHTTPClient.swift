import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A response as a test reads it off the socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends raw bytes to a server on 127.0.0.1 and reads what it answers until it closes the
/// connection: a client that can send what a browser never would.
enum RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A request with the headers the server expects from its own page: its `Host`, and for a POST
    /// its `Origin` unless `headers` gives one or `pageOrigin` is false.
    static func request(
        _ method: String, _ target: String, port: UInt16, body: [UInt8] = [], headers: [String] = [],
        pageOrigin: Bool = true
    ) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if method == "POST", pageOrigin, !headers.contains(where: { $0.lowercased().hasPrefix("origin:") }) {
            head += "Origin: http://127.0.0.1:\(port)\r\n"
        }
        for header in headers {
            head += header + "\r\n"
        }
        if !body.isEmpty || method == "POST" {
            head += "Content-Length: \(body.count)\r\n"
        }
        return Array((head + "\r\n").utf8) + body
    }

    /// Sends `bytes` and reads the response.
    static func exchange(port: UInt16, _ bytes: [UInt8]) throws -> RawResponse {
        try parse(try send(port: port, bytes))
    }

    /// Reads the response on a connection opened by ``open(port:sending:)``, and closes it.
    static func response(on descriptor: Int32) throws -> RawResponse {
        defer { close(descriptor) }
        return try parse(readToEnd(descriptor))
    }

    /// A response's bytes as a status, headers and body.
    private static func parse(_ raw: [UInt8]) throws -> RawResponse {
        guard let end = raw.firstRange(of: [13, 10, 13, 10]) else {
            throw Failure(description: "no response head in \(raw.count) bytes")
        }
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: [" "])
            }
        }
        return RawResponse(status: status, headers: headers, body: Array(raw[end.upperBound...]))
    }

    /// A new TCP socket (`SOCK_STREAM` is an `Int32` on Darwin, an enum case on Glibc).
    static func streamSocket() -> Int32 {
        #if canImport(Darwin)
            socket(AF_INET, SOCK_STREAM, 0)
        #else
            socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
    }

    /// Connects, sends, and reads until the server closes (at most 30 s of silence).
    static func send(port: UInt16, _ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor = try open(port: port, sending: bytes)
        defer { close(descriptor) }
        return readToEnd(descriptor)
    }

    /// Connects and sends `bytes` (as many as the server takes), leaving the connection open to
    /// read the answer from: the caller closes the descriptor.
    static func open(port: UInt16, sending bytes: [UInt8]) throws -> Int32 {
        let descriptor = streamSocket()
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)  // generous: a sanitizer run on a loaded machine is slow
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        do {
            try connect(descriptor, port: port)
        } catch {
            close(descriptor)
            throw error
        }
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                    Darwin.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, 0)
                #else
                    Glibc.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                #endif
            }
            // The server may answer (413) and stop reading before everything is sent.
            guard count > 0 else { break }
            sent += count
        }
        return descriptor
    }

    /// Reads until the server closes (at most 30 s of silence).
    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        return received
    }

    /// Connects to 127.0.0.1 at a port.
    static func connect(_ descriptor: Int32, port: UInt16) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                    Darwin.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else { throw Failure(description: "connect: errno \(errno)") }
    }
}
