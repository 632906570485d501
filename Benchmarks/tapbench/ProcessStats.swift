import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// CPU used by one process so far, read from /proc.
struct CPUSample {
    /// utime + stime from /proc/PID/stat (all threads, dead ones included), in clock ticks.
    var ticks: UInt64
    /// Run time from /proc/PID/task/*/schedstat (live threads), in nanoseconds.
    var runNanoseconds: UInt64

    /// The CPU used between `earlier` and this sample.
    func since(_ earlier: CPUSample) -> CPUUsage {
        CPUUsage(milliseconds: Double(ticks &- earlier.ticks) * 1000 / Double(ProcessStats.ticksPerSecond),
                 runMilliseconds: Double(runNanoseconds &- earlier.runNanoseconds) / 1e6)
    }
}

/// CPU time over an interval, both ways the kernel counts it.
struct CPUUsage: Codable {
    /// utime + stime, in ms (resolution one clock tick, 10 ms at 100 Hz).
    var milliseconds: Double
    /// Scheduler run time, in ms (nanosecond resolution).
    var runMilliseconds: Double

    /// The same usage scaled (per 1000 taps, say).
    func scaled(by factor: Double) -> CPUUsage {
        CPUUsage(milliseconds: milliseconds * factor, runMilliseconds: runMilliseconds * factor)
    }
}

/// CPU and wake-ups over an idle interval.
struct IdleUsage: Codable {
    /// The interval, s.
    var seconds: Double
    /// CPU used in it.
    var cpu: CPUUsage
    /// Context switches in it (each wake-up from poll() is one); nil if unreadable.
    var wakeUps: Int?
    /// When they came, s into the interval (to 0.1 s; read every 100 ms).
    var wakeUpTimes: [Double] = []

    /// The wake-up times grouped, for reading: `6 at 4.2 s`, `1 at 0.3 s, 2 at 9.1 s`.
    var wakeUpSummary: String {
        var groups: [(at: Double, count: Int)] = []
        for time in wakeUpTimes {
            if let lastGroup = groups.last, time - lastGroup.at <= 0.2 { groups[groups.count - 1].count += 1 } else { groups.append((time, 1)) }
        }
        return groups.map { "\($0.count) at \(String(format: "%.1f", $0.at)) s" }.joined(separator: ", ")
    }

    /// Whether it used no CPU at all: no scheduler run time, no tick, no wake-up.
    var isZero: Bool { cpu.runMilliseconds == 0 && cpu.milliseconds == 0 && (wakeUps ?? 0) == 0 }
}

/// Resident memory at one moment, as /proc/PID/status counts it.
struct MemoryUsage: Codable {
    /// VmRSS: every resident page mapped, KiB.
    var residentKiB: Int
    /// RssAnon: anonymous pages (heap, stacks, written data), KiB; no page cache in it.
    var anonymousKiB: Int
    /// RssFile: file pages mapped (code and data of the binary and libraries, fonts), KiB.
    var fileKiB: Int
    /// RssShmem: shared memory, KiB.
    var sharedMemoryKiB: Int

    /// This minus another, field by field.
    func minus(_ other: MemoryUsage) -> MemoryUsage {
        MemoryUsage(residentKiB: residentKiB - other.residentKiB, anonymousKiB: anonymousKiB - other.anonymousKiB,
                    fileKiB: fileKiB - other.fileKiB, sharedMemoryKiB: sharedMemoryKiB - other.sharedMemoryKiB)
    }
}

/// Reads /proc/PID/stat, /proc/PID/task/*/schedstat and /proc/PID/status.
enum ProcessStats {
    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    static let ticksPerSecond: Int = sysconf(Int32(_SC_CLK_TCK))

    /// The process's CPU so far, or nil if it is gone.
    static func cpu(of pid: pid_t) -> CPUSample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let utime = UInt64(fields[11]), let stime = UInt64(fields[12]) else { return nil }
        var run: UInt64 = 0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
                  let first = text.split(separator: " ").first, let ns = UInt64(first) else { continue }
            run += ns
        }
        return CPUSample(ticks: utime + stime, runNanoseconds: run)
    }

    /// VmRSS, RssAnon, RssFile and RssShmem from /proc/PID/status, or nil if it is gone.
    static func memory(of pid: pid_t) -> MemoryUsage? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") || line.hasPrefix("Rss") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            if parts.count >= 2, let kib = Int(parts[1]) { fields[String(parts[0])] = kib }
        }
        guard let resident = fields["VmRSS"] else { return nil }
        return MemoryUsage(residentKiB: resident, anonymousKiB: fields["RssAnon"] ?? 0,
                           fileKiB: fields["RssFile"] ?? 0, sharedMemoryKiB: fields["RssShmem"] ?? 0)
    }

    /// Context switches (voluntary and not) of all its live threads so far: each
    /// wake-up from a blocking wait adds one. Nil if it is gone.
    static func wakeUps(of pid: pid_t) -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += line.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            }
        }
        return total
    }

    /// The number of threads (/proc/PID/status Threads:), or nil if it is gone.
    static func threads(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
