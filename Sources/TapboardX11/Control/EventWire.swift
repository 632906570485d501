import CX11
import TapboardCore

/// Events as ClientMessages: 20 bytes each. Frames as ten 16-bit numbers (kind,
/// start x y w h, end x y w h, duration in ms); names as an atom; text as
/// UTF-8 in pieces of up to 18 bytes; the strip's words, one a line, in pieces
/// put back together by the listener (the last piece says it is the last).
enum EventWire {
    private static let frameKinds = FrameEventKind.allCases
    private static let pageCode: Int16 = 100, layoutCode: Int16 = 101, keyCode: Int8 = 102, keysymCode: Int16 = 103
    private static let wordsCode: Int8 = 104, lastWordsCode: Int8 = 105, lastScanCode: Int8 = 106

    static func encode(_ event: PublishedEvent, to window: Window, display: XDisplay) -> [XEvent] {
        func message(format: Int32) -> XEvent {
            display.clientMessage(EventPublisher.eventType, to: window, format: format)
        }
        /// One format-8 message: a code, a length and up to 18 bytes.
        func message(_ code: Int8, _ bytes: ArraySlice<UInt8>) -> XEvent {
            var e = message(format: 8)
            withUnsafeMutableBytes(of: &e.xclient.data) { raw in
                raw.storeBytes(of: code, toByteOffset: 0, as: Int8.self)
                raw.storeBytes(of: UInt8(bytes.count), toByteOffset: 1, as: UInt8.self)
                for (i, byte) in bytes.enumerated() { raw.storeBytes(of: byte, toByteOffset: 2 + i, as: UInt8.self) }
            }
            return e
        }
        switch event {
        case .frame(let kind, let start, let end, let duration):
            var e = message(format: 16)
            let ms = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
            let values: [Int] = [frameKinds.firstIndex(of: kind) ?? 0, start.x, start.y, start.width, start.height,
                                 end.x, end.y, end.width, end.height, Int(ms)]
            withUnsafeMutableBytes(of: &e.xclient.data) { raw in
                for (i, v) in values.enumerated() { raw.storeBytes(of: Int16(clamping: v), toByteOffset: i * 2, as: Int16.self) }
            }
            return [e]
        case .pageChanged(let name), .layoutChanged(let name), .typedKeysym(let name):
            var e = message(format: 32)
            let code: Int16
            switch event {
            case .pageChanged: code = pageCode
            case .layoutChanged: code = layoutCode
            default: code = keysymCode
            }
            e.xclient.data.l.0 = Int(code)
            e.xclient.data.l.1 = Int(bitPattern: UInt(display.atom(name)))
            return [e]
        case .typed(let text):
            // Pieces end on character boundaries: a piece is whole scalars of at most 18 bytes.
            var pieces: [[UInt8]] = []
            var piece: [UInt8] = []
            for scalar in text.unicodeScalars {
                let b = Array(String(scalar).utf8)
                if piece.count + b.count > 18 { pieces.append(piece); piece = [] }
                piece += b
            }
            if !piece.isEmpty { pieces.append(piece) }
            return pieces.map { message(keyCode, $0[...]) }
        case .suggestions(let words), .scan(let words):
            // Not as atoms: an atom lives in the server for any client to read.
            let bytes = Array(words.joined(separator: "\n").utf8)
            let last = if case .scan = event { lastScanCode } else { lastWordsCode }
            var out: [XEvent] = []
            var start = 0
            repeat {
                let end = min(start + 18, bytes.count)
                out.append(message(end == bytes.count ? last : wordsCode, bytes[start ..< end]))
                start = end
            } while start < bytes.count
            return out
        }
    }

    /// One message read back; `words` holds the strip's words until their last piece comes.
    static func decode(_ e: XClientMessageEvent, display: XDisplay, words: inout [UInt8]) -> PublishedEvent? {
        guard e.message_type == display.atom(EventPublisher.eventType) else { return nil }
        var data = e.data
        switch e.format {
        case 16:
            let v: [Int] = withUnsafeBytes(of: &data) { raw in (0 ..< 10).map { Int(raw.load(fromByteOffset: $0 * 2, as: Int16.self)) } }
            guard v[0] >= 0, v[0] < frameKinds.count else { return nil }
            return .frame(frameKinds[v[0]], start: Rect(x: v[1], y: v[2], width: v[3], height: v[4]),
                          end: Rect(x: v[5], y: v[6], width: v[7], height: v[8]), duration: .milliseconds(v[9]))
        case 32:
            guard let name = display.name(of: Atom(UInt(bitPattern: data.l.1))) else { return nil }
            switch Int16(truncatingIfNeeded: data.l.0) {
            case pageCode: return .pageChanged(name)
            case layoutCode: return .layoutChanged(name)
            case keysymCode: return .typedKeysym(name)
            default: return nil
            }
        case 8:
            return withUnsafeBytes(of: &data) { raw -> PublishedEvent? in
                let code = raw.load(fromByteOffset: 0, as: Int8.self)
                let n = min(Int(raw.load(fromByteOffset: 1, as: UInt8.self)), 18)
                switch code {
                case keyCode: return .typed(String(decoding: raw[2 ..< 2 + n], as: UTF8.self))
                case wordsCode:
                    words += raw[2 ..< 2 + n]
                    return nil
                case lastWordsCode, lastScanCode:
                    let text = String(decoding: words + raw[2 ..< 2 + n], as: UTF8.self)
                    words = []
                    let list = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    return code == lastScanCode ? .scan(list) : .suggestions(list)
                default: return nil
                }
            }
        default:
            return nil
        }
    }
}
