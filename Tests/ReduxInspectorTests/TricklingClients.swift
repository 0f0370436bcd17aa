import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Clients that each open a request and send one more header line every `interval`, never
/// finishing it (a "slowloris" attack): on a thread of their own, until ``stop()``. A connection
/// the server closes is opened again, as an attacker would.
///
/// - Note: `@unchecked Sendable`: `lock` guards `isStopping` and `rounds`; the sockets belong to
///   the clients' thread.
final class TricklingClients: @unchecked Sendable {
    private let lock = NSLock()
    private var isStopping = false
    private var rounds = 0
    private let roundDone = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Opens `count` connections to 127.0.0.1 at `port` and starts trickling.
    ///
    /// - Parameters:
    ///   - count: How many connections are kept open.
    ///   - port: The server's port.
    ///   - interval: The pause between two lines on each connection, in seconds.
    init(count: Int, port: UInt16, interval: TimeInterval) {
        let thread = Thread { [self] in
            trickle(count: count, port: port, interval: interval)
            ended.signal()
        }
        thread.start()
    }

    /// Waits until every connection has sent `count` more lines (or been opened again), at most
    /// 60 s.
    ///
    /// - Returns: Whether they did.
    func waitForRounds(_ count: Int) -> Bool {
        (0..<count).allSatisfy { _ in roundDone.wait(timeout: .now() + 60) == .success }
    }

    /// Stops trickling, closes the connections and returns when the clients' thread has ended.
    func stop() {
        lock.withLock { isStopping = true }
        ended.wait()
    }

    private func trickle(count: Int, port: UInt16, interval: TimeInterval) {
        var sockets = [Int32](repeating: -1, count: count)
        defer { sockets.filter { $0 >= 0 }.forEach { _ = close($0) } }
        let start = "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        var line = 0
        while !lock.withLock({ isStopping }) {
            for index in sockets.indices {
                if sockets[index] < 0 {
                    sockets[index] = Self.open(port: port, sending: start)
                } else if !Self.send(sockets[index], "X-Line-\(line): \(line)\r\n") {
                    _ = close(sockets[index])
                    sockets[index] = Self.open(port: port, sending: start)
                }
            }
            line += 1
            roundDone.signal()
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// A connection that has sent `text`; -1 when it could not be opened.
    private static func open(port: UInt16, sending text: String) -> Int32 {
        let socket = RawHTTPClient.streamSocket()
        guard socket >= 0 else { return -1 }
        guard (try? RawHTTPClient.connect(socket, port: port)) != nil, send(socket, text) else {
            _ = close(socket)
            return -1
        }
        return socket
    }

    /// Sends `text` without waiting for room; false when the connection is closed.
    private static func send(_ socket: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { buffer in
            #if canImport(Darwin)
                Darwin.send(socket, buffer.baseAddress!, buffer.count, MSG_DONTWAIT)
            #else
                Glibc.send(socket, buffer.baseAddress!, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            #endif
        }
        return sent > 0 || (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }
}
