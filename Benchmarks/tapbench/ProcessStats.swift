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

    /// VmRSS from /proc/PID/status, in KiB, or nil if it is gone.
    static func residentKiB(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        return nil
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
