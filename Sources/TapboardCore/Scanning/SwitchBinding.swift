/// What the user presses as a switch: a key by its keysym, or a pointer button.
public enum SwitchTrigger: Hashable, Sendable, CustomStringConvertible {
    /// A key, by its X keysym name (`F12`, `space`, `KP_Enter`).
    case key(KeySymbol)
    /// A pointer button, from 1 (`button3`).
    case button(Int)

    /// As written: `F12`, `button3`.
    public var description: String {
        switch self {
        case .key(let keysym): keysym.name
        case .button(let n): "button\(n)"
        }
    }
}

/// A switch and what it does (`--switch select=F12,next=button3`).
public struct SwitchBinding: Hashable, Sendable {
    /// What it does.
    public var role: SwitchRole
    /// What is pressed.
    public var trigger: SwitchTrigger

    /// Makes a binding.
    public init(_ role: SwitchRole, _ trigger: SwitchTrigger) {
        self.role = role; self.trigger = trigger
    }

    /// Reads a comma-separated list of switches, each `ROLE=KEY` or `KEY`
    /// (`KEY` a keysym name or `buttonN`); unnamed ones take the mode's roles
    /// in order (`SwitchRole.defaults`). Throws a message naming what is wrong.
    /// Without a mode, only how each is written is checked (unnamed ones are then taken as select).
    public static func parse(_ text: String, mode: ScanMode?) throws(SwitchBindingError) -> [SwitchBinding] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " } }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw SwitchBindingError("'\(text)': expected switches separated by commas, each a keysym (F12) or a button (button3), perhaps named: select=F12")
        }
        let unnamed = mode.map(SwitchRole.defaults) ?? []
        var bindings: [SwitchBinding] = []
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let role: SwitchRole
            if parts.count == 2 {
                guard let named = SwitchRole(rawValue: parts[0]) else {
                    throw SwitchBindingError("'\(item)': no switch role '\(parts[0])'; expected \(SwitchRole.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                role = named
            } else if let mode {
                guard let next = unnamed.first(where: { r in !bindings.contains { $0.role == r } }) else {
                    let most = SwitchRole.defaults(for: mode).count
                    throw SwitchBindingError("'\(item)': \(mode.rawValue) scan takes at most \(most == 1 ? "one switch" : "\(most) switches") unless they are named")
                }
                role = next
            } else {
                role = .select
            }
            let trigger = try Self.trigger(parts.last ?? item)
            if bindings.contains(where: { $0.trigger == trigger }) { throw SwitchBindingError("'\(parts.last ?? item)' is given twice") }
            bindings.append(SwitchBinding(role, trigger))
        }
        guard let mode else { return bindings }
        guard mode != .auto || bindings.contains(where: { $0.role == .select }) else {
            throw SwitchBindingError("'\(text)': auto scan needs a select switch")
        }
        if mode == .step, !(bindings.contains { $0.role == .next } && bindings.contains { $0.role == .select }) {
            throw SwitchBindingError("'\(text)': step scan needs two switches, next and select")
        }
        if mode == .directed, !bindings.contains(where: { $0.role == .select }) || bindings.count < 2 {
            throw SwitchBindingError("'\(text)': directed scan needs a select switch and at least one of up, down, left and right")
        }
        return bindings
    }

    /// `buttonN` (1 to 255), or a keysym name (checked by the backend, which knows them).
    static func trigger(_ text: String) throws(SwitchBindingError) -> SwitchTrigger {
        if text.hasPrefix("button"), let n = Int(text.dropFirst(6)) {
            guard (1 ... 255).contains(n) else { throw SwitchBindingError("'\(text)': buttons are numbered 1 to 255") }
            return .button(n)
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw SwitchBindingError("'\(text)': expected a keysym name like F12, space or KP_Enter, or a button like button3")
        }
        return .key(KeySymbol(text))
    }
}

/// Why a list of switches was refused: the whole message.
public struct SwitchBindingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the switch.
    public var description: String

    init(_ description: String) { self.description = description }
}
