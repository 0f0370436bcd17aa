import Foundation

/// Peak resident memory of a piece of work, from Linux's `/proc/self/status`.
enum PeakMemory {
    /// How far the process's peak resident set rose above its size before `work` started.
    ///
    /// First hands memory that earlier work freed back to the kernel (`malloc_trim`), so that `work`
    /// cannot reuse it unseen, and resets the kernel's high-water mark (writing "5" to
    /// `/proc/self/clear_refs`), so the figure belongs to `work` alone.
    ///
    /// - Returns: Bytes, or nil where `/proc` cannot tell (not Linux, or no permission).
    static func measure(_ work: () -> Void) -> Int? {
        #if os(Linux)
            trimMalloc()
            guard resetHighWaterMark(), let before = statusField("VmRSS:") else { return nil }
            work()
            guard let peak = statusField("VmHWM:") else { return nil }
            // The kernel updates the high-water mark lazily: a run that added nothing can read a
            // mark a few pages below the resident size read before it. Nothing added is 0.
            return max(0, peak - before) * 1024
        #else
            return nil
        #endif
    }

    #if os(Linux)
        /// Calls glibc's `malloc_trim(0)`, looked up at run time since no Swift module exports `malloc.h`.
        private static func trimMalloc() {
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }

        private static func resetHighWaterMark() -> Bool {
            guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
            defer { fclose(file) }
            return fputs("5", file) >= 0
        }

        /// A field of `/proc/self/status` in kilobytes, e.g. `VmHWM:   13500 kB`.
        private static func statusField(_ name: String) -> Int? {
            guard let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var buffer = [CChar](repeating: 0, count: 256)
            while fgets(&buffer, Int32(buffer.count), file) != nil {
                let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard line.hasPrefix(name) else { continue }
                return Int(line.dropFirst(name.count).filter(\.isNumber))
            }
            return nil
        }
    #endif
}
