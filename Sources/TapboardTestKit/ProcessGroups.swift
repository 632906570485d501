import Foundation
import Glibc

/// Process groups read from /proc: what a program started for a test leaves
/// behind when it is killed. xinit runs its client in a group of its own, and a
/// session bus the client started (`dbus-run-session`) outlives it: xinit's
/// SIGHUP makes dbus-daemon read its configuration again, not exit.
public enum ProcessGroups {
    /// The process groups of `parent`'s children, read now.
    public static func ofChildren(of parent: pid_t) -> Set<pid_t> {
        Set(processes().filter { $0.parent == parent }.map(\.group))
    }

    /// Ends every process left in `groups` (SIGTERM, then SIGKILL after
    /// `timeout`); whether none is left.
    @discardableResult
    public static func end(_ groups: Set<pid_t>, timeout: Duration = .seconds(5)) -> Bool {
        func left() -> Bool { processes().contains { groups.contains($0.group) } }
        for group in groups where group > 1 { kill(-group, SIGTERM) }
        if Deadline.waitFor(timeout, until: { !left() }) { return true }
        for group in groups where group > 1 { kill(-group, SIGKILL) }
        return Deadline.waitFor(timeout, until: { !left() })
    }

    /// Each process's parent and group (fields 4 and 5 of /proc/PID/stat, after the command's parenthesis).
    private static func processes() -> [(pid: pid_t, parent: pid_t, group: pid_t)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> (pid_t, pid_t, pid_t)? in
            guard let pid = pid_t(name), let stat = readProcFile("/proc/\(name)/stat"),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // State, parent, group; a zombie waits for its parent and is no leftover.
            guard fields.count > 2, fields[0] != "Z", let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
            return (pid, parent, group)
        }
    }

    /// A /proc file's text: its size reads as 0, so it is read until its end.
    private static func readProcFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0 ..< n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
