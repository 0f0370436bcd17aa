import Dispatch

/// When writing a test must stop: its deadline has passed, or its job was cancelled. Checked
/// between entries and inside every walk of a state (the set-up's included), so that either takes
/// effect within a small part of a second at every step, however large the state.
struct WorkLimit {
    /// No limit: a test written at the caller's request, which waits for it.
    static var none: WorkLimit { WorkLimit(seconds: nil, isStopped: { false }) }

    /// The limit in seconds; nil for none.
    let seconds: Double?
    /// Whether the job was cancelled.
    let isStopped: () -> Bool
    private let deadline: UInt64?

    /// A limit from now.
    ///
    /// - Parameters:
    ///   - seconds: How long the work may take; nil for no deadline.
    ///   - isStopped: Says whether the job was cancelled; called at each check.
    init(seconds: Double?, isStopped: @escaping () -> Bool) {
        self.seconds = seconds
        self.isStopped = isStopped
        deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
    }

    /// Throws when the work must stop.
    ///
    /// - Parameter place: Where the work is, for the message ("at #12", "while setting the store up").
    /// - Throws: ``InspectorError`` of kind `.testExport` saying the test was cancelled, or took too long.
    func check(_ place: @autoclosure () -> String) throws(InspectorError) {
        if isStopped() {
            throw InspectorError(.testExport, "The test was cancelled \(place()).")
        }
        if let deadline, DispatchTime.now().uptimeNanoseconds > deadline {
            throw InspectorError(
                .testExport,
                "Writing the test took longer than \(Int(seconds ?? 0)) seconds (it stopped \(place())): export a "
                    + "shorter range.")
        }
    }
}
