import MultiRedux
import Testing

@Suite struct StoreSuscriptorTests {
    @Test("the default identifier names the subscriber's type and the instance's address")
    func defaultIdentifier() {
        let subscriber = RecordingSubscriber<Int>()
        let address = UInt(bitPattern: Unmanaged.passUnretained(subscriber).toOpaque())

        #expect(subscriber.identifier == "RecordingSubscriber<Int>@\(String(address, radix: 16))")
        #expect(subscriber.identifier != RecordingSubscriber<Int>().identifier)
    }
}
