import Testing
import TapboardTestKit

/// Sends SIGTERM and checks what every test of a clean exit checks: status 0,
/// no key or button left down, the keymap as it was before the keyboard started.
func expectCleanExit(_ keyboard: Keyboard, on desktop: Desktop, mappingBefore before: KeyboardMapping,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    let tapper = desktop.tapper
    let status = keyboard.terminate()
    #expect(status == .exited(0), "after SIGTERM the keyboard \(status.map(\.description) ?? "did not exit within 5 s"); stderr: \(keyboard.standardError)",
            sourceLocation: sourceLocation)
    desktop.target.drain()
    #expect(tapper.keysDown().isEmpty, "keycodes left down: \(tapper.keysDown())", sourceLocation: sourceLocation)
    #expect(tapper.buttonsDown() == 0, sourceLocation: sourceLocation)
    let after = tapper.keyboardMapping()
    #expect(after == before, "keymap changed: \(after.differences(from: before))", sourceLocation: sourceLocation)
}
