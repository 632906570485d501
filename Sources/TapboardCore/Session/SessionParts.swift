/// The features that are parts of the session.
struct SessionParts: Sendable {
}
