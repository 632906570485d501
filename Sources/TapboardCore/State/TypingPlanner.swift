/// One step of typing text the way a person would on the keyboard shown.
public enum TypingStep: Hashable, Sendable {
    /// Tap this key of this page.
    case tap(page: Int, key: Int)
    /// Hold this key until its callout opens, then lift on this alternate.
    case callout(page: Int, key: Int, item: Int)
    /// Type this character with no key: no layout given has it (the keyboard
    /// types it as it types any character the server's keymap lacks).
    case direct(String)
    /// Tap the strip's candidate that is this text, turning its pages until it
    /// shows; when none does, the `letters` keys just typed are taken back and
    /// the text is typed with no key.
    case candidate(String, letters: Int)
}

/// The layouts the globe key goes through, each built as the session shows it
/// now, and which one shows: a plan may go to another with the globe key.
public struct LayoutRing: Sendable {
    /// The layouts, in the globe key's order.
    public var layouts: [Layout]
    /// The one shown.
    public var index: Int

    /// Makes a ring.
    public init(layouts: [Layout], index: Int) {
        self.layouts = layouts
        self.index = index
    }

    /// Carries out a layout switch the state machine asked for on a copy of the state.
    mutating func apply(_ which: LayoutSwitch, to s: inout KeyboardState) {
        switch which {
        case .next: index = (index + 1) % layouts.count
        case .named(let name):
            guard let i = layouts.firstIndex(where: { $0.name == name }) else { return }
            index = i
        }
        _ = s.replaceLayout(layouts[index])
    }
}

/// Plans the taps that type a text on a keyboard in a given state: switching
/// pages, shifting, opening callouts, as a person would. Every character's
/// steps are checked by running them through a copy of the state machine, so a
/// plan types exactly what it says or the character is reported as untypable.
public enum TypingPlanner {
    /// A plan: the steps, and the characters no key of the layout types.
    public struct Plan: Hashable, Sendable {
        /// The steps, in order.
        public var steps: [TypingStep]
        /// Characters that cannot be typed at all (controls, unassigned code points), in order.
        public var untypable: [Character]
        /// For each character typed, how many steps there are up to and including its own.
        public var characterEnds: [Int] = []
        /// Characters a layout's input method was there for but gave no way to
        /// (a kanji with no reading to tap, a phrase no candidate is): typed with no key.
        public var uncomposed: [Character] = []
    }

