extension ScoreHistory: Codable {
    private enum CodingKeys: String, CodingKey {
        case rounds
    }

    /// Rebuilds a history by recording the stored rounds again, matches and totals with them, in
    /// O(*n*). Each stored round must be the one recording would produce; `DecodingError`
    /// names the first that is not.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(replaying: container.decode([RecordedRound].self, forKey: .rounds), in: container)
    }

    /// Rebuilds a history saved in state-file format version 1, whose rounds did not record who
    /// played them: each is taken to have been played by `lineup`.
    init(version1From decoder: any Decoder, lineup: Lineup) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stored = try container.decode([RecordedRound.Version1].self, forKey: .rounds)
        try self.init(replaying: stored.map { $0.recorded(by: lineup) }, in: container)
    }

    private init(replaying stored: [RecordedRound], in container: KeyedDecodingContainer<CodingKeys>) throws {
        self.init()
        for round in stored {
            guard Settings.allowedBestOf.contains(round.bestOf), round.bestOf % 2 == 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .rounds, in: container,
                    debugDescription: "round \(round.number) has an invalid match length, best of \(round.bestOf)")
            }
            let replayed = record(
                player1: round.player1, player2: round.player2, bestOf: round.bestOf, lineup: round.lineup)
            guard replayed == round else {
                throw DecodingError.dataCorruptedError(
                    forKey: .rounds, in: container,
                    debugDescription: "round \(rounds.count) is inconsistent: expected round \(replayed.number) "
                        + "of match \(replayed.match) (best of \(replayed.bestOf)) with result "
                        + "\(replayed.result.rawValue)")
            }
        }
    }

    /// Writes the rounds only, each with its lineup; decoding derives the rest.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rounds, forKey: .rounds)
    }
}
