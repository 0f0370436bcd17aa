import Foundation
import ReduxCore
internal import ReduxReducers
internal import ReduxShared
import ReduxStore

/// Appends a recorder's actions to a journal file, one JSON line per action.
///
/// The file starts with a header line that carries the format version, then one line per
/// applied action:
///
/// ```
/// {"journal":"MultiRedux","version":1}
/// {"seq":1,"type":"Counter.Increment","payload":{"by":2}}
/// {"seq":2,"type":"Counter.Tick","replayable":false,"site":"App/View.swift:42","time":1718000000123.456}
/// ```
///
/// A line a recorder writes ends with where the action was sent (`site`, when known) and when it
/// was applied (`time`, milliseconds since 1970 by the system clock when recording started, plus
/// the time elapsed since on a monotonic clock, so that the times of one recording never
/// decrease). Readers ignore keys they do not know, so the format version stays 1.
///
/// An action is written with its payload when it is `Encodable`; otherwise its line says it is
/// not replayable. An async reducer's result is written as the whole state it led to (when the
/// state is `Encodable`). The writer only appends: when it opens a journal whose last line is
/// torn (a process killed mid-append), it cuts that line off first, since it never reached the
/// file whole.
///
/// A write that fails (a full disk) loses nothing and repeats nothing: the lines not written stay
/// in memory and go to the file, in order, with the next line or ``flush()``; the file meanwhile
/// ends after its last whole line (where it cannot be cut back to it, with a torn last line that
/// the next write completes). ``writeError`` says why lines are waiting, until a write succeeds.
///
/// Give a writer to one recorder: the sequence numbers are the recorder's.
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
    /// Whether each action's line also carries the state after it.
    let includesStates: Bool
    let durability: Durability
    private let calls: FileCalls
    let lock = Lock()
    // Guarded by `lock` (unchecked exclusivity: the lock already makes each access exclusive).
    @exclusivity(unchecked) private var descriptor: Int32
    /// The size of the file: it holds every byte recorded before `output`'s.
    @exclusivity(unchecked) private var fileSize = 0
    /// The first failed write since the last one that succeeded.
    @exclusivity(unchecked) private var failure: JournalError?
    /// Writes the lines; owns `output`.
    private let line = JSONLineEncoder()
    /// The lines not written yet.
    let output: JSONLineOutput
    @exclusivity(unchecked) var actionTypes: [ActionType] = []
    /// The name a feature declared for an action type (`Feature.Action`), if any; else the
    /// type's `String(reflecting:)` is written.
    @exclusivity(unchecked) var declaredName: (Any.Type) -> String? = { _ in nil }
    @exclusivity(unchecked) var actionTypeIndex = TypeNumbers()
    /// The sequence number of the last line already in the file when it was opened: a recorder's
    /// first action is numbered one more.
    @exclusivity(unchecked) var base = 0

    /// The format version this version writes and reads.
    static let formatVersion = 1
    /// The first line of a journal file.
    static let header = "{\"journal\":\"MultiRedux\",\"version\":\(formatVersion)}\n"

    /// Opens a journal file for appending, creating it with a header if it does not exist.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - durability: How much of what was recorded survives a crash.
    ///   - includesStates: Whether each action's line also carries the state after it (when the
    ///     state is `Encodable`), for a recorded-session test to compare a replay with; costs an
    ///     encoding of the whole state per action.
    /// - Throws: ``JournalError`` when the file cannot be opened or written, or is not a journal
    ///   of a version this version reads.
    /// - Complexity: O(size of the file): an existing journal's header and last line are checked.
    public convenience init(
        path: String, durability: Durability = .everyAction, includesStates: Bool = false
    ) throws(JournalError) {
        try self.init(path: path, durability: durability, includesStates: includesStates, calls: .system)
    }

    /// Opens a journal file for appending through the given system calls (a test's, to make
    /// writes fail).
    package init(path: String, durability: Durability, includesStates: Bool, calls: FileCalls) throws(JournalError) {
        self.path = path
        self.includesStates = includesStates
        self.durability = durability
        self.calls = calls
        output = line.output
        descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else {
            throw JournalError(.fileAccess, "Cannot open the journal \(path): \(Self.systemError(errno)).")
        }
        do {
            try prepare()
        } catch {
            // The instance is whole, so its deinit runs: it must not close the number again (by
            // then another file may have it).
            close(descriptor)
            descriptor = -1
            throw error
        }
    }

    deinit {
        guard descriptor >= 0 else { return }
        flush()
        close(descriptor)
    }

    /// Checks an existing journal and cuts off a torn last line, or writes the header of a new one
    /// (in place of a torn one: the reader drops it too).
    private func prepare() throws(JournalError) {
        let contents = try JournalReader.contents(of: path)
        let header = Array(Self.header.utf8)
        if header.starts(with: contents), contents.count < header.count {
            if !contents.isEmpty {
                try cut(to: 0, "the torn header")
            }
            let (written, error) = header.withUnsafeBytes { write($0) }
            if let error {
                if written > 0 { _ = calls.truncate(descriptor, 0) }
                throw error
            }
            fileSize = written
            return
        }
        _ = try JournalReader.checkHeader(contents, path: path)
        let complete = (contents.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        if complete < contents.count {
            try cut(to: complete, "the torn last line")
        }
        fileSize = complete
        base = Self.lastSequence(in: contents[..<complete])
    }

    /// Cuts the file to `size` bytes.
    private func cut(to size: Int, _ what: String) throws(JournalError) {
        guard calls.truncate(descriptor, size) != 0 else { return }
        throw JournalError(.fileAccess, "Cannot cut \(what) off \(path): \(Self.systemError(errno)).")
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

    /// Writes what is buffered to the file.
    ///
    /// If the write fails, the lines stay buffered, and ``writeError`` says why.
    public func flush() {
        lock.withLock { writeBuffer() }
    }

    /// Why lines recorded are not all in the file: the first write that failed since the last one
    /// that succeeded (kind ``JournalError/Kind/fileAccess``, the system's reason in the message;
    /// for a ``Durability/synchronized`` writer, also an `fsync` that failed); nil when no write
    /// has failed since, though a ``Durability/buffered`` writer may still hold lines it writes
    /// later.
    ///
    /// The lines a failed write did not put in the file are kept in memory, in order, and written
    /// with the next line or by ``flush()``; when that succeeds, this is nil again. Recording goes
    /// on meanwhile. An app that must know an action is on disk (a game that shows a round only
    /// once it is saved) reads this after dispatching it:
    ///
    /// ```swift
    /// if let error = writer.writeError {
    ///     print("Not saved: \(error.message) Free some disk space.")
    /// }
    /// ```
    ///
    /// - Complexity: O(1); takes the writer's lock, so read it after a dispatch rather than in a
    ///   reducer or middleware.
    public var writeError: JournalError? {
        lock.withLock { failure }
    }

    /// Writes the buffer, holding the lock. A failed write is retried with the next one.
    func writeBuffer() {
        guard output.count > 0 else { return }
        let (written, error) = output.withBytes { write($0) }
        if let error {
            keepUnwritten(after: written, error)
            return
        }
        fileSize += written
        output.removeAll()
        failure = nil
        if durability == .synchronized, !flushToStorage(descriptor) {
            failure = JournalError(
                .fileAccess, "Cannot store the journal \(path) on its device: \(Self.systemError(errno)).")
        }
    }

    /// After a failed write that put `written` bytes of the buffer in the file: cuts them off again,
    /// so the file ends after its last whole line and the buffer is written whole next time; where
    /// the file cannot be cut, drops them from the buffer instead, so that the next write finishes
    /// the torn line rather than repeat its start in the middle of the file. Either way the file
    /// holds exactly what was recorded before the buffer. Holding the lock.
    @inline(never)
    private func keepUnwritten(after written: Int, _ error: JournalError) {
        if failure == nil {
            failure = error
        }
        guard written > 0, calls.truncate(descriptor, fileSize) != 0 else { return }
        output.removeFirst(written)
        fileSize += written
    }

    /// Writes bytes to the file, all of them (a `write` call may take fewer).
    ///
    /// - Returns: How many bytes were written, and the error if a call failed before all were.
    private func write(_ bytes: UnsafeRawBufferPointer) -> (written: Int, error: JournalError?) {
        var written = 0
        while written < bytes.count {
            let count = calls.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written...]))
            guard count > 0 else {
                let code = errno
                if count < 0, code == EINTR { continue }
                let reason = count < 0 ? Self.systemError(code) : "the system wrote nothing"
                return (written, JournalError(.fileAccess, "Cannot write to the journal \(path): \(reason)."))
            }
            written += count
        }
        return (written, nil)
    }

    /// The system's description of an `errno` value, and the value.
    private static func systemError(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
