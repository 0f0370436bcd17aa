import Foundation
package import ReduxTimeTravel

/// The system calls that write the file: the system's, or a test's that fail.
package struct PersistenceSeams: Sendable {
    /// How the journal writes.
    package var journalCalls: JournalWriter.FileCalls
    /// The last step of a snapshot's replacement, as `rename(2)`.
    package var replace: @Sendable (_ temporary: String, _ destination: String) -> Int32

    /// The system's calls.
    package static let system = PersistenceSeams(journalCalls: .system, replace: { rename($0, $1) })

    package init(
        journalCalls: JournalWriter.FileCalls,
        replace: @escaping @Sendable (_ temporary: String, _ destination: String) -> Int32
    ) {
        self.journalCalls = journalCalls
        self.replace = replace
    }
}
