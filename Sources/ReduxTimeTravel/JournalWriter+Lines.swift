import Foundation
import ReduxCore
internal import ReduxReducers
internal import ReduxShared
import ReduxStore

extension JournalWriter {
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
        // An action known to be of type `Payload`: no run-time cast (ReduxShared's `exactCast`).
        { action, output in try output.encode(exactCast(action, to: Payload.self)) }
    }

    /// What the writer keeps per action type.
    struct ActionType {
        let name: [UInt8]
        let encode: ((any Action, JSONLineOutput) throws -> Void)?
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
