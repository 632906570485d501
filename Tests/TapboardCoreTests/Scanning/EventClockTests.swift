import Testing
@testable import TapboardCore

@Suite("Event times on the keyboard's clock")
struct EventClockTests {
    private func ms(_ n: Int) -> Duration { .milliseconds(n) }

    @Test("The quickest delivery sets the offset; an event read late is placed when it happened")
    func lateEvent() {
        var clock = EventClock()
        // Server time 1000 arrives at 5003, then 2000 at 6001: the offset is 4001.
        #expect(clock.time(of: 1000, arrivedAt: ms(5003)) == ms(5003))
        #expect(clock.time(of: 2000, arrivedAt: ms(6001)) == ms(6001))
        // Read 700 ms late (the keyboard was busy): it happened at 6501, and
        // 1.2 s on, the offset may have drifted by a millisecond.
        #expect(clock.time(of: 2500, arrivedAt: ms(7201)) == ms(6502))
    }

    @Test("Never after its arrival, never more than two seconds before it")
    func bounds() {
        var clock = EventClock()
        _ = clock.time(of: 1000, arrivedAt: ms(5000))
        #expect(clock.time(of: 9000, arrivedAt: ms(10_000)) == ms(10_000), "a stamp ahead of the offset")
        #expect(clock.time(of: 2000, arrivedAt: ms(10_000)) == ms(8000), "one five seconds old")
    }

    @Test("Clocks drifting apart are followed, by up to a millisecond a second; a wrap starts again")
    func driftAndWrap() {
        var clock = EventClock()
        _ = clock.time(of: 0, arrivedAt: ms(1000))
        // Ten seconds on, the gap is 5 ms more: up to 10 ms of drift is allowed, so the offset follows.
        #expect(clock.time(of: 10_000, arrivedAt: ms(11_005)) == ms(11_005))
        #expect(clock.time(of: 11_000, arrivedAt: ms(12_305)) == ms(12_006), "a late one after the drift (and a second's more allowed)")
        // The server's clock wrapped: the offset starts again.
        var wrapping = EventClock()
        _ = wrapping.time(of: UInt(UInt32.max) - 100, arrivedAt: ms(50_000))
        #expect(wrapping.time(of: 400, arrivedAt: ms(50_501)) == ms(50_501))
    }
}
