import ArgumentParser
import TapboardCore
import TapboardX11

/// `tapboard check FILE...`: decodes layout files and reports every error.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check layout files; print each error with its file, line and column.",
        discussion: "Exits 0 when every file is a valid layout, 2 otherwise."
    )

    @Argument(help: ArgumentHelp("Layout files (YAML).", valueName: "file"))
    var files: [String]

    func run() throws {
        var failed = 0
        for path in files {
            do {
                let source = try LayoutCatalog.load(path: path)
                let pages = LayoutProvider().layout(for: source, width: 0).pages.map(\.name)
                print("\(path): ok: layout \(source.name), pages \(pages.joined(separator: ", "))")
            } catch {
                logError("\(error)")
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(2) }
    }
}

/// `tapboard list-layouts`: the layouts `--layout` can name.
struct ListLayouts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-layouts",
        abstract: "List the layouts --layout and --layouts can name: the user's, the installation's, the built-in ones."
    )

    func run() throws {
        let catalog = LayoutCatalog.standard()
        for name in catalog.names() {
            let description = (try? catalog.source(name).description) ?? "(cannot be read: tapboard check it)"
            print("\(name)\t\(description)")
        }
    }
}
