// libFuzzer target: how the CLI turns a `--layout`, `--theme` or `check`
// argument (a name or a path) into a decoded file: `Catalog`, `FileLocations`
// and `CheckedFile` from the TapboardCatalog library, which scripts/fuzz builds
// instrumented as a module of its own (it needs neither X nor ArgumentParser).
//
// An input is `MODE ARGUMENT 0xFF CONTENT` (0xFF never occurs in UTF-8, so it
// splits any text). Every run happens in a private directory that is the
// working directory, `$XDG_CONFIG_HOME` and `$XDG_DATA_DIRS`. By MODE % 4:
//   0: CONTENT is written to a file, whose path is the argument, and `check` reads it;
//   1: CONTENT is the user's file named ARGUMENT (when that can be a file name);
//   2: ARGUMENT is taken as given, unless it could leave the private directory;
//   3: ARGUMENT's first byte picks an odd path: a directory, a FIFO, /dev/zero,
//      a file over the size limit, a symlink loop, a very long name, NUL, newline, `..`.
// Bit 2 of MODE picks themes instead of layouts. Reading must never hang (a
// FIFO) or take memory without limit (/dev/zero), and every failure must be
// a one-line error of the CLI's kinds (`CatalogError`, `FileError`).
import Glibc
import TapboardCatalog
import TapboardCore

/// The private directory, made once; runs reuse it.
private let sandbox: String = {
    var template = Array("/tmp/tapboard-fuzz-XXXXXX".utf8CString)
    guard let dir = mkdtemp(&template) else { fatalError("mkdtemp: \(String(cString: strerror(errno)))") }
    let root = String(cString: dir)
    for sub in ["config", "config/tapboard", "config/tapboard/layouts", "config/tapboard/themes", "data", "work", "work/a-directory.yaml"] {
        mkdir(root + "/" + sub, 0o755)
    }
    mkfifo(root + "/work/fifo.yaml", 0o644)
    symlink(root + "/work/loop.yaml", root + "/work/loop.yaml")
    let big = open(root + "/work/big.yaml", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    ftruncate(big, 3 << 20)  // sparse: reads as 3 MiB of NUL bytes
    close(big)
    chdir(root + "/work")
    return root
}()

private let environment: [String: String] = ["XDG_CONFIG_HOME": sandbox + "/config", "HOME": sandbox, "XDG_DATA_DIRS": sandbox + "/data"]
private let layouts = Catalog<LayoutSource>.layouts(environment: environment, keysymExists: { ["Escape", "Tab", "F1"].contains($0) })
private let themes = Catalog<Theme>.themes(environment: environment)

/// Paths that a reader of files must refuse or read without hanging.
private let oddPaths: [String] = {
    let work = sandbox + "/work"
    return [work + "/a-directory.yaml", work + "/fifo.yaml", "/dev/zero", "/dev/null", "/dev/urandom", work + "/big.yaml",
            work + "/loop.yaml", work + "/missing.yaml", work, "/", ".", "..", "", "../config", "fifo.yaml",
            work + "/" + String(repeating: "x", count: 5000) + ".yaml", String(repeating: "a/", count: 3000) + "b.yaml",
            work + "/big.yaml\0.txt", "fifo\u{0}", "new\nline.yaml", "/proc/self/status", "/proc/self/fd/0", "a-directory.yaml"]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    _ = sandbox
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let mode = bytes[0]
    let rest = bytes.dropFirst()
    let split = rest.firstIndex(of: 0xFF) ?? rest.endIndex
    let argument = String(decoding: rest[..<split], as: UTF8.self)
    let content = split < rest.endIndex ? Array(rest[(split + 1)...]) : []
    let wantsTheme = mode & 4 != 0

    switch mode % 4 {
    case 0:
        let path = sandbox + "/work/input.yaml"
        write(content, to: path)
        let checked = expectingCLIError { try CheckedFile(path: path, layouts: layouts, themes: themes) }
        // Reading a regular file must not change what decodes: the same text decodes the same way directly.
        if content.count <= FileLocations.maximumFileSize, let text = String(validating: content, as: UTF8.self) {
            let direct = expectingCLIError { () throws -> CheckedFile in
                CheckedFile.looksLikeLayout(text) ? .layout(try layouts.decode(text, path, true)) : .theme(try themes.decode(text, path, true))
            }
            precondition((checked == nil) == (direct == nil), "reading \(path) changed whether it decodes")
        }
        unlink(path)
    case 1:
        let kind = wantsTheme ? "themes" : "layouts"
        let canBeFileName = !argument.isEmpty && argument.utf8.count < 200 && !argument.contains("/") && !argument.contains("\0")
        let path = sandbox + "/config/tapboard/\(kind)/\(argument).yaml"
        if canBeFileName { write(content, to: path) }
        lookUp(argument, theme: wantsTheme)
        if canBeFileName { unlink(path) }
    case 2:
        // Absolute paths and `..` could reach devices with side effects on open; odd paths (mode 3) cover those.
        guard !argument.hasPrefix("/"), !argument.split(separator: "/").contains("..") else { return 0 }
        lookUp(argument, theme: wantsTheme)
    default:
        let path = oddPaths[Int(rest.first ?? 0) % oddPaths.count]
        lookUp(path, theme: wantsTheme)
        _ = expectingCLIError { try CheckedFile(path: path, layouts: layouts, themes: themes) }
    }
    return 0
}

/// What `--layout ARGUMENT` or `--theme ARGUMENT` gives.
private func lookUp(_ argument: String, theme: Bool) {
    if theme {
        _ = expectingCLIError { try themes.item(argument) }
    } else if let source = expectingCLIError({ try layouts.item(argument) }) {
        _ = LayoutProvider().layout(for: source, width: 0)
    }
}

/// The result, or nil after an error the CLI reports on one line; any other error is a bug.
private func expectingCLIError<T>(_ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch let error as CatalogError {
        precondition(!error.description.isEmpty)
    } catch let error as FileError {
        precondition(!error.description.isEmpty)
    } catch {
        preconditionFailure("an error the CLI does not report on one line: \(type(of: error)): \(error)")
    }
    return nil
}

private func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var done = 0
    while done < bytes.count {
        let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return }
        done += n
    }
}