    /// The steps that type `text` starting from `state`, as a person would: on
    /// the layout shown, else through the globe key on the fewest other layouts
    /// of `ring`; emoji through the emoji page when `emoji` is given. A character
    /// no key has is typed with none (`direct`), unless it cannot be typed at all.
    /// Text a layout's input method composes is tapped as its keys (and
    /// candidates) when `converter` runs it: not over a password field.
    public static func plan(_ text: String, from state: KeyboardState, ring: LayoutRing? = nil, emoji: EmojiPlanning? = nil,
                            converter: (any CompositionConverter)? = nil) -> Plan {
        var s = state
        var r = ring
        var plan = Plan(steps: [], untypable: [])
        var clock = Duration.seconds(1000)
        let characters = Array(text)
        var composing = Composing(converter: converter)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if let (steps, covers) = composedSteps(characters[i...], in: &s, ring: &r, clock: &clock, composing: &composing) {
                plan.steps += steps
                plan.characterEnds += Array(repeating: plan.steps.count, count: covers)
                i += covers
                continue
            }
            plan.steps += composing.commit(c, in: &s, ring: &r, clock: &clock)
            if composing.converter != nil, Spelling.isComposedScript(c), (r?.layouts ?? [s.layout]).contains(where: { $0.inputMethod != nil }) {
                plan.uncomposed.append(c)
            }
            i += 1
            let wanted = String(c)
            var found = steps(for: wanted, in: &s, ring: &r, clock: &clock, emoji: emoji)
            if found == nil, let ring = r, ring.layouts.count > 1 {
                // Through the globe key, the nearest layout that has it.
                for hops in 1 ..< ring.layouts.count {
                    var trial = s, trialRing: LayoutRing? = ring, trialClock = clock
                    guard let globe = globeSteps(hops, in: &trial, ring: &trialRing, clock: &trialClock),
                          let rest = steps(for: wanted, in: &trial, ring: &trialRing, clock: &trialClock, emoji: emoji) else { continue }
                    found = globe + rest
                    (s, r, clock) = (trial, trialRing, trialClock)
                    break
                }
            }
            if found == nil, typesDirectly(c) { found = [.direct(wanted)] }
            if let found {
                plan.steps += found
                plan.characterEnds.append(plan.steps.count)
            } else {
                plan.untypable.append(c)
            }
        }
        plan.steps += composing.commit(nil, in: &s, ring: &r, clock: &clock)
        return plan
    }

    /// The steps that type a character on the layout shown (no globe key) (keys, callouts, the
    /// emoji page), checked on `s`, which they leave as typing them would; nil if none.
    static func steps(for wanted: String, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration,
                              emoji: EmojiPlanning?) -> [TypingStep]? {
        for candidate in candidates(for: wanted, in: s) where !composes(candidate.last, in: s.layout) {
            var trial = s, trialRing = ring, trialClock = clock
            if run(candidate, on: &trial, ring: &trialRing, clock: &trialClock) == wanted {
                (s, ring, clock) = (trial, trialRing, trialClock)
                return candidate
            }
        }
        if let emoji, let (steps, after) = emojiSteps(for: wanted, in: s, emoji: emoji) {
            s = after
            clock += .seconds(steps.count + 1)
            return steps
        }
        return nil
    }

    /// Whether a step types on a layout's letters page whose characters go to
    /// its input method: they would be composed, not typed (`composedSteps` plans those).
    private static func composes(_ step: TypingStep?, in layout: Layout) -> Bool {
        guard layout.inputMethod != nil, let step else { return false }
        switch step {
        case .tap(let page, let key), .callout(let page, let key, _):
            guard case .character = layout.pages[page].keys[key].action else { return false }
            return layout.pages[page].name == Page.letters
        case .direct, .candidate: return false
        }
    }

    /// The taps of the globe key that go `hops` layouts on (each from the page it is on), run on `s`; nil when a layout has none.
    static func globeSteps(_ hops: Int, in s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration) -> [TypingStep]? {
        var steps: [TypingStep] = []
        for _ in 0 ..< hops {
            let layout = s.layout
            let pages = [s.pageIndex] + layout.pages.indices.filter { $0 != s.pageIndex }
            guard let (page, key) = pages.lazy.compactMap({ p in
                layout.pages[p].keys.firstIndex { $0.action == .layout(.next) }.map { (p, $0) }
            }).first, let route = route(to: page, from: s) else { return nil }
            let hop = route + [.tap(page: page, key: key)]
            let before = ring?.index
            guard run(hop, on: &s, ring: &ring, clock: &clock) == "", ring?.index != before else { return nil }
            steps += hop
        }
        return steps
    }

    /// Whether a character can be typed with no key: every scalar one a keysym
    /// can carry (not a control other than tab, not unassigned, not a noncharacter).
    public static func typesDirectly(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { scalar in
            if scalar == "\t" { return true }
            switch scalar.properties.generalCategory {
            case .control, .unassigned, .surrogate: return false
            default: return !scalar.properties.isNoncharacterCodePoint
            }
        }
    }

    /// Ways to type a character, best first: on the page shown, then on the others;
    /// a key that types it as the shift state is, else after a shift tap; then callouts.
    static func candidates(for wanted: String, in s: KeyboardState) -> [[TypingStep]] {
        let pages = [s.pageIndex] + s.layout.pages.indices.filter { $0 != s.pageIndex }
        var direct: [[TypingStep]] = [], shifted: [[TypingStep]] = [], callouts: [[TypingStep]] = []
        for p in pages {
            guard let route = route(to: p, from: s) else { continue }
            let page = s.layout.pages[p]
            let shiftKey = page.keys.firstIndex { $0.action == .shift }
            for (i, key) in page.keys.enumerated() {
                if produces(key, wanted) {
                    direct.append(route + [.tap(page: p, key: i)])
                    if let shiftKey { shifted.append(route + [.tap(page: p, key: shiftKey), .tap(page: p, key: i)]) }
                }
                for (n, item) in key.callouts.enumerated() where item == wanted || item.shiftedCharacter == wanted {
                    callouts.append(route + [.callout(page: p, key: i, item: n)])
                    if let shiftKey { callouts.append(route + [.tap(page: p, key: shiftKey), .callout(page: p, key: i, item: n)]) }
                }
            }
        }
        return direct + shifted + callouts
    }

    /// Whether a key can type the character, in some shift state.
    private static func produces(_ key: Key, _ wanted: String) -> Bool {
        switch key.action {
        case .character(let c): return key.character(c, shift: .off) == wanted || key.character(c, shift: .once) == wanted
        case .text(let t): return t == wanted
        case .space: return wanted == " "
        case .return: return wanted == "\n"
        default: return false
        }
    }

    /// The page-key taps that lead from the page shown to page `p` (breadth first).
    static func route(to target: Int, from s: KeyboardState) -> [TypingStep]? {
        var paths: [Int: [TypingStep]] = [s.pageIndex: []]
        var queue = [s.pageIndex]
        while !queue.isEmpty {
            let p = queue.removeFirst()
            if p == target { return paths[p] }
            for (i, key) in s.layout.pages[p].keys.enumerated() {
                guard case .page(let name) = key.action, let next = s.layout.pageIndex(named: name), paths[next] == nil else { continue }
                paths[next] = paths[p]! + [.tap(page: p, key: i)]
                queue.append(next)
            }
        }
        return nil
    }

    /// Runs steps through the state machine, layout switches through `ring`;
    /// returns what they type (nil when a step does not fit the state).
    static func run(_ steps: [TypingStep], on s: inout KeyboardState, ring: inout LayoutRing?, clock: inout Duration) -> String? {
        var typed = ""
        let point = Point(x: 0, y: 0)
        func collect(_ effects: [Effect]) {
            for effect in effects {
                switch effect {
                case .type(.text(let t)): typed += t
                case .type(.keysym(let k)) where k == .return: typed += "\n"
                case .type: typed += "\u{FFFD}"
                case .switchLayout(let which): ring?.apply(which, to: &s)
                default: break
                }
            }
        }
        for step in steps {
            clock += .seconds(1)  // far apart: no double taps
            switch step {
            case .tap(let page, let key):
                guard s.pageIndex == page else { return nil }
                collect(s.handle(.touch(.began, point: point, key: key), at: clock))
                collect(s.handle(.touch(.ended, point: point, key: key), at: clock + .milliseconds(50)))
            case .callout(let page, let key, let item):
                guard s.pageIndex == page else { return nil }
                collect(s.handle(.touch(.began, point: point, key: key), at: clock))
                collect(s.handle(.timer(.longPress), at: clock + s.options.calloutDelay))
                guard s.callout != nil else { return nil }
                collect(s.handle(.touch(.moved, point: point, key: key, calloutItem: item), at: clock + s.options.calloutDelay))
                collect(s.handle(.touch(.ended, point: point, key: key, calloutItem: item), at: clock + s.options.calloutDelay))
            case .direct(let text):
                typed += text
            case .candidate:
                break
            }
        }
        return typed
    }

    /// Runs steps on one layout (no globe key followed).
    static func run(_ steps: [TypingStep], on s: inout KeyboardState, clock: inout Duration) -> String? {
        var none: LayoutRing?
        return run(steps, on: &s, ring: &none, clock: &clock)
    }
}
