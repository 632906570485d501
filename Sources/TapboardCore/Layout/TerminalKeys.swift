/// The keys a terminal gets above the letters: what a phone keyboard lacks
/// and a shell needs (Termux's extra keys). Written as a comma-separated list
/// (`--terminal-keys`): a keysym name (`Escape`, `Left`), a modifier (`ctrl`,
/// `alt`, `super`: held for the next key), a chord (`ctrl+c`), or one character.
public enum TerminalKeys {
    /// Esc, Tab, Ctrl, the arrows, and ^C ^D ^Z ^R.
    public static let defaults: [KeyAction] = [
        .keysym(.escape), .keysym(.tab), .modifier(.control),
        .keysym(KeySymbol("Left")), .keysym(KeySymbol("Down")), .keysym(KeySymbol("Up")), .keysym(KeySymbol("Right")),
        .chord([.control], KeySymbol("c")), .chord([.control], KeySymbol("d")),
        .chord([.control], KeySymbol("z")), .chord([.control], KeySymbol("r")),
    ]

    /// The defaults as they are written.
    public static let defaultList = "Escape, Tab, ctrl, Left, Down, Up, Right, ctrl+c, ctrl+d, ctrl+z, ctrl+r"

    /// The keys of a list; an empty list gives none (no row). A keysym name
    /// `keysymExists` does not know is an error naming it.
    public static func parse(_ list: String, keysymExists: (String) -> Bool) throws(TerminalKeysError) -> [KeyAction] {
        let names = list.split(separator: ",").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        return try names.filter { !$0.isEmpty }.map { name throws(TerminalKeysError) in try key(name, keysymExists: keysymExists) }
    }

    private static func key(_ name: String, keysymExists: (String) -> Bool) throws(TerminalKeysError) -> KeyAction {
        if let modifier = Modifier(rawValue: name) { return .modifier(modifier) }
        let parts = name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1 {
            var modifiers: [Modifier] = []
            for part in parts.dropLast() {
                guard let modifier = Modifier(rawValue: part) else { throw TerminalKeysError(name: name, reason: "'\(part)' is not ctrl, alt or super") }
                modifiers.append(modifier)
            }
            return .chord(modifiers, try plain(parts.last!, in: name, keysymExists: keysymExists))
        }
        let key = try plain(name, in: name, keysymExists: keysymExists)
        return key.isCharacter ? .character(key.name) : .keysym(key)
    }

    /// One character, or a keysym's name.
    private static func plain(_ text: String, in name: String, keysymExists: (String) -> Bool) throws(TerminalKeysError) -> KeySymbol {
        if text.count == 1 { return KeySymbol(text) }
        guard !text.isEmpty, keysymExists(text) else {
            throw TerminalKeysError(name: name, reason: text.isEmpty ? "nothing after the '+'" : "no keysym '\(text)'; expected a name like Escape, Left or F5, a modifier, a chord like ctrl+c, or one character")
        }
        return KeySymbol(text)
    }
}

/// A key of `--terminal-keys` that is none.
public struct TerminalKeysError: Error, CustomStringConvertible {
    public var name: String
    public var reason: String
    public var description: String { "--terminal-keys '\(printable(name))': \(reason)" }
}
