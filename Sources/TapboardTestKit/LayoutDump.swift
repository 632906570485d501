import Foundation

/// One page as `tapboard dump-layout` reports it.
public struct PageFrames: Decodable, Sendable {
    /// One key, in window pixels.
    public struct Key: Decodable, Sendable {
        /// The key's id: its character, or its action (`space`, `shift`, `page:symbols`).
        public var id: String
        /// The label drawn on it, if any.
        public var label: String?
        /// What it does (`character:q`, `backspace`).
        public var action: String
        /// Left edge in the window.
        public var x: Double
        /// Top edge in the window.
        public var y: Double
        /// Width.
        public var width: Double
        /// Height.
        public var height: Double
    }

    /// The window size the frames are for.
    public struct Size: Decodable, Sendable {
        /// Width in pixels.
        public var width: Double
        /// Height in pixels.
        public var height: Double
    }

    /// The page's name (`letters`, `symbols`, `more-symbols`).
    public var page: String
    /// The window size the frames are for.
    public var size: Size
    /// Every key of the page.
    public var keys: [Key]

    /// The key with this id, if the page has one.
    public func key(_ id: String) -> Key? { keys.first { $0.id == id } }

    /// Runs `tapboard dump-layout --size WxH --page P [arguments]` and parses its JSON;
    /// without the suggestion strip unless `suggestions` (as `Keyboard` starts tapboard unless told otherwise).
    public static func dump(binary: URL, size: String, page: String, arguments: [String] = [], suggestions: Bool = false) throws -> PageFrames {
        let strip = suggestions || arguments.contains("--no-suggestions") ? [] : ["--no-suggestions"]
        let output = try ChildProcess.run(binary, ["dump-layout", "--size", size, "--page", page] + arguments + strip)
        let frames: PageFrames
        do {
            frames = try JSONDecoder().decode(PageFrames.self, from: Data(output.utf8))
        } catch {
            throw HarnessError.badLayout("\(error) in \(output.prefix(400))")
        }
        guard frames.page == page else { throw HarnessError.badLayout("asked for page \(page), got \(frames.page)") }
        guard "\(Int(frames.size.width))x\(Int(frames.size.height))" == size else {
            throw HarnessError.badLayout("asked for size \(size), got \(frames.size.width)x\(frames.size.height)")
        }
        return frames
    }
}
