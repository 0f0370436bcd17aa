import Foundation

extension JournalWriter {
    /// The system calls a writer puts bytes in its file with: the system's own, or a test's that
    /// fail on cue (a write cut short by a full disk, say), given to one writer only, so the tests
    /// running beside it are unaffected.
    package struct FileCalls: Sendable {
        /// `write(2)`: how many of the bytes were written, or -1 with `errno` set.
        package var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
        /// `ftruncate(2)`: 0 when the file now has that size, or -1 with `errno` set.
        package var truncate: @Sendable (_ descriptor: Int32, _ size: Int) -> Int32

        /// Calls with the given behaviour.
        package init(
            write: @escaping @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int,
            truncate: @escaping @Sendable (_ descriptor: Int32, _ size: Int) -> Int32
        ) {
            self.write = write
            self.truncate = truncate
        }

        /// The system's calls.
        package static let system = FileCalls(
            write: { descriptor, bytes in Foundation.write(descriptor, bytes.baseAddress, bytes.count) },
            truncate: { descriptor, size in ftruncate(descriptor, off_t(size)) })
    }
}
