// libFuzzer target: the layout decoder on any text (scripts/fuzz builds and runs it).
//
// The first byte chooses the keysym check: odd bytes accept every keysym (as
// the decoder's default does), even ones a fake X that knows only a few names;
// its bit 1 allows keys that run programs (`run:`), as a trusted file may.
// The rest is the file's text, its bytes repaired to UTF-8 as the CLI's reader
// would refuse them. A layout that decodes then goes where `tapboard check` and
// the keyboard take it: the layout provider, compact and wide, and the geometry
// of every page at a few window sizes.
import TapboardCore

private let knownKeysyms: Set<String> = ["Escape", "Tab", "Left", "Right", "Up", "Down", "F1", "Home", "End", "EuroSign"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let everyKeysym = bytes[0] & 1 == 1
    let allowRun = bytes[0] & 2 == 2
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let source: LayoutSource
    do {
        source = try LayoutFile.decode(text, file: "fuzz.yaml", keysymExists: { everyKeysym || knownKeysyms.contains($0) }, allowRun: allowRun)
    } catch {
        precondition(!error.description.isEmpty)
        return 0
    }
    for provider in [LayoutProvider(), LayoutProvider(layoutKey: true)] {
        for width in [0, 320, 1280] {
            let layout = provider.layout(for: source, width: width)
            for page in layout.pages {
                for size in [Size(width: width, height: 240), Size(width: 1, height: 1)] {
                    let frames = Geometry.frames(for: page, in: size, theme: .default)
                    _ = Geometry.hitTest(Point(x: size.width / 2, y: size.height / 2), in: frames, bounds: size)
                }
            }
        }
    }
    return 0
}
