import ReduxShared
import Testing

@testable import ReduxTimeTravel

@Suite struct LineBufferTests {
    @Test("bytes and runs appended past the capacity, many times over, are all kept in order")
    func growsKeepingBytes() {
        var buffer = LineBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let run = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            run.withUnsafeBufferPointer { buffer.append($0) }
            buffer.append(UInt8(truncatingIfNeeded: round))
            expected += run + [UInt8(truncatingIfNeeded: round)]
        }
        let (array, count) = (buffer.array, buffer.count)
        #expect(array == expected)
        #expect(count == expected.count)
        let viewed = buffer.withBytes { Array($0) }
        #expect(viewed == expected)
    }

    @Test(
        "digits of whole numbers at their limits", arguments: [0, 1, 9, 10, 99, 100, 12_345, UInt64(Int64.max), .max])
    func digits(value: UInt64) {
        var buffer = LineBuffer(capacity: 16)
        buffer.append(UInt8(ascii: "x"))
        buffer.appendDigits(value)
        let text = String(decoding: buffer.array, as: UTF8.self)
        #expect(text == "x\(value)")
    }

    @Test("truncating and removing keep the allocation usable")
    func truncates() {
        var buffer = LineBuffer(capacity: 16)
        Array("hello, world".utf8).withUnsafeBufferPointer { buffer.append($0) }
        buffer.truncate(to: 5)
        let kept = String(decoding: buffer.array, as: UTF8.self)
        #expect(kept == "hello")
        buffer.removeAll()
        let isEmpty = buffer.isEmpty
        #expect(isEmpty)
        buffer.appendDigits(42)
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        let digits = buffer.array
        #expect(digits == Array("42".utf8))
    }

    @Test("dropping the bytes a file took keeps the rest, in order, and appends after them")
    func removesFirst() {
        var buffer = LineBuffer(capacity: 16)
        Array("{\"seq\":1}\n{\"seq\":2}\n".utf8).withUnsafeBufferPointer { buffer.append($0) }
        buffer.removeFirst(4)
        buffer.append(UInt8(ascii: "!"))
        let rest = String(decoding: buffer.array, as: UTF8.self)
        #expect(rest == "q\":1}\n{\"seq\":2}\n!")
        buffer.removeFirst(buffer.count)
        let isEmpty = buffer.isEmpty
        #expect(isEmpty)
    }
}

@Suite struct JSONLineOutputSiteTests {
    @Test("call sites from files in turn are each written as their own file and line, escaped once")
    func sitesInTurn() throws {
        let output = JSONLineOutput()
        let sites = try [
            #require(CallSite(fileID: "App/Model.swift", line: 12)),
            #require(CallSite(fileID: "App/Quote\"d.swift", line: 7)),
            #require(CallSite(fileID: "App/Model.swift", line: 40)),
            #require(CallSite(fileID: "App/Model.swift", line: 41)),
            #require(CallSite(fileID: "App/Quote\"d.swift", line: 8)),
        ]
        for site in sites {
            output.writeSite(fileID: site.fileID, line: site.line)
            output.append(UInt8(ascii: ","))
        }
        #expect(
            String(decoding: output.bytes, as: UTF8.self)
                == #""App/Model.swift:12","App/Quote\"d.swift:7","App/Model.swift:40","App/Model.swift:41","#
                + #""App/Quote\"d.swift:8","#)
    }
}
