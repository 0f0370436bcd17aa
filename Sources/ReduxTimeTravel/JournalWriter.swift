import Foundation
import ReduxCore

/// Appends a recorder's actions to a journal file, one JSON line per action.
///
/// The file starts with a header line that carries the format version, then one line per
/// applied action:
///
/// ```
/// {"journal":"MultiRedux","version":1}
/// {"seq":1,"type":"Counter.Increment","payload":{"by":2}}
/// {"seq":2,"type":"Counter.Tick","replayable":false}
/// ```
///
/// An action is written with its payload when it is `Encodable`; otherwise its line says it is
/// not replayable. An async reducer's result is written as the whole state it led to (when the
/// state is `Encodable`). The writer only appends: when it opens a journal whose last line is
/// torn (a process killed mid-append), it cuts that line off first, since it never reached the
/// file whole.
///
/// - Note: `@unchecked Sendable`: `lock` guards the buffer and the file descriptor.
public final class JournalWriter: @unchecked Sendable {
    /// How much of what was recorded survives a crash.
    public enum Durability: Sendable {
        /// Lines collect in memory and are written 64 KiB at a time, and by ``flush()``: the
        /// fastest; a crash of the process loses what was not written yet.
        case buffered
        /// Each line is written (one `write` call) before the dispatch returns: survives the
        /// process being killed at any moment; a power loss may lose what the system had not
        /// stored yet.
        case everyAction
        /// Each line is written and synchronised to the storage device (`fsync`) before the
        /// dispatch returns: survives a power loss; the slowest.
        case synchronized
    }

    /// The file's path.
    public let path: String
    private let durability: Durability
    private let lock = Lock()
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let encoder = JSONEncoder()
    /// The sequence number of the last line already in the file when it was opened: a recorder's
    /// first action is numbered one more.
    private var base = 0

    /// The format version this version writes and reads.
    static let formatVersion = 1
    /// The first line of a journal file.
    static let header = "{\"journal\":\"MultiRedux\",\"version\":\(formatVersion)}\n"

    /// Opens a journal file for appending, creating it with a header if it does not exist.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - durability: How much of what was recorded survives a crash.
    /// - Throws: ``JournalError`` when the file cannot be opened or written, or is not a journal
    ///   of a version this version reads.
    /// - Complexity: O(size of the file): an existing journal's header and last line are checked.
    public init(path: String, durability: Durability = .everyAction) throws(JournalError) {
        self.path = path
        self.durability = durability
        descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else {
            throw JournalError(.fileAccess, "Cannot open the journal \(path) (errno \(errno)).")
        }
        do {
            try prepare()
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit {
        flush()
        close(descriptor)
    }

    /// Checks an existing journal and cuts off a torn last line, or writes the header of a new one.
    private func prepare() throws(JournalError) {
        let contents = try JournalReader.contents(of: path)
        if contents.isEmpty {
            try write(Array(Self.header.utf8))
            return
        }
        _ = try JournalReader.checkHeader(contents, path: path)
        let complete = (contents.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        if complete < contents.count, ftruncate(descriptor, off_t(complete)) != 0 {
            throw JournalError(.fileAccess, "Cannot cut the torn last line off \(path) (errno \(errno)).")
        }
        base = Self.lastSequence(in: contents[..<complete])
    }

    /// The sequence number of the last complete line (every line starts `{"seq":N,`); 0 if there
    /// is none.
    private static func lastSequence(in complete: ArraySlice<UInt8>) -> Int {
        let body = complete.dropLast()
        let lastLine = body[((body.lastIndex(of: UInt8(ascii: "\n")) ?? body.startIndex - 1) + 1)...]
        let prefix = Array("{\"seq\":".utf8)
        guard lastLine.starts(with: prefix) else { return 0 }
        var sequence = 0
        for byte in lastLine.dropFirst(prefix.count) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            sequence = sequence * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return sequence
    }

    /// Appends an entry.
    ///
    /// - Parameters:
    ///   - entry: The entry.
    ///   - sequence: Its position in the recorder's journal, from 1: one more than the last
    ///     one, or less after a move back.
    /// - Returns: Whether the line carries what replay needs.
    func append<Root>(_ entry: JournalEntry<Root>, sequence: Int) -> Bool {
        var line = "{\"seq\":\(base + sequence),\"type\":\"\(entry.typeName)\""
        let payload: (any Encodable)?
        let key: String
        switch entry {
        case .action(let action):
            payload = action as? any Encodable
            key = "payload"
        case .asyncResult(let reducer, let state):
            line += ",\"reducer\":\"\(reducer)\""
            payload = state as? any Encodable
            key = "state"
        case .notReplayable:
            payload = nil
            key = ""
        }
        let encoded = payload.flatMap { try? encoder.encode($0) }
        if let encoded {
            line += ",\"\(key)\":"
            line += String(decoding: encoded, as: UTF8.self)
            line += "}\n"
        } else {
            line += ",\"replayable\":false}\n"
        }
        lock.withLock {
            buffer.append(contentsOf: line.utf8)
            if durability != .buffered || buffer.count >= 1 << 16 {
                writeBuffer()
            }
        }
        return encoded != nil
    }

    /// Writes what is buffered to the file.
    public func flush() {
        lock.withLock { writeBuffer() }
    }

    /// Writes the buffer, holding the lock. A failed write is retried on the next one.
    private func writeBuffer() {
        guard !buffer.isEmpty else { return }
        if (try? write(buffer)) != nil {
            buffer.removeAll(keepingCapacity: true)
            if durability == .synchronized {
                _ = fsync(descriptor)
            }
        }
    }

    private func write(_ bytes: [UInt8]) throws(JournalError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw JournalError(.fileAccess, "Cannot write to the journal \(path) (errno \(errno)).")
            }
            written += count
        }
    }
}
