import Foundation
public import ReduxCore
public import ReduxStore
public import ReduxTimeTravel

/// A session kept for the inspector: the state it started from and its journal, as the bytes of
/// one journal file whose header also carries that state.
///
/// ```swift
/// // When the session ends (ReduxPersistence's `recentSession` has both halves):
/// let bytes = try SessionRecording(start: start, journal: journal).fileBytes(naming: store)
/// // Later, in the inspector:
/// let recording = try SessionRecording<AppState>(reading: bytes, from: path, actions: RecordableActions(store))
/// let inspector = Inspector(recording: recording) { Store(initialState: $0, features: features) }
/// ```
///
/// The file is a journal file (`Journal(contentsOf:actions:)` and the page's import read it),
/// whose header line is `{"journal":"MultiRedux","version":1,"start":{…}}`. The bytes are the
/// app's to keep where it keeps its state, with the same care (permissions, atomic replacement).
public struct SessionRecording<Root: State & Codable>: Sendable {
    /// The state the session started from.
    public var start: Root
    /// The actions applied since, with their causes.
    public var journal: Journal<Root>

    /// A recording.
    ///
    /// - Parameters:
    ///   - start: The state the session started from.
    ///   - journal: The actions applied since.
    public init(start: Root, journal: Journal<Root>) {
        self.start = start
        self.journal = journal
    }

    /// Reads a recording from the bytes of its file.
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - path: What the messages call the file.
    ///   - actions: The action types the journal may name (`RecordableActions(store)`).
    /// - Throws: ``InspectorError`` of kind `.journal` when the bytes are not a recording this app
    ///   can read; the message names the file and says what is wrong.
    /// - Complexity: O(size of the file).
    public init(reading contents: [UInt8], from path: String, actions: RecordableActions) throws(InspectorError) {
        try self.init(start: Self.start(in: contents, from: path), reading: contents, from: path, actions: actions)
    }

    /// Reads the journal of a recording whose start state is already read from its header.
    init(start: Root, reading contents: [UInt8], from path: String, actions: RecordableActions) throws(InspectorError) {
        do {
            journal = try Journal(reading: contents, from: path, actions: actions)
        } catch {
            throw InspectorError(.journal, error.message)
        }
        self.start = start
    }

    /// The recording as the bytes of its file.
    ///
    /// - Parameter store: A store of the app's features, which name the action types.
    /// - Throws: ``InspectorError`` of kind `.journal` when the state cannot be encoded or the
    ///   journal written.
    /// - Complexity: O(*n*) entries, plus the encoding of the start state.
    public func fileBytes(naming store: Store<Root>) throws(InspectorError) -> [UInt8] {
        try Inspector<Root>.fileBytes(of: journal, startingFrom: start) { store.recordingSeam.recordedName(of: $0) }
    }

    /// The state a recording's file says the session started from.
    static func start(in contents: [UInt8], from path: String) throws(InspectorError) -> Root {
        guard let start = try? Inspector<Root>.start(in: contents, from: path) else {
            throw InspectorError(
                .journal,
                "\(path) is not a recorded session (its first line does not hold the state the session started "
                    + "from). Record the session again.")
        }
        return start
    }
}

extension Inspector where Root: Codable {
    /// Opens a recorded session, from the state it started from.
    ///
    /// - Parameters:
    ///   - recording: The recording.
    ///   - checkpointInterval: How many entries apart the inspector keeps a state.
    ///   - makeStore: Makes a store of the app's own features starting from a state.
    /// - Complexity: O(*n*) entries.
    public convenience init(
        recording: SessionRecording<Root>, checkpointInterval: Int = 256,
        makeStore: @escaping @Sendable (Root) -> Store<Root>
    ) {
        self.init(
            journal: recording.journal, initialState: recording.start, checkpointInterval: checkpointInterval,
            makeStore: makeStore)
    }
}
