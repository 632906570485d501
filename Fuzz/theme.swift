// libFuzzer target: the theme decoder on any text (scripts/fuzz builds and runs it).
//
// The bytes are the file's text, repaired to UTF-8. A theme that decodes then
// places the default layout's pages, as the keyboard does with it, at a few
// window sizes.
import TapboardCore

private let pages = LayoutProvider().layout(for: .enUS, width: 1280).pages + LayoutProvider().layout(for: .enUS, width: 320).pages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let theme: Theme
    do {
        theme = try ThemeFile.decode(text, file: "fuzz.yaml")
    } catch {
        precondition(!error.description.isEmpty)
        return 0
    }
    for page in pages {
        for size in [Size(width: 1280, height: 300), Size(width: 320, height: 200), Size(width: 1, height: 1)] {
            let frames = Geometry.frames(for: page, in: size, theme: theme)
            _ = Geometry.hitTest(Point(x: size.width / 2, y: size.height / 2), in: frames, bounds: size)
        }
    }
    return 0
}
