import Testing
import TapboardCore

/// The line a message is said in: the program's name, every line of the message escaped.
struct LogLineTests {
    @Test("One line: the program's name, the message, a line break")
    func oneLine() {
        #expect(logLine("lost the connection to the X server :1") == "tapboard: lost the connection to the X server :1\n")
    }

    @Test("Each line of a message is escaped on its own; the line breaks between them stay")
    func lines() {
        #expect(logLine("first \u{1B}[31m\nsecond\t") == "tapboard: first \\u{1B}[31m\nsecond\\t\n")
        #expect(logLine("") == "tapboard: \n")
    }
}
