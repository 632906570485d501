import CGlibcExtras
import Glibc
import Synchronization
import TapboardCore

/// Reads a language's files on a thread of its own, so a lexicon is mapped and
/// checked while the keyboard goes on answering touches and the focus (with
/// the loop blocked, auto-show's grace could pass unheard and the keyboard
/// hide and show again). Keeping learned words stays on the loop's thread, in
/// order. The loop hears that a read is done through a pipe.
final class FileReader: Sendable {
    private let storage: any SuggestionStorage
    /// The pipe's ends: the loop polls the first; a reading thread writes a byte to the second when done.
    private let readEnd: Int32
    private let writeEnd: Int32
    /// What the reads gave, in the order they finished.
    private let finished = Mutex<[(answer: SessionInput?, notes: [String])]>([])

    /// A reader for the storage; nil without a pipe (then the loop reads on its own thread).
    init?(_ storage: any SuggestionStorage) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        // One malloc arena: a reading thread's own arena would stay resident after it ends.
        mallopt(M_ARENA_MAX, 1)
        self.storage = storage
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// What the loop polls.
    var fileDescriptor: Int32 { readEnd }

    /// Starts reading on a new thread; false when none could be started.
    func read(_ request: FileRequest) -> Bool {
        let job = Unmanaged.passRetained(Job(reader: self, request: request)).toOpaque()
        var thread = pthread_t()
        // Started with every signal blocked (a thread inherits its creator's mask): a
        // SIGTERM delivered to it would end the process before the loop could release what it holds.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let started = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.reader.finish(job.reader.storage.carryOut(job.request))
            return nil
        }, job)
        guard started == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The reads finished since last asked, oldest first.
    func take() -> [(answer: SessionInput?, notes: [String])] {
        var bytes = [UInt8](repeating: 0, count: 64)
        while Glibc.read(readEnd, &bytes, bytes.count) > 0 {}
        return finished.withLock { done in
            defer { done = [] }
            return done
        }
    }

    private func finish(_ result: (answer: SessionInput?, notes: [String])) {
        finished.withLock { $0.append(result) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// A read handed to its thread.
    private final class Job {
        let reader: FileReader
        let request: FileRequest
        init(reader: FileReader, request: FileRequest) { self.reader = reader; self.request = request }
    }
}
