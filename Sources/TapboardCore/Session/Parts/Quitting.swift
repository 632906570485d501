/// Quitting: asked for (with the status to exit with, once what is queued is
/// typed), then done, after which the session does nothing more.
struct Quitting: Sendable {
    /// The status asked for; the first request's stands, but a failure (non-zero) outranks a plain quit.
    private(set) var status: Int32?
    /// `.exit` was sent.
    private(set) var finished = false

    mutating func request(status new: Int32) {
        if new != 0 || status == nil { status = new }
    }

    mutating func finish() { finished = true }
}
