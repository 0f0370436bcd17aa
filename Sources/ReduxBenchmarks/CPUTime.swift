import Foundation

/// The processor time a piece of work took on all the process's threads, from `getrusage`: the
/// work done, where a clock's time also shows how it was spread over the cores.
enum CPUTime {
    /// User and system time the process spent while `work` ran.
    ///
    /// - Returns: Nanoseconds, summed over the threads that ran meanwhile.
    static func measure(_ work: () -> Void) -> Double {
        let before = used()
        work()
        return used() - before
    }

    /// The process's user and system time so far, in nanoseconds.
    private static func used() -> Double {
        var usage = rusage()
        getrusage(selfResourceUsage, &usage)
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        let microseconds = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return seconds * 1e9 + microseconds * 1e3
    }
}
