import Foundation
import ReduxTesting
import Testing

/// A generated test still fails when the app no longer does what was recorded: the test of the
/// game's mid-session entries (`Generated/GameMutantsTests.swift`, as the generator writes it
/// but for its `@Test` attribute) is run on the game with one behaviour changed at a time.
/// Serialized: the change is the process's (`MutatedGame.mutation`).
@Suite(.serialized) struct MutatedGameTests {
    @Test("the generated test passes on the game as it was recorded")
    func passesUnchanged() async throws {
        MutatedGame.mutation = .none

        let failures = try await collectFailures { try await GameMutantsTests().recordedEntries() }

        #expect(failures.isEmpty, "\(failures)")
    }

    @Test(
        "the generated test fails when the game no longer does what was recorded",
        arguments: MutatedGame.Mutation.allCases.filter { $0 != .none })
    func failsChanged(_ mutation: MutatedGame.Mutation) async throws {
        MutatedGame.mutation = mutation
        defer { MutatedGame.mutation = .none }

        let failures = try await collectFailures { try await GameMutantsTests().recordedEntries() }

        #expect(
            failures.first?.message.contains("changed the state differently than the test describes") == true,
            "\(failures)")
    }
}
