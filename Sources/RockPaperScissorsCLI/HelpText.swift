/// The `--help` screens.
enum HelpText {
    /// The help for a command, or the overview for `nil`, ending in a line break.
    static func text(for command: CommandName?) -> String {
        let body =
            switch command {
            case nil, .help: overview
            case .play: play
            case .history: history
            case .stats: stats
            case .replay: replay
            case .undo: undo
            case .settings: settings
            case .reset: reset
            case .inspect: inspect
            case .version: version
            }
        return body + "\n\n" + common + "\n"
    }

    private static let common = """
        Options for every command:
          --state-file PATH   Keep the score history and settings in PATH. Default: $RPS_STATE_FILE,
                              else $XDG_DATA_HOME/rps/state.json, else ~/.local/share/rps/state.json
                              (on macOS ~/Library/Application Support/rps/state.json).
          -h, --help          Show help for the command.
          --version           Show the version of rps.
          --                  End the options: every argument after it is a plain argument, even one
                              that starts with - (rps settings set -- player1 --Bo--).

        Exit status: 0 done; 1 the state file could not be used, a reset was not confirmed, there was
        nothing to undo, no such match to replay or no game to inspect; 2 the command line was wrong, or a piped move was
        not a weapon; 130 Ctrl-C ended the input.
        On 1 and 2 nothing was changed, except that a bad piped move keeps the rounds piped before it.
        """

    private static let overview = """
        rps - rock, paper, scissors against the computer or a friend, built on MultiRedux.

        Usage: rps [<command>] [<options>]

        Commands:
          play       Play rounds (the default): interactively, from --moves, or from a pipe.
          history    Show every round as a table, with charts of wins, draws and weapon use.
          stats      Show wins, draws, streaks, favourite weapons and matches.
          replay     Show a match again, round by round (the last one, or --match N).
          undo       Take back the last round of the unfinished match.
          settings   Show the settings, one of them (rps settings get <key>), or change one
                     (rps settings set <key> <value>).
          reset      Erase the score history (and the settings with --all).
          inspect    Open the last game in a browser: every action, the state after it, what if.
          help       Show help for a command: rps help <command>.
          version    Show the version of rps.
        """

    private static let play = """
        Usage: rps play [--opponent human|computer] [--strategy <name>] [--moves <list>] [--seed <n>]

        Plays rounds. Player 1 chooses, then player 2, then the round is scored. A match is best of N
        rounds (see 'rps settings'): the first player to win most of them takes it; draws do not count.
        A match keeps its players: an unfinished match continues the next time the same players play
        (same names, same opponent, same computer strategy). Playing with others leaves it unfinished
        for good and starts a new match.

        In a terminal, the game asks for each weapon: type rock, paper or scissors (or r, p, s), or q
        to quit; Ctrl-C quits too. Against a person (pass-and-play) the typed weapons are not shown.
        When standard input is a pipe, each line is played as it arrives: one move per line, blank
        lines and lines starting with # skipped, q on a line of its own to stop. A line that is no
        weapon stops the game with exit status 2; the rounds before it are kept.

        Options:
          --opponent human|computer   Who plays as player 2 this time (default: the setting).
          --strategy <name>           How the computer plays this time: random, counter (beats your
                                      most frequent weapon) or beat-last (beats your previous weapon).
          --moves <list>              Moves to play without asking, separated by commas: rock,paper,s.
                                      Against the computer they are player 1's; against a person they
                                      alternate: player 1, player 2, player 1, ...
          --seed <n>                  Seed for the computer: the same seed and history give the same game.

        Examples:
          rps play --moves rock,paper,scissors --seed 7
          rps play --opponent human --moves rock,scissors
          printf 'rock\\npaper\\n' | rps play --seed 1
        """

    private static let history = """
        Usage: rps history [--last <n>]

        Shows every finished round (number, match, who played, both weapons, result), then bar charts
        of the wins, the draws and the weapons each player chose. Rounds are named after the players
        who played them, not after today's settings.

        Options:
          --last <n>   Show only the last n rounds in the table; the charts still count every round.
        """

    private static let stats = """
        Usage: rps stats

        Shows rounds played, wins and draws with percentages, the current and longest winning streaks,
        each player's favourite weapon and the matches won and abandoned. A seat is named after the
        player who always sat there, or "Player 1" / "Player 2" when several did.
        """

    private static let replay = """
        Usage: rps replay [--match <n>]

        Shows a match again, round by round, in the words the game printed when it was played:
        each round with who chose what and the match's score after it, then how the match ended
        or that it is unfinished. Without --match, shows the last match.

        Options:
          --match <n>   Show match n (see 'rps history' for the numbers).
        """

    private static let undo = """
        Usage: rps undo

        Takes back the last round of the unfinished match, as if it had not been played; run it
        again to take back the round before. A decided match is over: with no unfinished match
        there is nothing to undo, and rps says so and exits with status 1. The round is taken back
        by a new entry in the state file's journal; nothing already saved is rewritten.
        """

    private static let settings = """
        Usage: rps settings
               rps settings get <key>
               rps settings set <key> <value>

        Shows the settings, prints the value of one, or changes one. Keys:
          player1    Player 1's name (1 to 24 characters).
          player2    Player 2's name, when player 2 is a person.
          opponent   human (pass-and-play) or computer.
          strategy   How the computer plays: random, counter or beat-last.
          best-of    Match length, an odd number from 1 to 99; applies from the next match.

        A match keeps its players: after a change to who plays (a name, the opponent or the strategy),
        the next game starts a new match and an open match stays unfinished.

        The value may start with - (it is then checked like any other); for one that starts with --,
        put -- before the key: rps settings set -- player2 --Bo--.

        Examples:
          rps settings set best-of 5
          rps settings get best-of
        """

    private static let version = """
        Usage: rps version
               rps --version

        Shows the version of rps and the versions of the state file's parts it writes.
        """

    private static let inspect = """
        Usage: rps inspect [--port <n> | --html <file>]

        Shows the last game 'rps play' played in a browser, served on 127.0.0.1 until q or Ctrl-C:
        every action and the state after it; skip one and every later state is worked out again;
        export rounds as a Swift test.

        Options:
          --port <n>      Serve on port n (default: a free port, printed).
          --html <file>   Write the page as one file that opens offline, and exit.
        """

    private static let reset = """
        Usage: rps reset [--yes] [--all]

        Erases the score history after asking for confirmation.

        Options:
          -y, --yes   Do not ask.
          --all       Restore the default settings too.
        """
}
