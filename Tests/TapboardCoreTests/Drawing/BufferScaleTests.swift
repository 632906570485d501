import Testing
@testable import TapboardCore

@Suite("What a backend draws at an output's scale")
struct BufferScaleTests {
    @Test("A preview at scale 2 is the same balloon with every length doubled")
    func preview() {
        let geometry = PreviewGeometry(key: Rect(x: 40, y: 60, width: 30, height: 40), screen: Size(width: 400, height: 200), scale: 1.5)
        let drawing = PreviewDrawing(text: "q", geometry: geometry, styleClass: .character, scale: 1.5)
        let scaled = drawing.scaled(by: 2)
        #expect(scaled.geometry.frame == Rect(x: geometry.frame.x * 2, y: geometry.frame.y * 2,
                                              width: geometry.frame.width * 2, height: geometry.frame.height * 2))
        #expect(scaled.geometry.stemX == geometry.stemX * 2)
        #expect(scaled.geometry.stemTop == geometry.stemTop * 2)
        #expect(scaled.geometry.headHeight == geometry.headHeight * 2)
        #expect(scaled.scale == 3)
        #expect(drawing.scaled(by: 1) == drawing)
    }

    @Test("A callout's cells and a key's frame at scale 3")
    func calloutAndKey() {
        let key = Rect(x: 10, y: 50, width: 20, height: 30)
        let geometry = CalloutGeometry(count: 3, key: key, screen: Size(width: 300, height: 200), padding: 4)
        let callout = CalloutDrawing(callout: Callout(key: 0, items: ["e", "é", "è"], selected: 1), geometry: geometry, styleClass: .character, scale: 1)
        let scaled = callout.scaled(by: 3)
        #expect(scaled.geometry.cells == geometry.cells.map { Rect(x: $0.x * 3, y: $0.y * 3, width: $0.width * 3, height: $0.height * 3) })
        #expect(scaled.geometry.key == Rect(x: 30, y: 150, width: 60, height: 90))
        #expect(scaled.scale == 3)
        let frame = KeyFrame(index: 0, id: "q", key: Key.character("q"), rect: key)
        let appearance = KeyAppearance(frame: frame, label: .text("q"), styleClass: .character, pressed: false).scaled(by: 3)
        #expect(appearance.frame.rect == Rect(x: 30, y: 150, width: 60, height: 90))
        #expect(appearance.frame.id == "q")
    }
}
