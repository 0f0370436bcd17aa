import Testing

@testable import ReduxInspector

/// The test job's state machine, without threads: one job at a time, a cancel drops its test.
@Suite struct SwiftTestJobMachineTests {
    @Test("a job runs, then holds its test; another may start once it is done")
    func runsAndFinishes() throws {
        var machine = SwiftTestJobMachine()
        let jobNumber = machine.start(from: 3, through: 8, name: "RoundTests")
        let job = try #require(jobNumber)

        #expect(machine.status == SwiftTestJobStatus(state: .running, from: 3, through: 8, name: "RoundTests"))
        #expect(machine.start(from: 0, through: 1, name: "Other") == nil, "one at a time")
        machine.finish(job, with: .success("@Suite struct RoundTests {}"))
        #expect(machine.status.state == .done)
        #expect(machine.status.source == "@Suite struct RoundTests {}")
        #expect(machine.start(from: 0, through: 1, name: "Other") != nil)
    }

    @Test("a range that cannot be a test ends the job failed, with the reason and its status")
    func fails() throws {
        var machine = SwiftTestJobMachine()
        let jobNumber = machine.start(from: 3, through: 4, name: "RecordedSessionTests")
        let job = try #require(jobNumber)

        machine.finish(job, with: .failure(InspectorError(.testExport, "start the range at #2")))

        #expect(machine.status.state == .failed)
        #expect(machine.status.error == "start the range at #2")
        #expect(machine.status.status == 422)
        #expect(machine.status.source == nil)
    }

    @Test("a cancelled job stays busy until its writing returns, then drops its test")
    func cancel() throws {
        var machine = SwiftTestJobMachine()
        let jobNumber = machine.start(from: 0, through: 10, name: "RecordedSessionTests")
        let job = try #require(jobNumber)

        machine.cancel()
        #expect(machine.status.state == .cancelling)
        #expect(machine.start(from: 0, through: 1, name: "Other") == nil, "still one at a time")
        machine.finish(job, with: .success("source"))
        #expect(machine.status.state == .cancelled)
        #expect(machine.status.source == nil)
        machine.cancel()
        #expect(machine.status.state == .cancelled, "nothing under way: nothing changes")
    }

    @Test("an old job's end changes nothing, and forgetting leaves a busy job as it is")
    func staleAndForget() throws {
        var machine = SwiftTestJobMachine()
        let firstNumber = machine.start(from: 0, through: 1, name: "A")
        let first = try #require(firstNumber)
        machine.finish(first, with: .success("a"))
        let secondNumber = machine.start(from: 2, through: 3, name: "B")
        let second = try #require(secondNumber)

        machine.finish(first, with: .success("a again"))
        #expect(machine.status.state == .running)
        machine.forget()
        #expect(machine.status.state == .running)
        machine.finish(second, with: .success("b"))
        machine.forget()
        #expect(machine.status == .none)
    }
}
