/// The text with its control characters and other characters that print
/// nothing escaped, for an error line on a terminal: what a user gave (an
/// argument, a file name, a file's text) must not move the cursor, colour the
/// terminal or reverse the text around it. `\n`, `\r` and `\t` are written so,
/// others as `\u{1B}`. Backslashes stay as they are, so escaping twice changes
/// nothing (a message may be escaped where it is made and again where it is
/// written) and paths read as typed.
public func printable<S: StringProtocol>(_ text: S) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        guard needsEscape(scalar) else {
            out.unicodeScalars.append(scalar)
            continue
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out += "\\u{" + hexDigits(scalar.value) + "}"
        }
    }
    return out
}

/// Whether a character is escaped by `printable`: controls (C0, DEL, C1), line
/// and paragraph separators, unassigned code points and noncharacters, and
/// format characters (bidirectional overrides, zero-width spaces) except the
/// joiners that hold emoji and scripts together.
func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return true
    case .format: return scalar.value != 0x200C && scalar.value != 0x200D
    default: return false
    }
}

/// Upper-case hexadecimal digits of a value, at least two.
private func hexDigits(_ value: UInt32) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var out: [Unicode.Scalar] = []
    var v = value
    repeat {
        out.append(digits[Int(v & 0xF)])
        v >>= 4
    } while v != 0
    if out.count < 2 { out.append("0") }
    var text = ""
    text.unicodeScalars.append(contentsOf: out.reversed())
    return text
}
