/// An integer in decimal, as `String(n)` writes it, for what a start names
/// with a number (the control selection `_TAPBOARD_S0`, the strip's
/// `suggestion-1`, a repeated key's `shift-2`). Written out here
/// because the standard library's integer printing lies in two 64 KiB windows
/// of its code that nothing else in a start runs, and the kernel maps the
/// whole window around a page that is run: 128 KiB resident for one digit.
public func decimalText(_ n: Int) -> String {
    // Negative numbers count down, so Int.min's magnitude needs no Int of its own.
    var rest = n
    var digits: [UInt8] = []
    digits.reserveCapacity(20)
    repeat {
        let digit = rest % 10
        digits.append(UInt8(48 + (digit < 0 ? -digit : digit)))
        rest /= 10
    } while rest != 0
    if n < 0 { digits.append(UInt8(ascii: "-")) }
    digits.reverse()
    return String(decoding: digits, as: UTF8.self)
}
