import CX11
import Foundation

/// The pixels of a window, as 8-bit RGB rows, read from the server with XGetImage;
/// PNG files are read and written through ImageMagick's `convert`.
public struct Screenshot: Equatable, Sendable {
    /// Size in pixels.
    public let width: Int, height: Int
    /// Red, green, blue for each pixel, row by row.
    public let rgb: [UInt8]

    /// Makes a screenshot from raw RGB bytes.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width; self.height = height; self.rgb = rgb
    }

    /// Reads a window's contents (it must be mapped and on the screen).
    public static func capture(displayName: String, window: Window, width: Int, height: Int) throws -> Screenshot {
        let d = try XConnection.open(displayName)
        defer { XCloseDisplay(d) }
        guard let image = XGetImage(d, window, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else {
            throw HarnessError.badLayout("XGetImage failed for window 0x\(String(window, radix: 16))")
        }
        defer { tb_destroy_image(image) }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let visual = tb_default_visual(d, tb_default_screen(d))!.pointee
        let masks = (visual.red_mask, visual.green_mask, visual.blue_mask)
        func channel(_ pixel: UInt, _ mask: UInt) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            let max = mask >> shift
            return UInt8(((pixel & mask) >> shift) * 255 / max)
        }
        for y in 0 ..< height {
            for x in 0 ..< width {
                let p = tb_get_pixel(image, Int32(x), Int32(y))
                let i = (y * width + x) * 3
                rgb[i] = channel(p, masks.0); rgb[i + 1] = channel(p, masks.1); rgb[i + 2] = channel(p, masks.2)
            }
        }
        return Screenshot(width: width, height: height, rgb: rgb)
    }

    /// How many different colours it has (a blank image has one).
    public var colourCount: Int {
        var seen = Set<UInt32>()
        for i in stride(from: 0, to: rgb.count, by: 3) {
            seen.insert(UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2]))
        }
        return seen.count
    }

    /// How many pixels differ in some channel by more than `tolerance`.
    public func differingPixels(from other: Screenshot, tolerance: UInt8 = 0) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var count = 0
        for i in stride(from: 0, to: rgb.count, by: 3) {
            for c in 0 ..< 3 where (rgb[i + c] > other.rgb[i + c] ? rgb[i + c] - other.rgb[i + c] : other.rgb[i + c] - rgb[i + c]) > tolerance {
                count += 1
                break
            }
        }
        return count
    }

    /// Writes a PNG file.
    public func writePNG(to path: String) throws {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-\(getpid())-\(UInt32.random(in: 0 ... .max)).rgb")
        try Data(rgb).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        _ = try ChildProcess.run(Self.convert, ["-size", "\(width)x\(height)", "-depth", "8", "rgb:" + raw.path, "png:" + path])
    }

    /// Reads a PNG file.
    public static func readPNG(_ path: String) throws -> Screenshot {
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-\(getpid())-\(UInt32.random(in: 0 ... .max)).rgb")
        defer { try? FileManager.default.removeItem(at: raw) }
        let size = try ChildProcess.run(Self.identify, ["-format", "%w %h", path]).split(separator: " ").compactMap { Int($0) }
        guard size.count == 2 else { throw HarnessError.badLayout("cannot read the size of \(path)") }
        _ = try ChildProcess.run(Self.convert, [path, "-depth", "8", "rgb:" + raw.path])
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard bytes.count == size[0] * size[1] * 3 else { throw HarnessError.badLayout("\(path) decoded to \(bytes.count) bytes") }
        return Screenshot(width: size[0], height: size[1], rgb: bytes)
    }

    private static let convert = URL(fileURLWithPath: "/usr/bin/convert")
    private static let identify = URL(fileURLWithPath: "/usr/bin/identify")
}
