import ArgumentParser
import TapboardCatalog
import TapboardCore
import TapboardLoop
import TapboardStart
import TapboardX11

/// `tapboard check FILE...`: decodes layout and theme files and reports every error.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check layout and theme files; print each error with its file, line and column.",
        discussion: """
            A file with 'letters' or 'pages' is read as a layout, any other as a theme. \
            Exits 0 when every file is valid, 2 otherwise.
            """
    )

    @Argument(help: ArgumentHelp("Layout or theme files (YAML).", valueName: "file"))
    var files: [String]

    func run() throws {
        var failed = 0
        for path in files {
            do {
                switch try CheckedFile(path: path, layouts: .layouts(), themes: .themes()) {
                case .layout(let source):
                    let pages = LayoutProvider().layout(for: source, width: 0).pages.map(\.name)
                    print("\(path): ok: layout \(source.name), pages \(pages.joined(separator: ", "))")
                case .theme(let theme):
                    print("\(path): ok: theme \(theme.name)")
                }
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
        let catalog = Catalog<LayoutSource>.layouts()
        for name in catalog.names() {
            let description = (try? catalog.item(name).description) ?? "(cannot be read: tapboard check it)"
            print("\(name)\t\(description)")
        }
    }
}

/// `tapboard list-themes`: the themes `--theme` can name.
struct ListThemes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-themes",
        abstract: "List the themes --theme can name: the user's, the installation's, the built-in ones."
    )

    func run() throws {
        let catalog = Catalog<Theme>.themes()
        for name in catalog.names() {
            let note = (try? catalog.item(name)) == nil ? "\t(cannot be read: tapboard check it)" : ""
            print(name + note)
        }
    }
}
