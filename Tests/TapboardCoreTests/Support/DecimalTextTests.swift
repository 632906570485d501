import Testing
@testable import TapboardCore

/// `decimalText` writes what `String(n)` writes, for every kind of integer it may meet.
struct DecimalTextTests {
    @Test("the same digits as String(n)", arguments: [
        0, 1, 9, 10, 11, 99, 100, 101, 1_000, 65_535, 2_147_483_647, -1, -9, -10, -123_456,
        Int.max, Int.min, Int.max - 1, Int.min + 1,
    ])
    func sameAsStringInit(_ n: Int) {
        #expect(decimalText(n) == String(n))
    }

    @Test("every number up to ten thousand, and its negative")
    func smallNumbers() {
        for n in 0...10_000 {
            #expect(decimalText(n) == String(n))
            #expect(decimalText(-n) == String(-n))
        }
    }

    @Test("the strip's slots are named with it")
    func identifiers() {
        #expect(KeyAction.suggestion(0).identifier == "suggestion-1")
        #expect(KeyAction.suggestion(11).identifier == "suggestion-12")
    }
}
