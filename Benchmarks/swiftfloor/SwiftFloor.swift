// The Swift + Xlib + Xft floor: the least a Swift keyboard linked like tapboard
// can cost. It opens the display, opens the font tapboard opens at start through
// Xft, maps a window of the keyboard's size and waits for events, drawing
// nothing. scripts/bench builds it with SwiftPM exactly as it builds tapboard
// (release, --static-swift-stdlib, CX11's libraries), so its start-up and
// resident memory read as what Swift, Xlib and fontconfig/Xft cost before any
// keyboard code: the memory target is tapboard at most 1.2x this.
//
// Usage: tapbench-swiftfloor [-display :N] [-geometry WxH+X+Y] [-font PATTERN]
// The window's WM_CLASS is tapbench-swiftfloor; it never takes the input focus.
// SIGINT and SIGTERM end the loop (through a pipe, as tapboard's loop hears
// them): the display is closed and it exits 0.
//
// Arguments stay C strings (strcmp, never a Swift String): a floor touches no
// more of the standard library than it must, since every page of code it runs
// (and its 64 KiB of fault-around) is resident memory.
import CX11
import Glibc

/// Writes "tapbench-swiftfloor: what[ detail]" on stderr (fd 2) and exits with `status`.
func fail(_ what: StaticString, _ detail: UnsafePointer<CChar>? = nil, status: Int32 = 1) -> Never {
    _ = write(2, "tapbench-swiftfloor: ", 21)
    _ = write(2, what.utf8Start, what.utf8CodeUnitCount)
    if let detail {
        _ = write(2, " ", 1)
        _ = write(2, detail, strlen(detail))
    }
    _ = write(2, "\n", 1)
    exit(status)
}

// The signal pipe: the handlers write a byte, the loop polls the read end.
nonisolated(unsafe) var signalPipe: (read: Int32, write: Int32) = (-1, -1)

/// Like tapboard, a `@main` type with a synchronous `main()` (Swift 6 top-level
/// code would bring the main actor's checks, 0.6 MB more resident code).
@main
enum SwiftFloor {
    static func main() {
        var displayName: UnsafeMutablePointer<CChar>?
        var geometry: UnsafePointer<CChar> = UnsafePointer(strdup("800x280+240+500")!)
        // What tapboard's default theme opens before mapping: the letters' family
        // (sans-serif) at 22 px scaled by height / 216 (280 px: 28.5, rounded to 29).
        var fontPattern: UnsafePointer<CChar> = UnsafePointer(strdup("sans-serif:pixelsize=29")!)
        let argv = CommandLine.unsafeArgv
        var index = 1
        while index < Int(CommandLine.argc) {
            guard let option = argv[index] else { break }
            guard index + 1 < Int(CommandLine.argc), let value = argv[index + 1] else { fail("option needs a value:", option, status: 2) }
            if strcmp(option, "-display") == 0 || strcmp(option, "--display") == 0 {
                displayName = value
            } else if strcmp(option, "-geometry") == 0 || strcmp(option, "--geometry") == 0 {
                geometry = UnsafePointer(value)
            } else if strcmp(option, "-font") == 0 || strcmp(option, "--font") == 0 {
                fontPattern = UnsafePointer(value)
            } else {
                fail("unknown option", option, status: 2)
            }
            index += 2
        }

        withUnsafeMutableBytes(of: &signalPipe) { bytes in
            if pipe(bytes.baseAddress!.assumingMemoryBound(to: Int32.self)) != 0 { fail("pipe failed") }
        }
        signal(SIGINT) { _ in _ = write(signalPipe.write, "x", 1) }
        signal(SIGTERM) { _ in _ = write(signalPipe.write, "x", 1) }

        guard let display = XOpenDisplay(displayName) else { fail("cannot open display", displayName ?? getenv("DISPLAY")) }
        let screen = tb_default_screen(display)
        guard XftFontOpenName(display, screen, fontPattern) != nil else { fail("no font matches", fontPattern) }

        var x: Int32 = 0, y: Int32 = 0
        var width: UInt32 = 800, height: UInt32 = 280
        let mask = XParseGeometry(geometry, &x, &y, &width, &height)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = tb_white_pixel(display, screen)
        attributes.event_mask = ExposureMask | StructureNotifyMask
        let window = XCreateWindow(display, tb_root_window(display, screen), x, y, width, height, 0,
                                   Int32(CopyFromParent), UInt32(InputOutput), nil, UInt(CWBackPixel | CWEventMask), &attributes)
        var size = XSizeHints()
        size.flags = USSize | ((mask & (XValue | YValue)) != 0 ? USPosition : 0)
        size.x = x
        size.y = y
        size.width = Int32(width)
        size.height = Int32(height)
        var hints = XWMHints()
        hints.flags = InputHint
        hints.input = 0
        var classHint = XClassHint(res_name: strdup("tapbench-swiftfloor"), res_class: strdup("TapbenchSwiftfloor"))
        XSetWMProperties(display, window, nil, nil, nil, 0, &size, &hints, &classHint)
        XStoreName(display, window, "tapbench swift floor")
        XMapWindow(display, window)
        XFlush(display)

        // One thread: handle what has come, then block in poll() on the X connection and the signal pipe.
        var descriptors = (pollfd(fd: tb_connection_number(display), events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0))
        var event = XEvent()
        while true {
            while XPending(display) > 0 { XNextEvent(display, &event) }
            let ready = withUnsafeMutablePointer(to: &descriptors) { pair in
                pair.withMemoryRebound(to: pollfd.self, capacity: 2) { poll($0, 2, -1) }
            }
            if ready < 0 && errno != EINTR { break }
            if descriptors.1.revents != 0 { break }
            if descriptors.0.revents & Int16(POLLHUP | POLLERR) != 0 { break }
        }
        XCloseDisplay(display)
        exit(0)
    }
}
