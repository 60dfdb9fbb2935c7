import CImage
import Foundation

/// GIF through Debian's giflib, record by record: the first image only (an animated picture
/// shows its first frame, and the frames after it are never read or decoded), laid on the
/// logical screen at its offset, interlaced rows put back in their places, the graphics control
/// extension's transparent colour showing the background. The screen's and the frame's sizes
/// are checked against the limits before any pixel memory is allocated.
enum GIFDecoder {
    static func decode(_ data: Data, limits: ImageDecoder.Limits, background: (UInt8, UInt8, UInt8)) throws -> RGBImage {
        try data.withUnsafeBytes { raw -> RGBImage in
            let source = ByteSource(raw)
            // giflib reads through the callback only inside this closure, which keeps the source alive.
            return try withExtendedLifetime(source) {
                var error: Int32 = 0
                let file = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { file, buffer, count in
                    ByteSource.read(file, buffer, count)
                }, &error)
                guard let file else { throw ImageError.damaged(describe(error)) }
                defer {
                    var ignored: Int32 = 0
                    _ = DGifCloseFile(file, &ignored)
                }
                return try firstImage(file, limits: limits, background: background)
            }
        }
    }

    // MARK: - Records

    /// Reads records up to the first image descriptor, keeping the transparent colour of the last
    /// graphics control extension before it, then that image's pixels.
    private static func firstImage(_ file: UnsafeMutablePointer<GifFileType>, limits: ImageDecoder.Limits,
                                   background: (UInt8, UInt8, UInt8)) throws -> RGBImage {
        let screenWidth = Int(file.pointee.SWidth), screenHeight = Int(file.pointee.SHeight)
        guard screenWidth <= limits.maxDimension, screenHeight <= limits.maxDimension else {
            throw ImageError.tooLarge("\(screenWidth)×\(screenHeight) pixels")
        }
        var transparent: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(file, &record) == GIF_OK else { throw failure(file) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(file) == GIF_OK else { throw failure(file) }
                return try pixels(file, screen: (screenWidth, screenHeight), transparent: transparent,
                                  limits: limits, background: background)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(file, &code, &block) == GIF_OK else { throw failure(file) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    // The block's first byte is its length; giflib refuses any length but 4.
                    var control = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK {
                        transparent = control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil
                    }
                }
                while block != nil {
                    guard DGifGetExtensionNext(file, &block) == GIF_OK else { throw failure(file) }
                }
            case TERMINATE_RECORD_TYPE:
                throw ImageError.damaged("no image")
            default:
                throw ImageError.damaged("unexpected record")
            }
        }
    }

    // MARK: - Pixels

    /// The current image's pixels on the screen: a screen of no size takes the frame's extent; a
    /// frame reaching past the screen is cut at its edges.
    private static func pixels(_ file: UnsafeMutablePointer<GifFileType>, screen: (width: Int, height: Int),
                               transparent: Int?, limits: ImageDecoder.Limits,
                               background: (UInt8, UInt8, UInt8)) throws -> RGBImage {
        let frame = file.pointee.Image
        let left = Int(frame.Left), top = Int(frame.Top), width = Int(frame.Width), height = Int(frame.Height)
        try ImageDecoder.check(width, height, limits)
        let canvasWidth = screen.width > 0 ? screen.width : left + width
        let canvasHeight = screen.height > 0 ? screen.height : top + height
        try ImageDecoder.check(canvasWidth, canvasHeight, limits)
        guard let map = frame.ColorMap ?? file.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw ImageError.damaged("no colour map")
        }
        // Every index a byte can name: those past the map's end, and the transparent one, show
        // the background.
        var palette = [(UInt8, UInt8, UInt8)](repeating: background, count: 256)
        for index in 0..<min(256, max(0, Int(map.pointee.ColorCount))) {
            let color = colors[index]
            palette[index] = (color.Red, color.Green, color.Blue)
        }
        if let transparent, transparent < 256 { palette[transparent] = background }

        var pixels = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 3)
        for index in 0..<(canvasWidth * canvasHeight) {
            (pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2]) = background
        }
        var line = [GifPixelType](repeating: 0, count: width)
        let visible = max(0, min(width, canvasWidth - left))
        for row in rowOrder(height: height, interlaced: frame.Interlace) {
            let read = line.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32(width)) }
            guard read == GIF_OK else { throw failure(file) }
            let y = top + row
            guard y < canvasHeight else { continue }
            for x in 0..<visible {
                let color = palette[Int(line[x])]
                let index = (y * canvasWidth + left + x) * 3
                (pixels[index], pixels[index + 1], pixels[index + 2]) = color
            }
        }
        return RGBImage(width: canvasWidth, height: canvasHeight, pixels: pixels)
    }

    /// The rows in the order the file stores them: top to bottom, or interlaced in four passes
    /// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    // MARK: - Errors

    private static func failure(_ file: UnsafeMutablePointer<GifFileType>) -> ImageError {
        .damaged(describe(file.pointee.Error))
    }

    private static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "GIF error \(code)"
    }
}

/// The bytes giflib reads, handed out in order through its read callback.
private final class ByteSource {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// giflib's `InputFunc`: copies up to `count` bytes to `buffer`, returns how many (fewer at
    /// the end, which giflib reports as a read error).
    static func read(_ file: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
                     _ count: Int32) -> Int32 {
        guard let file, let buffer, count > 0, let context = file.pointee.UserData else { return 0 }
        let source = Unmanaged<ByteSource>.fromOpaque(context).takeUnretainedValue()
        let available = min(Int(count), source.bytes.count - source.offset)
        guard available > 0, let base = source.bytes.baseAddress else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + source.offset, byteCount: available)
        source.offset += available
        return Int32(available)
    }
}
