import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A raw TCP connection to a server on 127.0.0.1, owned by the test that opened it: sends bytes,
/// and reads what comes back, or sees that the server closed it.
///
/// - Note: `@unchecked Sendable`: its one stored property is a descriptor, and the calls it makes
///   on it may come from any thread.
final class LoopbackClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a look at the connection found.
    enum Look: Equatable {
        /// Nothing to read yet: the server keeps it open.
        case open
        /// Bytes from the server.
        case bytes([UInt8])
        /// The server closed it (an end of file, or a reset).
        case closed
    }

    let descriptor: Int32

    /// Connects to 127.0.0.1 at `port`.
    init(port: UInt16) throws {
        #if canImport(Darwin)
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        #if canImport(Darwin)
            var noSignal: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = close(descriptor)
            throw Failure(description: "connect: errno \(code)")
        }
    }

    deinit {
        _ = close(descriptor)
    }

    /// Sends text without waiting for room.
    ///
    /// - Returns: Whether the connection took it (false once the server closed it).
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { buffer in
            #if canImport(Darwin)
                Darwin.send(descriptor, buffer.baseAddress!, buffer.count, MSG_DONTWAIT)
            #else
                Glibc.send(descriptor, buffer.baseAddress!, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            #endif
        }
        return sent > 0
    }

    /// What the connection has now, without waiting.
    func look() -> Look {
        receive(flags: Int32(MSG_DONTWAIT))
    }

    /// Waits at most `seconds` for what the server sends; `.open` when it sent nothing meanwhile.
    func wait(seconds: Int) -> Look {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return receive(flags: 0)
    }

    /// Reads until the server closes the connection (at most 30 s of silence).
    func readToEnd() -> [UInt8] {
        var received: [UInt8] = []
        while case .bytes(let bytes) = wait(seconds: 30) {
            received += bytes
        }
        return received
    }

    private func receive(flags: Int32) -> Look {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, flags) }
            if count > 0 { return .bytes(Array(chunk[..<count])) }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .open : .closed
        }
    }
}

/// Runs blocking socket work on a thread of its own, off the cooperative pool.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
