import Testing
import TapboardCore

@Suite("WindowGeometry")
struct WindowGeometryTests {
    let screen = Size(width: 1280, height: 800)

    @Test("parses and resolves X geometry strings", arguments: [
        ("800x300", Rect(x: 0, y: 500, width: 800, height: 300)),
        ("800x300+10+20", Rect(x: 10, y: 20, width: 800, height: 300)),
        ("800x300-10-20", Rect(x: 470, y: 480, width: 800, height: 300)),
        ("+5+6", Rect(x: 5, y: 6, width: 1280, height: 288)),
        ("1x1+0+0", Rect(x: 0, y: 0, width: 1, height: 1)),
    ])
    func parses(text: String, expected: Rect) throws {
        #expect(try WindowGeometry(parsing: text).resolve(screen: screen) == expected)
    }

    @Test("rejects what is not a geometry, saying what was expected",
          arguments: ["", "x", "800", "800x", "x300", "0x300", "800x0", "800x300+1", "800x300+1+", "800x300+a+b", "800x300+1+2junk", "abc", "+1", "1x1+"])
    func rejects(text: String) {
        #expect(throws: WindowGeometry.ParseError.self) { try WindowGeometry(parsing: text) }
        do {
            _ = try WindowGeometry(parsing: text)
        } catch {
            #expect("\(error)" == "invalid geometry '\(text)': expected WxH, WxH+X+Y or +X+Y (e.g. 1280x400+0+624)")
        }
    }

    @Test("a width or height over 32767 is refused, naming the X protocol's limit", arguments: [
        "99999x99999+0+0", "32768x300", "800x32768", "9999999x1", "1x99999999999999999999999", "32768x1-0-0",
    ])
    func rejectsSizesXCannotMake(text: String) {
        do {
            _ = try WindowGeometry(parsing: text)
            Issue.record("parsed '\(text)'")
        } catch {
            #expect((error as? WindowGeometry.ParseError)?.reason == .sizeTooLarge)
            #expect("\(error)" == "invalid geometry '\(text)': width and height are at most 32767 pixels (the X protocol's limit)")
        }
    }

    @Test("a position beyond 32767 either way is refused, naming the X protocol's limit", arguments: [
        "+32768+0", "+0+32768", "800x300-99999-0", "800x300+0-40000", "+99999999999999999999999+0",
    ])
    func rejectsPositionsXCannotMake(text: String) {
        do {
            _ = try WindowGeometry(parsing: text)
            Issue.record("parsed '\(text)'")
        } catch {
            #expect((error as? WindowGeometry.ParseError)?.reason == .positionTooLarge)
            #expect("\(error)" == "invalid geometry '\(text)': X and Y are at most 32767 pixels either way (the X protocol's limit)")
        }
    }

    @Test("the largest sizes and positions X allows are taken")
    func takesTheLimits() throws {
        let g = try WindowGeometry(parsing: "32767x32767-32767-32767")
        #expect(g.width == 32767 && g.height == 32767 && g.x == 32767 && g.y == 32767 && g.xFromRight && g.yFromBottom)
        #expect(try WindowGeometry(parsing: "+32767+32767").resolve(screen: screen) == Rect(x: 32767, y: 32767, width: 1280, height: 288))
    }

    @Test("the default is full width at the bottom, a third of the width high, at most 40% of the screen and 3 inches")
    func defaultPlacement() {
        // 3 inches at 96 dpi is 288 pixels, under 40% of 800.
        #expect(WindowGeometry().resolve(screen: Size(width: 1280, height: 800)) == Rect(x: 0, y: 512, width: 1280, height: 288))
        #expect(WindowGeometry().resolve(screen: Size(width: 600, height: 1000)) == Rect(x: 0, y: 800, width: 600, height: 200))
        #expect(WindowGeometry().resolve(screen: Size(width: 1280, height: 700)) == Rect(x: 0, y: 420, width: 1280, height: 280))
    }

    @Test("on a monitor, the default placement is its width at its bottom; a given position stays in screen coordinates")
    func onAMonitor() throws {
        let screen = Size(width: 3200, height: 1080)
        let right = Rect(x: 1280, y: 0, width: 1920, height: 1080)
        #expect(WindowGeometry().resolve(screen: screen, monitor: right) == Rect(x: 1280, y: 792, width: 1920, height: 288))
        let left = Rect(x: 0, y: 280, width: 1280, height: 800)
        #expect(WindowGeometry().resolve(screen: screen, monitor: left) == Rect(x: 0, y: 792, width: 1280, height: 288))
        #expect(try WindowGeometry(parsing: "800x300").resolve(screen: screen, monitor: right) == Rect(x: 1280, y: 780, width: 800, height: 300))
        #expect(try WindowGeometry(parsing: "800x300+10+20").resolve(screen: screen, monitor: right) == Rect(x: 10, y: 20, width: 800, height: 300))
    }

    @Test("Xft.dpi and --scale scale the default height, never past the screen")
    func dpiAndScale() {
        let screen = Size(width: 3840, height: 2160)
        #expect(WindowGeometry().resolve(screen: screen, dpi: 192).height == 576)
        #expect(WindowGeometry().resolve(screen: screen, dpi: 96, scale: 1.5).height == 432)
        #expect(WindowGeometry().resolve(screen: Size(width: 1280, height: 800), scale: 4).height == 800)
        // A height given in --geometry is kept as given.
        #expect(try! WindowGeometry(parsing: "800x300").resolve(screen: screen, dpi: 192, scale: 2).height == 300)
    }
}

@Suite("LayoutDump")
struct LayoutDumpTests {
    @Test("prints page, size and every key with id, label, action and frame")
    func json() {
        let page = Page(name: "p", switchLabel: "P", rows: [Row([Key.character("\""), Key.shift(), Key.page("p")])])
        let frames = [
            KeyFrame(index: 0, id: "\"", key: page.keys[0], rect: Rect(x: 1, y: 2, width: 3, height: 4)),
            KeyFrame(index: 1, id: "shift", key: page.keys[1], rect: Rect(x: 5, y: 6, width: 7, height: 8)),
            KeyFrame(index: 2, id: "page:p", key: page.keys[2], rect: Rect(x: 9, y: 10, width: 11, height: 12)),
        ]
        #expect(LayoutDump.json(page: page, pages: [page], size: Size(width: 20, height: 30), frames: frames) == """
            {"page":"p","size":{"width":20,"height":30},"keys":[
            {"id":"\\"","label":"\\"","action":"character:\\"","x":1,"y":2,"width":3,"height":4},
            {"id":"shift","label":"shift","action":"shift","x":5,"y":6,"width":7,"height":8},
            {"id":"page:p","label":"P","action":"page:p","x":9,"y":10,"width":11,"height":12}
            ]}
            """)
    }

    @Test("escapes control characters and backslashes")
    func quoting() {
        #expect(LayoutDump.quote("a\\b\n\u{1}é") == "\"a\\\\b\\n\\u0001é\"")
    }
}
