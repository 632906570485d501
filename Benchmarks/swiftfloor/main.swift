// The Swift + Xlib + Xft floor: the least a Swift keyboard linked like tapboard
// can cost. It opens the display, opens the font tapboard opens at start through
// Xft, maps a window of the keyboard's size and waits for events, drawing
// nothing. scripts/bench builds it with SwiftPM exactly as it builds tapboard
// (release, --static-swift-stdlib, CX11's libraries), so its start-up and
// resident memory read as what Swift, Xlib and fontconfig/Xft cost before any
// keyboard code: issue 15's memory target is tapboard at most 1.2x this.
//
// Usage: tapbench-swiftfloor [-display :N] [-geometry WxH+X+Y] [-font PATTERN]
// The window's WM_CLASS is tapbench-swiftfloor; it never takes the input focus.
// SIGINT and SIGTERM end the loop (through a pipe, as tapboard's loop hears
// them): the display is closed and it exits 0.
import CX11
import Glibc

/// Writes a message on stderr (fd 2) and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = "tapbench-swiftfloor: " + message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

var displayName: String?
var geometry = "800x280+240+500"
// What tapboard's default theme opens before mapping: the letters' family
// (sans-serif) at 22 px scaled by height / 216 (280 px: 28.5, rounded to 29).
var fontPattern = "sans-serif:pixelsize=29"
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value", status: 2) }
    switch option {
    case "-display", "--display": displayName = value
    case "-geometry", "--geometry": geometry = value
    case "-font", "--font": fontPattern = value
    default: fail("unknown option \(option)", status: 2)
    }
}

// The signal pipe: the handler writes a byte, the loop polls the read end.
nonisolated(unsafe) var signalPipe: [Int32] = [-1, -1]
guard pipe(&signalPipe) == 0 else { fail("pipe: \(String(cString: strerror(errno)))") }
for sig in [SIGINT, SIGTERM] {
    signal(sig) { _ in
        var byte: UInt8 = 1
        _ = write(signalPipe[1], &byte, 1)
    }
}

guard let display = XOpenDisplay(displayName) else { fail("cannot open display \(displayName ?? "$DISPLAY")") }
let screen = tb_default_screen(display)
guard XftFontOpenName(display, screen, fontPattern) != nil else { fail("no font matches \(fontPattern)") }

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
"tapbench-swiftfloor".withCString { name in
    "TapbenchSwiftfloor".withCString { className in
        var classHint = XClassHint(res_name: UnsafeMutablePointer(mutating: name),
                                   res_class: UnsafeMutablePointer(mutating: className))
        XSetWMProperties(display, window, nil, nil, nil, 0, &size, &hints, &classHint)
    }
}
XStoreName(display, window, "tapbench swift floor")
XMapWindow(display, window)
XFlush(display)

// One thread: handle what has come, then block in poll() on the X connection and the signal pipe.
var descriptors = [pollfd(fd: tb_connection_number(display), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signalPipe[0], events: Int16(POLLIN), revents: 0)]
var event = XEvent()
loop: while true {
    while XPending(display) > 0 { XNextEvent(display, &event) }
    if poll(&descriptors, 2, -1) < 0 && errno != EINTR { break loop }
    if descriptors[1].revents != 0 { break loop }
    if descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0 { break loop }
}
XCloseDisplay(display)
exit(0)
