import Foundation

/// `SOCK_STREAM` as `socket(_:_:_:)` takes it: an `Int32` on Darwin, an enum case on Glibc.
#if canImport(Darwin)
    let streamSocketType = SOCK_STREAM
#else
    let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif

/// `RUSAGE_SELF` as `getrusage(_:_:)` takes it: an `Int32` on Darwin, an enum case on Glibc.
#if canImport(Darwin)
    let selfResourceUsage = RUSAGE_SELF
#else
    let selfResourceUsage = __rusage_who_t(RUSAGE_SELF.rawValue)
#endif

/// Keeps the calling thread on one processor, where the system lets a program choose (Linux);
/// B5 times one thread on each processor in turn, because the processors of a shared machine can
/// run at different speeds.
///
/// - Returns: Whether the thread is now kept there; false where the system has no such call
///   (Darwin) or refused.
func keepCurrentThread(onProcessor processor: Int) -> Bool {
    #if os(Linux)
        var set = cpu_set_t()
        let bitsPerWord = MemoryLayout<UInt>.size * 8
        guard processor >= 0, processor < MemoryLayout<cpu_set_t>.size * 8 else { return false }
        withUnsafeMutableBytes(of: &set) { bytes in
            let words = bytes.bindMemory(to: UInt.self)
            words[processor / bitsPerWord] |= 1 << UInt(processor % bitsPerWord)
        }
        // Looked up at run time: Glibc's Swift module leaves out the GNU extensions.
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        guard let symbol = dlsym(nil, "sched_setaffinity") else { return false }
        return unsafeBitCast(symbol, to: SetAffinity.self)(0, MemoryLayout<cpu_set_t>.size, &set) == 0
    #else
        return false
    #endif
}
