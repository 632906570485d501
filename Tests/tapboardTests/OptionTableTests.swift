import Foundation
import Testing
@testable import tapboard_commands
import TapboardStart
import TapboardTestKit

/// Every entry of `RunOptions.table` read by both parsers: the lean `tapboard`'s
/// (QuickStart) and `tapboard-commands`' (ArgumentParser, then the table), in
/// every form, agreeing on the options and on the error line. A new entry is
/// tested here without a change to this file.
@Suite("the table of the keyboard's options")
struct OptionTableTests {
    /// The options as `tapboard-commands` parses them, or its one-line error.
    static func full(_ arguments: [String]) -> Result<RunOptions, UserError> {
        do {
            guard let command = try Tapboard.parseAsRoot(arguments) as? KeyboardCommand else {
                return .failure(UserError(description: "not the keyboard"))
            }
            return .success(try command.runOptions())
        } catch {
            return .failure(UserError(description: Tapboard.message(for: error)))
        }
    }

    /// The options as QuickStart reads them (the table's parser, over the settings file), or its error.
    static func quick(_ arguments: [String]) -> Result<RunOptions, UserError> {
        Result { () throws(UserError) in try RunOptions.resolve(commandLine: arguments).options }
    }

    /// Values tried on every option that takes one: the empty one, words, numbers
    /// out of every range checked, lists and geometries good and bad, an option.
    static let candidates = ["", "x", "de", "-1", "-5", "0", "9", "1.5", "1400", "top", "left", "de,,ru", "de,ru", "12", "800x300-10-20",
                             "99999x99999+0+0", ":0", "--hidden", "-x"]

    @Test("each option, in each of its forms, gives the same options through both parsers, and changes them",
          arguments: RunOptions.table.map(\.name))
    func formsAgree(name: String) throws {
        let option = RunOptions.option(name)
        // `--name value`, `--name=value` and given twice; a flag alone and twice.
        let forms = option.example.map { [[name, $0], ["\(name)=\($0)"], [name, $0, name, $0]] } ?? [[name], [name, name]]
        let first = try #require(QuickStart.parse(forms[0]), "the quick parse refuses \(forms[0]): \(Self.quick(forms[0]))")
        #expect(first != RunOptions(), "\(forms[0]) change nothing")
        for arguments in forms {
            #expect(QuickStart.parse(arguments) == first, "\(arguments)")
            #expect(try Self.full(arguments).get() == first, "\(arguments)")
        }
        // With each flag: both parsers still agree, and both options still count.
        for other in RunOptions.table where other.valueName == nil && other.name != name {
            let arguments = forms[0] + [other.name]
            if let both = QuickStart.parse(arguments) {
                #expect(both != first && both != QuickStart.parse([other.name]), "\(arguments)")
                #expect(try Self.full(arguments).get() == both, "\(arguments)")
            } else {
                // Options that exclude each other (--dock, --float, --overlay): both say so alike.
                #expect(Self.full(arguments).failure?.description == Self.quick(arguments).failure?.description, "\(arguments)")
            }
        }
    }

    @Test("each option given a value it refuses, or none when it needs one, gets the same one-line error from both parsers",
          arguments: RunOptions.table.map(\.name))
    func errorsAgree(name: String) throws {
        let option = RunOptions.option(name)
        let tries = option.valueName == nil
            ? [["\(name)=yes"], ["\(name)="]]
            : [[name], ["\(name)="], [name, "--hidden"]] + Self.candidates.flatMap { [[name, $0], ["\(name)=\($0)"]] }
        var refused = 0
        for arguments in tries {
            switch (Self.quick(arguments), Self.full(arguments)) {
            case (.success(let quick), .success(let full)):
                #expect(quick == full, "\(arguments)")
            case (.failure(let quick), .failure(let full)):
                refused += 1
                #expect(quick.description == full.description, "\(arguments)")
                #expect(!quick.description.contains("\n") && quick.description.contains(name), "\(arguments): \(quick)")
            case (let quick, let full):
                Issue.record("\(arguments): the quick parse gives \(quick), tapboard-commands \(full)")
            }
        }
        #expect(refused > 0)
    }

    @Test("the lean binary hands an option's missing value to tapboard-commands, which says so on one line and exits 64",
          arguments: RunOptions.table.map(\.name))
    func binaryRefuses(name: String) throws {
        let option = RunOptions.option(name)
        let arguments = option.valueName == nil ? ["\(name)=yes"] : [name]
        let message = try #require(Self.quick(arguments).failure)
        let result = try #require(try TapboardBinary.run(arguments), "tapboard \(arguments) hung")
        #expect(result.status == 64)
        #expect(result.stderr == "tapboard: \(message) (see 'tapboard --help')\n")
    }

    @Test("the description generate-manual reads for the man page has every option of the table, and no hidden command")
    func manualDump() throws {
        let output = try ChildProcess.run(URL(fileURLWithPath: try TapboardBinary.path()), ["--experimental-dump-help"])
        let dump = try JSONDecoder().decode(JSONValue.self, from: Data(output.utf8))
        let command = try #require(dump.object?["command"]?.object)
        guard case .array(let arguments)? = command["arguments"], case .array(let subcommands)? = command["subcommands"] else {
            Issue.record("no arguments or subcommands in \(output.prefix(300))")
            return
        }
        let names = arguments.compactMap { $0.object?["preferredName"]?.object?["name"] }
        #expect(names == RunOptions.table.map { .string(String($0.name.dropFirst(2))) } + [.string("version"), .string("help")])
        #expect(command["defaultSubcommand"] == nil)
        #expect(!subcommands.contains { $0.object?["commandName"] == .string("keyboard") })
    }

    @Test("the table's names are long options, each once, its help plain ASCII")
    func names() {
        let names = RunOptions.table.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("--") && !$0.contains("=") && $0.count > 2 })
        #expect(!names.contains("--help") && !names.contains("--version"))
        #expect(RunOptions.table.allSatisfy { ($0.valueName == nil) == ($0.example == nil) })
        // generate-manual drops other characters from the man page.
        #expect(RunOptions.table.filter { !$0.help.allSatisfy(\.isASCII) }.map(\.name) == [])
    }
}

extension Result {
    /// The error, if it is one.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
