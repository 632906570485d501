import Testing
@testable import TapboardCore

@Suite("A Wayland text input's content type as a kind of field")
struct TextInputContentTests {
    @Test("Password and PIN purposes, and the sensitive hint, are password fields; a terminal is a terminal")
    func purposes() {
        #expect(TextInputContent.kind(purpose: 8, hint: 0, surrounding: nil) == .password)
        #expect(TextInputContent.kind(purpose: 9, hint: 0, surrounding: "12") == .password)
        #expect(TextInputContent.kind(purpose: 0, hint: 0x80, surrounding: "") == .password)
        #expect(TextInputContent.kind(purpose: 13, hint: 0, surrounding: "ls") == .terminal)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "hello") == .text)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: nil) == .text)
    }

    @Test("An entry whose text is its mask is a password field; text with a bullet in it is not")
    func mask() {
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "●●●") == .password)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "*") == .password)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "") == .text)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "• item") == .text)
        #expect(TextInputContent.kind(purpose: 0, hint: 0, surrounding: "●*") == .text)
    }
}
