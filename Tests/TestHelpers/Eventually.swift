import Dispatch

/// Polls `condition` until it holds or `seconds` pass, sleeping a millisecond between looks.
///
/// For what a test cannot await directly: an effect's change landing, a gate being reached. The
/// bound is long on purpose: under a sanitizer on two shared cores a new task can wait well over
/// half a minute for a thread, so a short bound turns a slow run into a failure. A sleep, not a
/// yield: spinning on the cooperative pool's few threads starves the very work being waited for.
///
/// Use the result: `try #require(await eventually { … })` before reading what the condition
/// promises (indexing into an array that may still be empty crashes the whole test process).
///
/// - Parameters:
///   - seconds: How long to wait at most.
///   - condition: What to wait for; read on the caller's task.
/// - Returns: Whether `condition` came to hold in time.
public func eventually(within seconds: Double = 120, _ condition: () -> Bool) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    while !condition() {
        guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
