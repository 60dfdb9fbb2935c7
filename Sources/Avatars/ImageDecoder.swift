import CImage
import Foundation

/// The image formats an avatar may come in, told by their first bytes (GitHub's Content-Type
/// has been seen wrong).
public enum ImageFormat: String, Sendable, Equatable {
    case png, jpeg, gif

    public static func sniff(_ data: Data) -> ImageFormat? {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }
}

/// Why an image was not decoded.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not PNG, JPEG or GIF (an HTML error page, say).
    case notAnImage
    /// More bytes, or more pixels declared, than an avatar ever needs: refused before decoding.
    case tooLarge(String)
    /// The decoder gave up (truncated or damaged).
    case damaged(String)

    public var description: String {
        switch self {
        case .notAnImage: "not a PNG, JPEG or GIF image"
        case .tooLarge(let what): "image too large (\(what))"
        case .damaged(let why): "damaged image (\(why))"
        }
    }
}

/// RGB pixels, row by row, three bytes a pixel.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at `x`, `y`.
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }
}

/// Decodes PNG (through libpng), JPEG (through libjpeg-turbo) and GIF (through giflib, the first
/// image: `GIFDecoder`), refusing absurd sizes before anything is decoded: decompression bombs
/// exist. The libraries are Debian's, kept up to date for security.
public enum ImageDecoder {
    public struct Limits: Sendable {
        public var maxBytes: Int
        public var maxDimension: Int

        /// An avatar is at most 460 pixels square on GitHub; 2,048 leaves room and caps a bomb's
        /// memory at 16 MiB.
        public init(maxBytes: Int = 4 * 1_048_576, maxDimension: Int = 2_048) {
            self.maxBytes = maxBytes
            self.maxDimension = maxDimension
        }
    }

    /// The image's RGB pixels; transparent parts are laid over `background`.
    public static func decode(_ data: Data, limits: Limits = Limits(),
                              background: (UInt8, UInt8, UInt8) = (0, 0, 0)) throws -> RGBImage {
        guard data.count <= limits.maxBytes else { throw ImageError.tooLarge("\(data.count) bytes") }
        switch ImageFormat.sniff(data) {
        case .png: return try decodePNG(data, limits: limits, background: background)
        case .jpeg: return try decodeJPEG(data, limits: limits)
        case .gif: return try GIFDecoder.decode(data, limits: limits, background: background)
        case nil: throw ImageError.notAnImage
        }
    }

    /// Refuses an image (or a GIF's screen or frame) of no pixels, or wider or taller than the limits.
    static func check(_ width: Int, _ height: Int, _ limits: Limits) throws {
        guard width > 0, height > 0 else { throw ImageError.damaged("no pixels") }
        guard width <= limits.maxDimension, height <= limits.maxDimension else {
            throw ImageError.tooLarge("\(width)×\(height) pixels")
        }
    }

    private static func decodePNG(_ data: Data, limits: Limits, background: (UInt8, UInt8, UInt8)) throws -> RGBImage {
        try data.withUnsafeBytes { raw -> RGBImage in
            var image = png_image()
            image.version = ghs_png_image_version()
            // The header only: the declared size is checked before a pixel is decoded.
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw ImageError.damaged(message(&image))
            }
            defer { png_image_free(&image) }
            try check(Int(image.width), Int(image.height), limits)
            image.format = ghs_png_format_rgba()
            let count = Int(image.width) * Int(image.height)
            var rgba = [UInt8](repeating: 0, count: count * 4)
            let done = rgba.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            }
            guard done != 0 else { throw ImageError.damaged(message(&image)) }
            var pixels = [UInt8](repeating: 0, count: count * 3)
            let under = [UInt16(background.0), UInt16(background.1), UInt16(background.2)]
            for index in 0..<count {
                let alpha = UInt16(rgba[index * 4 + 3])
                for channel in 0..<3 {
                    let value = UInt16(rgba[index * 4 + channel])
                    pixels[index * 3 + channel] = UInt8((value * alpha + under[channel] * (255 - alpha) + 127) / 255)
                }
            }
            return RGBImage(width: Int(image.width), height: Int(image.height), pixels: pixels)
        }
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func decodeJPEG(_ data: Data, limits: Limits) throws -> RGBImage {
        guard let handle = tjInitDecompress() else { throw ImageError.damaged("no JPEG decoder") }
        defer { tjDestroy(handle) }
        return try data.withUnsafeBytes { raw -> RGBImage in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { throw ImageError.notAnImage }
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard tjDecompressHeader3(handle, base, UInt(raw.count), &width, &height, &subsampling, &colorspace) == 0 else {
                throw ImageError.damaged(String(cString: tjGetErrorStr2(handle)))
            }
            try check(Int(width), Int(height), limits)
            var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
            let status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, base, UInt(raw.count), out.baseAddress, width, 0, height, ghs_tj_rgb(),
                              ghs_tj_limit_scans())
            }
            // A warning (a slightly damaged file) still gives a picture; an error gives none.
            guard status == 0 || tjGetErrorCode(handle) == TJERR_WARNING.rawValue else {
                throw ImageError.damaged(String(cString: tjGetErrorStr2(handle)))
            }
            return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
        }
    }
}

extension RGBImage {
    /// The image at `width`×`height`, each new pixel the average of the area it covers (stb's
    /// box filter, in linear light).
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBImage {
        let w = max(1, newWidth)
        let h = max(1, newHeight)
        var output = [UInt8](repeating: 0, count: w * h * 3)
        let done = pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stbir_resize_uint8_generic(input.baseAddress, Int32(width), Int32(height), Int32(width * 3),
                                           out.baseAddress, Int32(w), Int32(h), Int32(w * 3), 3, -1, 0,
                                           STBIR_EDGE_CLAMP, STBIR_FILTER_BOX, STBIR_COLORSPACE_SRGB, nil)
            }
        }
        guard done == 1 else { return RGBImage(width: w, height: h, pixels: output) }
        return RGBImage(width: w, height: h, pixels: output)
    }
}
