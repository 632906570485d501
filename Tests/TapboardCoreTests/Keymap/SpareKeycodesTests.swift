import Testing
@testable import TapboardCore

/// When borrowed keycodes are remapped, announced again and pressed.
struct SpareKeycodesTests {
    static let t0: Duration = .seconds(100)
    static let ze: UInt32 = 0x6da, zhe: UInt32 = 0x6d6, shcha: UInt32 = 0x6dd
    static func ms(_ n: Int) -> Duration { .milliseconds(n) }

    func pool(_ keycodes: [UInt32] = [200, 201, 202]) -> SpareKeycodes {
        var spares = SpareKeycodes()
        spares.adopt(keycodes)
        return spares
    }

    @Test("A new keysym: remapped at once, announced again a change interval later, and only then ready to press")
    func remapThenAnnounce() {
        var spares = pool()
        #expect(spares.step(for: [Self.ze], now: Self.t0) == .change([.remap(keycode: 202, keysym: Self.ze)]), "highest keycode first")
        #expect(spares.step(for: [Self.ze], now: Self.t0) == .wait(until: Self.t0 + Self.ms(50)), "not pressed before it is announced again")
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(49)) == .wait(until: Self.t0 + Self.ms(50)))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(50)) == .change([.announce(keycode: 202, keysym: Self.ze)]))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(50)) == .ready)
        #expect(spares.keycode(carrying: Self.ze) == 202)
        // Typed again later: nothing changes.
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(50))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(500)) == .ready)
    }

    @Test("The next keystroke's keycode is remapped with this one's announcement: a run of new keysyms costs one interval each")
    func remapWithAnnouncement() {
        var spares = pool()
        _ = spares.step(for: [Self.ze], upcoming: [Self.zhe], now: Self.t0)
        #expect(spares.step(for: [Self.ze], upcoming: [Self.zhe], now: Self.t0 + Self.ms(50))
                == .change([.announce(keycode: 202, keysym: Self.ze), .remap(keycode: 201, keysym: Self.zhe)]),
                "the announcement first: a client fetching it forgets the remapping, which is announced later")
        #expect(spares.step(for: [Self.ze], upcoming: [Self.zhe], now: Self.t0 + Self.ms(50)) == .ready)
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(50))
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(50)) == .wait(until: Self.t0 + Self.ms(100)))
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(100)) == .change([.announce(keycode: 201, keysym: Self.zhe)]))
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(100)) == .ready)
    }

    @Test("Changes are a change interval apart, and a keycode that typed waits its reuse age before it carries another keysym")
    func intervalsAndReuse() {
        var spares = pool([200])
        _ = spares.step(for: [Self.ze], now: Self.t0)
        _ = spares.step(for: [Self.ze], now: Self.t0 + Self.ms(50))
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(60))
        // The only keycode typed з at +60: ж may take it at +310.
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(100)) == .wait(until: Self.t0 + Self.ms(310)))
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(310)) == .change([.remap(keycode: 200, keysym: Self.zhe)]))
        #expect(spares.keycode(carrying: Self.ze) == nil)
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(310)) == .wait(until: Self.t0 + Self.ms(360)))
    }

    @Test("Least recently used first; a keycode waiting for its announcement is never taken")
    func leastRecentlyUsed() {
        var spares = pool([200, 201])
        for (i, keysym) in [Self.ze, Self.zhe].enumerated() {
            let t = Self.t0 + Self.ms(100 * i)
            _ = spares.step(for: [keysym], now: t)
            _ = spares.step(for: [keysym], now: t + Self.ms(50))
            spares.pressed(keysym, at: t + Self.ms(50))
        }
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(200))  // з used last
        #expect(spares.step(for: [Self.shcha], now: Self.t0 + Self.ms(1000)) == .change([.remap(keycode: 200, keysym: Self.shcha)]),
                "ж's keycode (200) was used less recently than з's (201)")
        // Now щ waits for its announcement; another new keysym must not take its keycode.
        #expect(spares.keycode(carrying: Self.shcha) == 200)
        #expect(spares.step(for: [0x6c1], now: Self.t0 + Self.ms(2000))
                == .change([.remap(keycode: 201, keysym: 0x6c1)]))
        #expect(spares.keycode(carrying: Self.shcha) == 200)
    }

    @Test("A new keymap delays the next change; keycodes another client changed are dropped; all come back at exit")
    func keymapChangesAndExit() {
        var spares = pool()
        _ = spares.step(for: [Self.ze], now: Self.t0)
        spares.keymapReplaced(at: Self.t0 + Self.ms(30))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(50)) == .wait(until: Self.t0 + Self.ms(80)))
        spares.keep { keycode, _ in keycode != 201 }
        #expect(spares.spares.map(\.keycode) == [202, 200])
        #expect(spares.borrowed.map(\.keycode) == [202])
        #expect(spares.returnAll() == [202])
        #expect(spares.borrowed.isEmpty)
    }

    @Test("Lent at once when nothing may wait, unannounced: the next keystroke through it waits for the announcement")
    func lendNow() {
        var spares = pool([200])
        #expect(spares.lendNow(Self.ze, at: Self.t0) == .remap(keycode: 200, keysym: Self.ze))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(10)) == .wait(until: Self.t0 + Self.ms(50)))
        var empty = SpareKeycodes()
        #expect(empty.lendNow(Self.ze, at: Self.t0) == nil)
        #expect(empty.step(for: [Self.ze], now: Self.t0) == .ready, "no keycode at all: typed as far as it can be")
    }

    @Test("At most the limit is adopted, highest keycodes first, none twice")
    func adoption() {
        var spares = SpareKeycodes()
        spares.adopt(Array(100 ..< 200))
        spares.adopt([250])
        #expect(spares.spares.count == SpareKeycodes.limit)
        #expect(spares.spares.first?.keycode == 199)
        var small = SpareKeycodes()
        small.adopt([10, 12])
        small.adopt([12, 11])
        #expect(small.spares.map(\.keycode) == [12, 10, 11])
    }

    func batchedPool(_ keycodes: [UInt32] = [200, 201, 202]) -> SpareKeycodes {
        var spares = pool(keycodes)
        spares.batched = true
        return spares
    }

    @Test("Batched: the keysyms foreseen are remapped with the one needed, all announced in the next change, then typed with no wait")
    func batchedRun() {
        var spares = batchedPool()
        #expect(spares.step(for: [Self.ze], upcoming: [Self.zhe, Self.ze, Self.shcha], now: Self.t0)
                == .change([.remap(keycode: 202, keysym: Self.ze), .remap(keycode: 201, keysym: Self.zhe), .remap(keycode: 200, keysym: Self.shcha)]))
        #expect(spares.step(for: [Self.ze], now: Self.t0 + Self.ms(10)) == .wait(until: Self.t0 + Self.ms(50)))
        #expect(spares.nextPreparation(upcoming: []) == Self.t0 + Self.ms(50), "the announcement is due with no keystroke asking")
        #expect(spares.step(for: [], now: Self.t0 + Self.ms(50))
                == .change([.announce(keycode: 202, keysym: Self.ze), .announce(keycode: 201, keysym: Self.zhe), .announce(keycode: 200, keysym: Self.shcha)]))
        for keysym in [Self.ze, Self.zhe, Self.shcha] {
            #expect(spares.step(for: [keysym], now: Self.t0 + Self.ms(51)) == .ready)
            spares.pressed(keysym, at: Self.t0 + Self.ms(51))
        }
        #expect(spares.nextPreparation(upcoming: [Self.ze]) == nil, "nothing left to prepare")
    }

    @Test("Batched: a keycode that typed waits its reuse age; one carrying a keysym foreseen is taken only for a keysym needed now, the one free soonest")
    func batchedReuse() {
        var spares = batchedPool([200, 201])
        _ = spares.step(for: [Self.ze], upcoming: [Self.zhe], now: Self.t0)
        _ = spares.step(for: [], now: Self.t0 + Self.ms(50))
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(60))
        spares.pressed(Self.zhe, at: Self.t0 + Self.ms(70))
        // щ coming, both keycodes typed a moment ago: prepared once the first (з's, 201) may be reused.
        #expect(spares.nextPreparation(upcoming: [Self.shcha]) == Self.t0 + Self.ms(310))
        #expect(spares.step(for: [], upcoming: [Self.shcha], now: Self.t0 + Self.ms(100)) == .ready, "no keystroke waits for it")
        // щ needed now, з and ж both foreseen: the keycode free soonest (з's) is taken.
        #expect(spares.step(for: [Self.shcha], upcoming: [Self.ze, Self.zhe], now: Self.t0 + Self.ms(100)) == .wait(until: Self.t0 + Self.ms(310)))
        #expect(spares.step(for: [Self.shcha], upcoming: [Self.ze, Self.zhe], now: Self.t0 + Self.ms(310))
                == .change([.remap(keycode: 201, keysym: Self.shcha)]))
        #expect(spares.keycode(carrying: Self.zhe) == 200)
        // More keysyms needed at once than keycodes: typed as far as can be.
        #expect(spares.step(for: [0x6c1, 0x6c2, 0x6c3], now: Self.t0 + Self.ms(1000)) == .ready)
    }

    @Test("An application that answers pings: a keycode is reused once it has read its last press, however late, not after the reuse age")
    func readerAnswers() {
        var spares = batchedPool([200])
        // It answered a first ping, before anything was typed.
        spares.pressesRead(through: spares.useCount)
        _ = spares.step(for: [Self.ze], now: Self.t0)
        _ = spares.step(for: [], now: Self.t0 + Self.ms(50))
        spares.pressed(Self.ze, at: Self.t0 + Self.ms(60))
        #expect(spares.waitsForRead())
        let asked = spares.useCount
        // Long past the reuse age, the press not read yet: ж waits.
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(2000)) == .wait(until: Self.t0 + Self.ms(60) + SpareKeycodes.readWait))
        spares.pressesRead(through: asked)
        #expect(!spares.waitsForRead())
        #expect(spares.step(for: [Self.zhe], now: Self.t0 + Self.ms(2000)) == .change([.remap(keycode: 200, keysym: Self.zhe)]))
        // Another application: until it answers, the reuse age again.
        spares.readerChanged()
        #expect(!spares.waitsForRead() && !spares.readerAnswers)
    }
}

