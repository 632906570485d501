import CX11
import TapboardCore

/// Published events as ClientMessages to a listener's window: each event's
/// `ControlLine` line (as the Wayland socket carries it) in pieces of up to 19
/// bytes, one format-8 message a piece, its first byte the piece's length. A
/// ClientMessage goes to the listener only, where a property of its window
/// would be readable by any client (typed text may be a password).
enum EventWire {
    /// The bytes of a line a message holds (its 20 less the length byte).
    static let pieceSize = 19

    /// The messages that carry an event to a window.
    static func encode(_ event: PublishedEvent, to window: Window, display: XDisplay) -> [XEvent] {
        let bytes = Array(ControlLine.encode(.event(event)).utf8)
        return stride(from: 0, to: bytes.count, by: pieceSize).map { start in
            var e = display.clientMessage(EventPublisher.eventType, to: window, format: 8)
            let piece = bytes[start ..< min(start + pieceSize, bytes.count)]
            withUnsafeMutableBytes(of: &e.xclient.data) { raw in
                raw[0] = UInt8(piece.count)
                for (i, byte) in piece.enumerated() { raw[1 + i] = byte }
            }
            return e
        }
    }

    /// One message read back: the event once its line's last piece (ending in
    /// its newline, which no field holds unescaped) has come; `line` keeps the pieces until then.
    static func decode(_ e: XClientMessageEvent, display: XDisplay, line: inout [UInt8]) -> PublishedEvent? {
        guard e.message_type == display.atom(EventPublisher.eventType), e.format == 8 else { return nil }
        var data = e.data
        withUnsafeBytes(of: &data) { raw in line += raw[1 ..< 1 + min(Int(raw[0]), pieceSize)] }
        guard line.last == 0x0a else { return nil }
        defer { line = [] }
        guard case .event(let event)? = ControlLine.message(String(decoding: line.dropLast(), as: UTF8.self)[...]) else { return nil }
        return event
    }
}
