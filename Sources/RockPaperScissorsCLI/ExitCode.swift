/// How `rps` exits.
///
/// - `0`: the command did what was asked.
/// - `1`: it could not: the state file is unreadable, corrupt, newer or unwritable, or a reset
///   was not confirmed. Nothing was changed.
/// - `2`: the command line was wrong (unknown command, option, weapon or setting value). Nothing
///   was read or changed.
public enum ExitCode: Int32, Sendable {
    /// The command succeeded.
    case success = 0
    /// The command failed at run time; nothing was changed.
    case failure = 1
    /// The command line was not understood; nothing was changed.
    case usage = 2
}
