// scripts/bench-emoji: the emoji search's time per keystroke in every
// language's words, and the time to read the files when the emoji page first opens.
//
// The searcher types words of the language's own emoji names and keywords
// letter by letter (every 7th word of its file, so each beginning letter is
// represented) and searches after each letter, as the search line does.
import Foundation
import TapboardCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tapboard-emoji: \(message)\n".utf8))
    exit(2)
}

var folder = "Emoji", json = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--emoji": guard let f = args.popFirst() else { fail("--emoji needs a folder") }; folder = f
    case "--json": json = true
    default: fail("unknown argument '\(a)'; expected --emoji FOLDER or --json")
    }
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func read(_ name: String, in folder: String) -> String {
    guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { fail("cannot read \(folder)/\(name)") }
    return text
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

let started = now()
let catalog: EmojiCatalog
do { catalog = try EmojiCatalog(text: read("emoji.txt", in: folder)) } catch { fail("\(folder)/emoji.txt: \(error)") }
let catalogTime = now() - started
let languages = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    .filter { $0.hasSuffix(".txt") && $0 != "emoji.txt" }.map { String($0.dropLast(4)) }.sorted()
guard !languages.isEmpty else { fail("no LANG.txt in \(folder)") }

struct Row { var language: String; var read: Double; var keystrokes: Int; var median: Double; var p99: Double }
var rows: [Row] = []
var all: [Double] = []
var sink = 0
for language in languages {
    let text = read(language + ".txt", in: folder)
    let t0 = now()
    let words: EmojiWords
    do { words = try EmojiWords(text: text, catalog: catalog) } catch { fail("\(folder)/\(language).txt: \(error)") }
    let readTime = now() - t0
    let typed = text.split(separator: "\n").dropFirst().enumerated().compactMap { $0.offset % 7 == 0 ? $0.element.split(separator: "\t").first : nil }
    var times: [Double] = []
    for word in typed {
        var query = ""
        for c in word {
            query.append(c)
            let t = now()
            sink &+= words.search(query, in: catalog, limit: 16).count
            times.append(now() - t)
        }
    }
    times.sort()
    all += times
    rows.append(Row(language: language, read: readTime, keystrokes: times.count, median: percentile(times, 0.5), p99: percentile(times, 0.99)))
}
all.sort()
func ms(_ v: Double) -> String { String(format: "%.3f", v) }
if json {
    let langs = rows.map { "\"\($0.language)\":{\"read_ms\":\(ms($0.read)),\"keystrokes\":\($0.keystrokes),\"median_ms\":\(ms($0.median)),\"p99_ms\":\(ms($0.p99))}" }
    print("{\"catalog_ms\":\(ms(catalogTime)),\"keystrokes\":\(all.count),\"median_ms\":\(ms(percentile(all, 0.5))),\"p99_ms\":\(ms(percentile(all, 0.99))),\"languages\":{\(langs.joined(separator: ","))}}")
} else {
    print("emoji list read in \(ms(catalogTime)) ms (\(catalog.count) emoji)")
    print("language  read ms  keystrokes  median ms  p99 ms")
    for r in rows {
        print(r.language.padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%7.2f  %10d  %9.3f  %6.3f", r.read, r.keystrokes, r.median, r.p99))
    }
    print("all       " + String(format: "         %10d  %9.3f  %6.3f", all.count, percentile(all, 0.5), percentile(all, 0.99)))
}
if sink == -1 { print(sink) }
