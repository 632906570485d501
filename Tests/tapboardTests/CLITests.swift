import Foundation
import Testing
@testable import tapboard_commands
import TapboardStart
import TapboardCore
import TapboardTestKit

@Suite("tapboard command line")
struct CLITests {
    @Test("--help text is pinned, the keyboard's options as the table gives them")
    func helpText() {
        let help = KeyboardHelp.text(columns: 100)
        // Each option's own lines are pinned by the table's text and `optionLayout`.
        let options = RunOptions.table.map { KeyboardHelp.element($0, columns: 100) }.joined()
        #expect(help == """
            OVERVIEW: An on-screen keyboard for X11: tap keys, they are typed into the focused window.

            With no subcommand, shows the keyboard on the display and runs until it gets SIGTERM or SIGINT
            (then releases every key and exits 0). SIGHUP reads the settings, layout and theme files again and
            shows the theme and layouts they name (a file with a mistake is reported and changes nothing);
            SIGUSR1 shows a hidden keyboard, SIGUSR2 hides it.

            Options can also be kept in ~/.config/tapboard/settings.yaml under their names without '--' (theme:
            dark, layouts: [en-US, de], auto-show: true); the command line wins, and each flag's opposite
            (--no-auto-show, --suggestions) undoes one there. 'tapboard settings' prints what is in force and
            where it came from.

            USAGE: tapboard <options> <subcommand>

            OPTIONS:
            \(options)  --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              show                    Show the keyboard running on the display.
              hide                    Hide the keyboard running on the display.
              toggle                  Show the keyboard running on the display if hidden, else hide it.
              quit                    Make the keyboard running on the display quit (every key released, the
                                      keymap restored); waits until it has.
              events                  Print the keyboard's events, one JSON object a line, until it quits.
              type                    Make the running keyboard tap the keys for a text, as a person would (for
                                      UI tests).
              switch                  Tell the running keyboard that a switch went down or up, for switch
                                      scanning (--scan).
              forget                  Delete the words the keyboard learned (every language), and make a
                                      keyboard running on the display drop them too.
              clipboard               List or clear the texts the keyboard kept of what was copied to the
                                      clipboard.
              keys                    Print the keys the running keyboard shows now, with their frames, as one
                                      JSON object.
              dump-layout             Print the key frames of a page at a window size as JSON, for scripts and
                                      tests.
              check                   Check layout and theme files; print each error with its file, line and
                                      column.
              list-layouts            List the layouts --layout and --layouts can name: the user's, the
                                      installation's, the built-in ones.
              list-themes             List the themes --theme can name: the user's, the installation's, the
                                      built-in ones.
              settings                Print the settings in force (the settings file's, then the options given
                                      here) and where each came from.

              See 'tapboard help <subcommand>' for detailed help.
            """)
    }

    @Test("clipboard list --help text is pinned: the format of its lines")
    func clipboardListHelpText() {
        let help = Tapboard.helpMessage(for: ClipboardList.self, columns: 100)
        #expect(help == #"""
            OVERVIEW: Print the clipboard history of the keyboard running on the display, newest first, one
            entry a line.

            Each line is 'p' for a pinned entry or '-', a tab, then the text, in which a backslash is written
            \\, a newline \n, a carriage return \r, a tab \t, and any other control or invisible character
            \u{HEX}: each entry is one line ('cut -f 2-' gives the texts).

            USAGE: tapboard clipboard list [--display <name>]

            OPTIONS:
              --display <name>        The X display to use, exactly as given; default $DISPLAY.
              --version               Show the version.
              -h, --help              Show help information.

            """#)
    }

    @Test("switch --help text is pinned: its roles, down and up, and a compositor's bindings")
    func switchHelpText() {
        let help = Tapboard.helpMessage(for: SwitchPress.self, columns: 100)
        #expect(help == """
            OVERVIEW: Tell the running keyboard that a switch went down or up, for switch scanning (--scan).

            For compositors and window managers whose key bindings run commands: on Wayland the keyboard cannot
            take keys itself. With neither down nor up, a press and its release. In sway: bindsym --no-repeat
            F12 exec tapboard switch select down, and bindsym --release F12 exec tapboard switch select up. A
            keyboard that is not scanning ignores it.

            USAGE: tapboard switch [--display <name>] <role> [<down|up>]

            ARGUMENTS:
              <role>                  What the switch does: select, next, up, down, left or right.
              <down|up>               down or up; a press and its release when neither is given.

            OPTIONS:
              --display <name>        The X display to use, exactly as given; default $DISPLAY.
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    @Test("tapboard switch: a bad role or a word other than down or up is named on one line, exit 2, before any keyboard is looked for",
          arguments: [(["switch", "jump"], "switch role 'jump': expected select, next, up, down, left or right"),
                      (["switch", "select", "held"], "switch select 'held': expected down or up (or neither: a press and its release)"),
                      (["switch", "Select", "down"], "switch role 'Select'")])
    func switchRefusesBadWords(arguments: [String], message: String) throws {
        let result = try #require(try TapboardBinary.run(arguments), "tapboard \(arguments) hung")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapboard: " + message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test("dump-layout --help text is pinned")
    func dumpLayoutHelpText() {
        let help = Tapboard.helpMessage(for: DumpLayout.self, columns: 100)
        #expect(help == """
            OVERVIEW: Print the key frames of a page at a window size as JSON, for scripts and tests.

            Frames are in window pixels and are the ones the running keyboard uses at that size.

            USAGE: tapboard dump-layout --size <WxH> [--page <name>] [--emoji-group <n>] [--emoji-screen <n>] [--emoji-search] [--layout <name|path>] [--layouts <list>] [--wide-width <pixels>] [--no-suggestions] [--xid] [--settings <path|none>]

            OPTIONS:
              --size <WxH>            Window size, as WxH.
              --page <name>           The page to print. (default: letters)
              --emoji-group <n>       On the emoji page: the group shown, by its key from the left (1: the
                                      recently used, empty here; 2: smileys ... 10: flags). (default: 2)
              --emoji-screen <n>      On the emoji page: the screen of the group shown, from 1 (past the
                                      group's last, the next group's). (default: 1)
              --emoji-search          The letters page during an emoji search: its strip is the search line and
                                      a key per match (emoji-match-1 …).
              --layout <name|path>    The layout: a name (see list-layouts) or a YAML file; default en-US.
              --layouts <list>        Layouts the globe key switches between, comma-separated names or files;
                                      the first shows at start.
              --wide-width <pixels>   Windows at least this wide get the wide layout (a number row, Tab, larger
                                      action keys). (default: 1000)
              --no-suggestions        Without the suggestion strip (as a keyboard started with
                                      --no-suggestions); its slots are keys suggestion-1 … (1: the likeliest).
              --xid                   As embedded in a greeter's window (tapboard --xid): no hide key and no
                                      strip.
              --settings <path|none>  As a keyboard given this settings file: with 'none', no settings page
                                      (nothing may be written).
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    @Test("the keyboard's options are laid out as ArgumentParser lays out the options it knows", arguments: [100, 72, 50])
    func optionLayout(columns: Int) {
        // dump-layout takes three of them through ArgumentParser, with the table's help.
        let argumentParser = Tapboard.helpMessage(for: DumpLayout.self, columns: columns)
        for name in ["--layout", "--layouts", "--wide-width"] {
            let lines = KeyboardHelp.element(RunOptions.option(name), columns: columns)
            #expect(argumentParser.contains(lines), "\(lines) is not in\n\(argumentParser)")
        }
        #expect(argumentParser.contains(KeyboardHelp.element("--version", "Show the version.", columns: columns)))
    }

    @Test("options parse into the run configuration")
    func parsesOptions() throws {
        let command = try RunOptions(parsing: ["--display", ":3", "--geometry", "800x300+10+20", "--no-auto-shift"])
        #expect(command.display == ":3")
        #expect(command.geometry?.resolve(screen: Size(width: 1000, height: 1000)) == Rect(x: 10, y: 20, width: 800, height: 300))
        // A place counted from the right and bottom edges starts with '-': still a geometry.
        let corner = try RunOptions(parsing: ["--geometry", "-10-20"])
        #expect(corner.geometry?.xFromRight == true && corner.geometry?.x == 10 && corner.geometry?.y == 20)
        let sized = try RunOptions(parsing: ["--geometry", "400x200-10-20"])
        #expect(sized.geometry?.resolve(screen: Size(width: 1000, height: 1000)) == Rect(x: 590, y: 780, width: 400, height: 200))
        #expect(command.noAutoShift)
    }

    @Test("bad values are rejected with a message naming them", arguments: [
        (["--geometry", "12"], "invalid geometry '12'"),
        (["--geometry", "0x10"], "invalid geometry '0x10'"),
        (["--bogus"], "Unknown option '--bogus'"),
        (["--layout", "de", "stray"], "Unexpected argument 'stray'"),
        // ArgumentParser took the keyboard's --display before a subcommand and gave it to the subcommand.
        (["--display", ":1", "show"], "Unexpected argument 'show': a subcommand comes first, its options after it"),
    ])
    func rejectsBadValues(arguments: [String], fragment: String) {
        do {
            _ = try Tapboard.parseAsRoot(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(Tapboard.message(for: error).contains(fragment), "\(Tapboard.message(for: error))")
        }
    }

    /// Values a new user tried: each is a validation error (exit 64) saying what is wrong with the value given.
    static let outOfRange: [([String], String)] = [
        // ArgumentParser took `-1` for an option and said the value was missing.
        (["--scale", "-1"], "--scale must be between 0.25 and 4, not -1.0"),
        (["--scale", "-0.5", "--hidden"], "--scale must be between 0.25 and 4, not -0.5"),
        (["--scale", "0"], "--scale must be between 0.25 and 4, not 0.0"),
        (["--wide-width", "-5"], "--wide-width must be 0 or more, not -5"),
        (["dump-layout", "--size", "100x100", "--wide-width", "-5"], "--wide-width must be 0 or more, not -5"),
        // An empty --display was taken as none given: "$DISPLAY is not set and --display was not given".
        (["--display", ""], "--display '': expected a display name such as :0"),
        (["--layout", "de", "--display", ""], "--display '': expected a display name such as :0"),
        (["show", "--display", ""], "--display '': expected a display name such as :0"),
        (["hide", "--display", ""], "--display '': expected a display name such as :0"),
        (["toggle", "--display", ""], "--display '': expected a display name such as :0"),
        (["quit", "--display", ""], "--display '': expected a display name such as :0"),
        (["events", "--display", ""], "--display '': expected a display name such as :0"),
        (["type", "abc", "--display", ""], "--display '': expected a display name such as :0"),
        (["switch", "select", "--display", ""], "--display '': expected a display name such as :0"),
        // X cannot make a window over 32767 pixels wide or high.
        (["--geometry", "99999x99999+0+0"],
         "invalid geometry '99999x99999+0+0': width and height are at most 32767 pixels (the X protocol's limit)"),
        (["--geometry", "800x300+0+40000"],
         "invalid geometry '800x300+0+40000': X and Y are at most 32767 pixels either way (the X protocol's limit)"),
    ]

    @Test("a negative --scale or --wide-width, an empty --display and a geometry X cannot make are validation errors naming the value",
          arguments: outOfRange)
    func rejectsOutOfRange(arguments: [String], message: String) {
        do {
            _ = try Tapboard.parseAsRoot(arguments)
            Issue.record("parsed \(arguments)")
        } catch {
            #expect(Tapboard.message(for: error).hasSuffix(message), "\(Tapboard.message(for: error))")
            #expect(Tapboard.exitCode(for: error).rawValue == 64)
        }
    }

    @Test("the binary says so on one line and exits 64", arguments: outOfRange)
    func binaryRejectsOutOfRange(arguments: [String], message: String) throws {
        let result = try #require(try TapboardBinary.run(arguments), "tapboard \(arguments) hung")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("tapboard: ") && result.stderr.hasSuffix(" (see 'tapboard --help')\n"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test("tapboard finds tapboard-commands beside the binary it runs, and without it says so on one line")
    func companionBinary() throws {
        #expect(Commands.path(executable: "/usr/local/bin/tapboard") == "/usr/local/bin/tapboard-commands")
        #expect(Commands.path(executable: "tapboard") == nil)
        // A copy of tapboard alone in a directory: a subcommand cannot be run.
        let scratch = try ScratchDirectory()
        let lonely = scratch.path("tapboard")
        // Copied by cp, not in this process: a test thread forking meanwhile would inherit the
        // copy's open descriptor, and exec would then fail with "Text file busy".
        let copy = try ChildProcess(URL(fileURLWithPath: "/bin/cp"), [try TapboardBinary.path(), lonely])
        #expect(copy.wait(until: Deadline(.seconds(10))) == .exited(0))
        let result = try #require(try TapboardBinary.run(["show"], binary: lonely), "tapboard show hung")
        #expect(result.status == 2)
        #expect(result.stderr == "tapboard: \(scratch.path("tapboard-commands")): No such file or directory; it reads the subcommands, "
            + "--help, --version and says what is wrong with options (install it beside tapboard)\n", "\(result.stderr)")
    }

    @Test("dump-layout rejects a size that is not WxH and an unknown page")
    func dumpLayoutRejects() throws {
        #expect(throws: (any Error).self) { try Tapboard.parseAsRoot(["dump-layout", "--size", "10x10+1+1"]) }
        var command = try Tapboard.parseAsRoot(["dump-layout", "--size", "100x100", "--page", "kana"])
        #expect(throws: UserError.self) { try command.run() }
        do {
            try command.run()
        } catch let error as UserError {
            #expect(error.description == "unknown page 'kana': layout en-US has letters, symbols, more-symbols, emoji, clipboard, settings")
        }
    }

    @Test("the quick parse of command lines with several options agrees with tapboard-commands, or leaves them to it", arguments: [
        [], ["--display", ":3"], ["--geometry", "800x300+10+20", "--no-auto-shift"],
        ["--layout", "de", "--theme", "dark", "--scale", "1.5", "--wide-width", "1400"],
        ["--layouts", "en-US, de ,ru", "--display", ":1"], ["--layout", "/tmp/x.yaml"], ["--hidden", "--replace", "--publish-keys"], ["--dock", "top"], ["--float"], ["--overlay", "--no-auto-shift"], ["--animate", "--dock", "bottom"], ["--monitor", "HDMI-1"],
        // Other forms and repeats, read by both.
        ["--display=:3"], ["--display", ":1", "--display", ":2"], ["--no-auto-shift", "--no-auto-shift"], ["--wide-width", "-0"],
        // Left to tapboard-commands: help, version, subcommands, mistakes.
        ["--help"], ["--version"], ["check", "x.yaml"],
        ["--geometry", "12"], ["--scale", "9"], ["--scale", "big"], ["--layout", "de", "--layouts", "de,ru"],
        ["--layouts", "de,,ru"], ["--dock", "left"], ["--float", "--overlay"], ["--dock", "top", "--float"], ["--wide-width", "-5"], ["--bogus"], ["--display"],
        ["--scale", "-1"], ["--display", ""], ["--display", "", "--layout", "de"], ["--geometry", "99999x99999+0+0"],
        ["--geometry", "+0+40000"],
    ])
    func quickParseAgrees(arguments: [String]) throws {
        let quick = QuickStart.parse(arguments)
        let full = try? Tapboard.parseAsRoot(arguments)
        if let quick {
            let parsed = try #require(full as? KeyboardCommand, "ArgumentParser rejects what the quick parse took: \(arguments)")
            #expect(try parsed.runOptions() == quick)
        } else {
            // Left to tapboard-commands: help, version, subcommands and mistakes, never a keyboard to run.
            #expect(!(full is KeyboardCommand), "\(arguments) run the keyboard but the quick parse left them")
        }
    }

    /// Arguments carrying an escape sequence (red text), each reaching a different error line:
    /// a layout or theme not found or unreadable, a bad --dock or --geometry, an unknown option,
    /// a display that cannot be opened, a bad size or page of dump-layout.
    static let escapeSequences: [[String]] = [
        ["--layout", "\u{1B}[31mred"],
        ["--layouts", "en-US,\u{1B}[31mred"],
        ["--theme", "/nonexistent/\u{1B}[31m.yaml"],
        ["--dock", "\u{1B}[31m"],
        ["--geometry", "\u{1B}[31m"],
        ["--bogus\u{1B}[31m"],
        ["--display", "\u{1B}[31m"],
        ["show", "--display", "\u{1B}[31m"],
        ["dump-layout", "--size", "\u{1B}[31m"],
        ["dump-layout", "--size", "100x100", "--page", "\u{1B}[31m"],
    ]

    @Test("what the user gave reaches stderr with its control characters escaped, never raw", arguments: escapeSequences)
    func errorLinesEscapeControlCharacters(arguments: [String]) throws {
        let result = try #require(try TapboardBinary.run(arguments), "tapboard \(arguments) hung")
        #expect(result.status != 0)
        #expect(!result.stderr.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || $0.value == 0x7F) },
                "raw control characters on stderr: \(result.stderr.debugDescription)")
        #expect(result.stderr.contains("\\u{1B}[31m"), "\(result.stderr.debugDescription)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.debugDescription)")
    }

    @Test("tapboard type: the characters that cannot be typed are named escaped, with their code points, and nothing is typed")
    func typeNamesUntypableEscaped() throws {
        let desktop = try Desktop()
        let keyboard = try desktop.launchKeyboard()
        defer { _ = keyboard.terminate() }
        let type = try ChildProcess(URL(fileURLWithPath: try TapboardBinary.path()),
                                    ["type", "--display", desktop.xvfb.displayName, "--delay", "0", "\u{1B}[31m"])
        #expect(type.wait(until: Deadline(.seconds(20))) == .exited(2))
        #expect(type.standardError == "tapboard: nothing was typed: '\\u{1B}' (U+001B) cannot be typed (a control character or no character at all)\n",
                "\(type.standardError.debugDescription)")
    }
}
