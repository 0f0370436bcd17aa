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
    private let durability: Durability
    private let calls: FileCalls
    private let lock = Lock()
    // Guarded by `lock` (unchecked exclusivity: the lock already makes each access exclusive).
    @exclusivity(unchecked) private var descriptor: Int32
    /// The size of the file: it holds every byte recorded before `output`'s.
    @exclusivity(unchecked) private var fileSize = 0
    /// The first failed write since the last one that succeeded.
    @exclusivity(unchecked) private var failure: JournalError?
    /// Writes the lines; owns `output`.
    private let line = JSONLineEncoder()
    /// The lines not written yet.
    private let output: JSONLineOutput
    @exclusivity(unchecked) private var actionTypes: [ActionType] = []
    /// The name a feature declared for an action type (`Feature.Action`), if any; else the
    /// type's `String(reflecting:)` is written.
    @exclusivity(unchecked) private var declaredName: (Any.Type) -> String? = { _ in nil }
    @exclusivity(unchecked) private var actionTypeIndex = TypeNumbers()
    /// The sequence number of the last line already in the file when it was opened: a recorder's
    /// first action is numbered one more.
    @exclusivity(unchecked) private var base = 0

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

    /// Appends an applied action's line: the common case, which involves no `Root`-typed value
    /// (this code is not specialised, so a `JournalEntry<Root>` would cost run-time metadata
    /// look-ups per action).
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - sequence: Its position in the recorder's journal, from 1: one more than the last
    ///     one, or less after a move back.
    ///   - cause: For a follow-up action an effect sent, the position of the action whose reducer
    ///     started the effect; written only then.
    ///   - state: The state after the action, written if ``includesStates``; nil when there is
    ///     none to hand (writing out a whole journal, ``Journal/write(to:naming:)``).
    ///   - trace: Where the action was sent and when it was applied.
    /// - Returns: Whether the line carries the action's payload.
    func append<Root>(
        action: any Action, sequence: Int, cause: Int? = nil, after state: UnsafePointer<Root>?,
        trace: LineTrace = LineTrace()
    ) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        beginLine(sequence, cause: cause)
        let encoded = writeActionOrMark(action)
        if includesStates, let state {
            writeState(state.pointee)
        }
        endLine(trace)
        return encoded
    }

    /// Appends the line of an entry read as not replayable: its type name, marked so.
    func append(notReplayable typeName: String, sequence: Int, cause: Int?, trace: LineTrace) {
        lock.withLock {
            beginLine(sequence, cause: cause)
            output.writeString(typeName)
            output.writeLiteral(",\"replayable\":false")
            endLine(trace)
        }
    }

    /// Writes an action's type name and payload, or marks the line as not replayable when the
    /// payload cannot be written. Called holding the lock.
    ///
    /// - Returns: Whether the payload was written.
    private func writeActionOrMark(_ action: any Action) -> Bool {
        let encoded = writeAction(action)
        if !encoded {
            output.writeLiteral(",\"replayable\":false")
        }
        return encoded
    }

    /// Appends an async reducer's result: the reducer's name and the state it led to, which replay
    /// sets (an async result's change is a closure, not a value).
    ///
    /// - Parameters:
    ///   - reducer: The async reducer's type name.
    ///   - sequence: The result's position in the recorder's journal, from 1.
    ///   - cause: The position of the action whose reducer started the effect, if it is known.
    ///   - state: The state after the result.
    ///   - trace: Where the effect handed the result back and when it was applied.
    /// - Returns: Whether the line carries the state (it is written only if the state is
    ///   `Encodable`), which replay needs.
    func append<Root: State>(
        resultOf reducer: String, sequence: Int, cause: Int? = nil, after state: UnsafePointer<Root>,
        trace: LineTrace = LineTrace()
    ) -> Bool {
        lock.withLock {
            beginLine(sequence, cause: cause)
            output.writeText("\"\(JournalEntry<Root>.asyncResultName)\",\"reducer\":")
            output.writeString(reducer)
            var encoded = false
            if let state = state.pointee as? any Encodable {
                let mark = output.count
                output.writeLiteral(",\"state\":")
                encoded = (try? output.encode(state)) != nil
                if !encoded { output.truncate(to: mark) }
            }
            if !encoded {
                output.writeLiteral(",\"replayable\":false")
            }
            endLine(trace)
            return encoded
        }
    }

    /// Starts a line, up to the value of its `type` key. Called holding the lock.
    ///
    /// A line of what an effect handed back carries its cause after the sequence number
    /// (`{"seq":3,"cause":1,"type":…`); any other line has no `cause` key.
    private func beginLine(_ sequence: Int, cause: Int? = nil) {
        output.writeLiteral("{\"seq\":")
        output.writeInteger(Int64(base + sequence))
        if let cause {
            output.writeLiteral(",\"cause\":")
            output.writeInteger(Int64(base + cause))
        }
        output.writeLiteral(",\"type\":")
    }

    /// Sets where the names features declared for their action types come from: a recorder's
    /// store. Called before the first line is written.
    func nameActions(by name: @escaping (Any.Type) -> String?) {
        lock.withLock { declaredName = name }
    }

    /// Writes an action's type name and payload. Called holding the lock.
    ///
    /// - Returns: Whether the payload was written.
    private func writeAction(_ action: any Action) -> Bool {
        let type = actionTypes[actionTypeNumber(of: action)]
        type.name.withUnsafeBufferPointer { output.append($0) }
        guard let encode = type.encode else { return false }
        let mark = output.count
        output.writeLiteral(",\"payload\":")
        guard (try? encode(action, output)) != nil else {
            output.truncate(to: mark)
            return false
        }
        return true
    }

    /// Writes the state after an action, if it is `Encodable`. Called holding the lock.
    @inline(never)
    private func writeState<Root>(_ state: Root) {
        guard let state = state as? any Encodable else { return }
        let mark = output.count
        output.writeLiteral(",\"after\":")
        if (try? output.encode(state)) == nil { output.truncate(to: mark) }
    }

    /// Ends a line with its site and time, if known, and writes the buffer to the file when the
    /// durability asks for it. Called holding the lock.
    private func endLine(_ trace: LineTrace) {
        if let site = trace.site {
            output.writeLiteral(",\"site\":")
            output.writeSite(fileID: site.fileID, line: site.line)
        } else if let site = trace.siteText {
            output.writeLiteral(",\"site\":")
            output.writeString(site)
        }
        if let time = trace.time {
            output.writeLiteral(",\"time\":")
            output.writeMilliseconds(time)
        }
        output.writeLiteral("}\n")
        if durability != .buffered || output.count >= 1 << 16 {
            writeBuffer()
        }
    }

    /// The number of an action's type in `actionTypes`, whose name and encoding are worked out
    /// once per type (`String(reflecting:)` demangles the name, and the cast to `any Encodable`
    /// looks the conformance up, each costing more than writing the line).
    private func actionTypeNumber(of action: any Action) -> Int {
        actionTypeIndex.value(for: type(of: action)) { type in
            let encoder = JSONLineEncoder()
            encoder.encodeString(declaredName(type) ?? journalName(of: type))
            let encode = (action as? any Encodable).map { Self.encoding(of: $0) }
            actionTypes.append(ActionType(name: encoder.bytes, encode: encode))
            return actionTypes.count - 1
        }
    }

    /// Encodes an action known to be of `Payload`'s type.
    private static func encoding<Payload: Encodable>(
        of _: Payload
    ) -> (any Action, JSONLineOutput) throws -> Void {
        { action, output in try output.encode(payload(action, as: Payload.self)) }
    }

    /// An action known (by a metatype comparison) to be of type `Payload`, as a `Payload`, without
    /// the runtime's dynamic cast (`as!`).
    private static func payload<Opened: Action, Payload>(_ action: Opened, as _: Payload.Type) -> Payload {
        guard Opened.self == Payload.self else { return action as! Payload }
        return unsafeBitCast(action, to: Payload.self)
    }

    /// What the writer keeps per action type.
    private struct ActionType {
        let name: [UInt8]
        let encode: ((any Action, JSONLineOutput) throws -> Void)?
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
    private func writeBuffer() {
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

/// Where a journal line's action was sent and when it was applied: the keys a line ends with.
struct LineTrace {
    /// The call site, as the store captured it (a recorder's line).
    var site: CallSite?
    /// The call site as text, `Module/File.swift:42` (a journal written out again); used when
    /// `site` is nil.
    var siteText: String?
    /// Milliseconds since 1970 (see ``JournalWriter``).
    var time: Double?
}
