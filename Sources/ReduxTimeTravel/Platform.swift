import Foundation

// What differs between Darwin and Linux for recording, in one place.

/// Flushes what was written to a file down to its storage: `fcntl(F_FULLFSYNC)` on Darwin, where
/// `fsync` only hands the data to the drive, which may keep it in its cache across a power loss;
/// `fsync` elsewhere, and on a Darwin file system that refuses `F_FULLFSYNC` (SQLite's rule).
///
/// - Parameter descriptor: An open file.
/// - Returns: Whether the data reached storage; `errno` says why not.
package func flushToStorage(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) != -1 {
            return true
        }
    #endif
    return fsync(descriptor) == 0
}

/// Nanoseconds on a monotonic clock that keeps counting while the device sleeps:
/// `CLOCK_MONOTONIC` on Darwin (`mach_continuous_time`), `CLOCK_BOOTTIME` on Linux.
/// `DispatchTime` and `ProcessInfo.systemUptime` stop while an iPhone sleeps, so times derived
/// from them fall behind the wall clock by every sleep.
func continuousNanoseconds() -> UInt64 {
    var now = timespec()
    #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC, &now)
    #else
        clock_gettime(CLOCK_BOOTTIME, &now)
    #endif
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
