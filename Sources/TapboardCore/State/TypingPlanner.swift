/// One step of typing text the way a person would on the keyboard shown.
public enum TypingStep: Hashable, Sendable {
    /// Tap this key of this page.
    case tap(page: Int, key: Int)
    /// Hold this key until its callout opens, then lift on this alternate.
    case callout(page: Int, key: Int, item: Int)
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
        /// Characters that cannot be typed on this layout, in order.
        public var untypable: [Character]
        /// For each character typed, how many steps there are up to and including its own.
        public var characterEnds: [Int] = []
    }

    /// The steps that type `text` starting from `state`; emoji through the emoji page when `emoji` is given.
    public static func plan(_ text: String, from state: KeyboardState, emoji: EmojiPlanning? = nil) -> Plan {
        var s = state
        var plan = Plan(steps: [], untypable: [])
        var clock = Duration.seconds(1000)
        for c in text {
            let wanted = String(c)
            var found: [TypingStep]?
            for candidate in candidates(for: wanted, in: s) {
                var trial = s
                var trialClock = clock
                let typed = run(candidate, on: &trial, clock: &trialClock)
                if typed == wanted {
                    found = candidate
                    s = trial
                    clock = trialClock
                    break
                }
            }
            if found == nil, let emoji, let (steps, after) = emojiSteps(for: wanted, in: s, emoji: emoji) {
                found = steps
                s = after
                clock += .seconds(steps.count + 1)
            }
            if let found {
                plan.steps += found
                plan.characterEnds.append(plan.steps.count)
            } else {
                plan.untypable.append(c)
            }
        }
        return plan
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

    /// Runs steps through the state machine; returns what they type (nil when a step does not fit the state).
    static func run(_ steps: [TypingStep], on s: inout KeyboardState, clock: inout Duration) -> String? {
        var typed = ""
        let point = Point(x: 0, y: 0)
        func collect(_ effects: [Effect]) {
            for case .type(let k) in effects {
                switch k {
                case .text(let t): typed += t
                case .keysym(let k) where k == .return: typed += "\n"
                default: typed += "\u{FFFD}"
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
            }
        }
        return typed
    }
}
