/// How `rps` exits.
///
/// - `0`: the command did what was asked.
/// - `1`: it could not: the state file is unreadable, corrupt, newer, read-only or not a file,
///   a reset was not confirmed, there was nothing to undo, or the match to replay does not
///   exist. Nothing was changed. Or a round could not be appended to the state file's journal (a
///   full disk): the game stopped there, and the message says whether that round was kept.
/// - `2`: the command line was wrong (unknown command, option, weapon or setting value): nothing
///   was read or changed. Or a piped move was not a weapon: the game stopped there, keeping the
///   rounds piped before it.
///
/// The executable exits with 130 instead when Ctrl-C ended the input.
public enum ExitCode: Int32, Sendable {
    /// The command succeeded.
    case success = 0
    /// The command failed at run time; nothing was changed.
    case failure = 1
    /// The command line, or a piped move, was not understood; see the type's discussion.
    case usage = 2
}
