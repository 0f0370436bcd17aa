#if canImport(Darwin)
    internal import Darwin
#elseif canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#endif

/// The POSIX calls the server makes: the module's one file that imports the C library.
///
/// Descriptors are plain `Int32`s owned by the caller, which closes them with ``closeDescriptor(_:)``.
enum Socket {
    /// What a read from a connection got.
    enum ReadResult: Equatable {
        /// Bytes, appended to the buffer.
        case bytes(Int)
        /// Nothing yet (the socket is non-blocking).
        case wouldBlock
        /// The peer closed its side, or the connection failed.
        case closed
    }

    /// A non-blocking TCP socket listening on 127.0.0.1.
    ///
    /// - Parameter port: The port, 0 for a free one the system picks.
    /// - Returns: The descriptor and the port it listens on.
    /// - Throws: ``HTTPServerError``, with the system's reason.
    static func openListener(onLoopbackPort port: UInt16) throws(HTTPServerError) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw failure("create a socket") }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = failure("bind 127.0.0.1:\(port)")
            _ = close(descriptor)
            throw error
        }
        guard listen(descriptor, SOMAXCONN) == 0, setNonBlocking(descriptor) else {
            let error = failure("listen on 127.0.0.1:\(port)")
            _ = close(descriptor)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let error = failure("find the port of the socket")
            _ = close(descriptor)
            throw error
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts a waiting connection, made non-blocking (and, on Darwin, never raising `SIGPIPE`).
    ///
    /// - Returns: Its descriptor; nil when none is waiting.
    static func acceptConnection(_ listener: Int32) -> Int32? {
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return nil
            }
            #if canImport(Darwin)
                var noSignal: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            guard setNonBlocking(descriptor) else {
                _ = close(descriptor)
                continue
            }
            return descriptor
        }
    }

    /// Reads what a connection has, up to `limit` bytes, onto the end of `buffer`.
    static func receive(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int) -> ReadResult {
        // `recv` fills uninitialised room: appending `limit` zeros first runs a generic loop per
        // byte in a debug build, which made every read of a test's server slow.
        var count = 0
        var failure: Int32 = 0
        let received = [UInt8](unsafeUninitializedCapacity: limit) { room, initialized in
            count = recv(descriptor, room.baseAddress!, limit, 0)
            failure = errno  // before appending, which may allocate
            initialized = max(0, count)
        }
        buffer.append(contentsOf: received)
        if count > 0 { return .bytes(count) }
        if count < 0, failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR { return .wouldBlock }
        return .closed
    }

    /// Writes what a non-blocking connection takes now of some bytes.
    ///
    /// - Returns: How many bytes were written (0 when there is no room yet); nil when the
    ///   connection failed or was closed.
    static func sendSome(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        while true {
            let count = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress!, buffer.count, noSignal)
            }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
        }
    }

    /// Waits until one of the descriptors can be read (or has hung up) or, for those that ask,
    /// written, at most `timeout` milliseconds.
    ///
    /// - Parameters:
    ///   - descriptors: Each descriptor, and whether to wait for room to write rather than for
    ///     bytes to read.
    ///   - timeout: The longest wait, in milliseconds.
    /// - Returns: For each descriptor, whether it is ready.
    static func wait(for descriptors: [(Int32, Bool)], timeout: Int32) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0.0, events: Int16($0.1 ? POLLOUT : POLLIN), revents: 0) }
        let count = poll(&entries, nfds_t(entries.count), timeout)
        guard count > 0 else { return Array(repeating: false, count: descriptors.count) }
        return entries.map { $0.revents != 0 }
    }

    /// A pipe whose read end wakes a waiting loop: (read end, write end), both close-on-exec.
    ///
    /// - Throws: ``HTTPServerError``, with the system's reason.
    static func makeWakePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure("create a pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// Writes one byte to a pipe.
    static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Reads what a wake pipe holds (after a wait said it can be read): one read, which does not
    /// block then; what is left wakes the next wait.
    static func drain(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 4096)
        _ = read(descriptor, &bytes, bytes.count)
    }

    /// Ends the sending side of a connection: the client reads the end of the response.
    static func shutdownWriting(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = shutdown(descriptor, SHUT_WR)
        #else
            _ = shutdown(descriptor, Int32(SHUT_WR))
        #endif
    }

    /// Closes a descriptor.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// The flag that keeps `send` from raising `SIGPIPE` on a closed connection (Darwin sets
    /// `SO_NOSIGPIPE` on the socket instead).
    private static var noSignal: Int32 {
        #if canImport(Darwin)
            0
        #else
            Int32(MSG_NOSIGNAL)
        #endif
    }

    private static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL, 0)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func failure(_ what: String) -> HTTPServerError {
        let code = errno
        return HTTPServerError(message: "Cannot \(what): \(String(cString: strerror(code))) (errno \(code)).")
    }
}
