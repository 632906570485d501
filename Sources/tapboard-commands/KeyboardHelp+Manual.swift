import FoundationEssentials
import TapboardStart

extension KeyboardHelp {
    /// ArgumentParser's description of the commands (`--experimental-dump-help`,
    /// which `generate-manual` reads for the man page), with the keyboard's
    /// options from the table where it describes a hidden default command with
    /// none: the man page lists them as the root command's, as `--help` does.
    static func manualDump(_ dump: String) -> String {
        guard var tree = try? JSONDecoder().decode(JSONValue.self, from: Data(dump.utf8)),
              case .object(var root) = tree, case .object(var command)? = root["command"],
              case .string(let hidden)? = command["defaultSubcommand"],
              case .array(let subcommands)? = command["subcommands"],
              case .array(let arguments)? = command["arguments"]
        else { return dump }
        command["defaultSubcommand"] = nil
        command["subcommands"] = .array(subcommands.filter { $0.object?["commandName"] != .string(hidden) })
        command["arguments"] = .array(RunOptions.table.map(argument) + arguments)
        root["command"] = .object(command)
        tree = .object(root)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(tree)).map { String(decoding: $0, as: UTF8.self) } ?? dump
    }

    /// One option as ArgumentParser describes those it knows (ArgumentInfoV0).
    static func argument(_ option: RunOption) -> JSONValue {
        let name = JSONValue.object(["kind": .string("long"), "name": .string(String(option.name.dropFirst(2)))])
        var fields: [String: JSONValue] = [
            "kind": .string(option.valueName == nil ? "flag" : "option"),
            "names": .array([name]), "preferredName": name,
            "valueName": .string(option.valueName ?? String(option.name.dropFirst(2))),
            "abstract": .string(option.help),
            "isOptional": .bool(true), "isRepeating": .bool(false), "shouldDisplay": .bool(true),
            "parsingStrategy": .string(option.leadingDash ? "unconditional" : "default"),
        ]
        if let shown = option.shownDefault { fields["defaultValue"] = .string(String(shown)) }
        return .object(fields)
    }
}

/// Any JSON value, to change a document without a type for each of its parts.
enum JSONValue: Codable, Equatable {
    case object([String: JSONValue]), array([JSONValue]), string(String), number(Double), bool(Bool), null

    /// The fields, if it is an object.
    var object: [String: JSONValue]? {
        if case .object(let fields) = self { fields } else { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let fields): try container.encode(fields)
        case .array(let values): try container.encode(values)
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
