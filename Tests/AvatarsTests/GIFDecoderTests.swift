@testable import Avatars
import CImage
import Foundation
import Testing

/// One image of a test GIF: palette indices row by row (top to bottom, whatever the order they
/// are written in), where it sits on the screen, and what the file says about it.
struct GIFFrame {
    var left = 0
    var top = 0
    var width: Int
    var height: Int
    var indices: [UInt8]
    var interlaced = false
    var transparent: Int?
    /// A local colour map (a power of two of entries), else the global one is used.
    var colors: [(UInt8, UInt8, UInt8)]?
}

/// A GIF written by giflib's encoder (its low-level calls: an interlaced frame's rows go out in
/// the four passes' order, as the format lays them out).
func gifFile(width: Int, height: Int, colors: [(UInt8, UInt8, UInt8)]?, frames: [GIFFrame]) -> Data {
    final class Sink { var data = Data() }
    let sink = Sink()
    var error: Int32 = 0
    let write: OutputFunc = { file, bytes, count in
        guard let file, let bytes, count > 0, let user = file.pointee.UserData else { return 0 }
        Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
        return count
    }
    guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error) else {
        Issue.record("EGifOpen failed: \(error)")
        return Data()
    }
    func colorMap(_ colors: [(UInt8, UInt8, UInt8)]?) -> UnsafeMutablePointer<ColorMapObject>? {
        guard let colors else { return nil }
        let entries = colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        return entries.withUnsafeBufferPointer { GifMakeMapObject(Int32(entries.count), $0.baseAddress) }
    }
    let global = colorMap(colors)
    defer { GifFreeMapObject(global) }
    EGifSetGifVersion(file, true)
    #expect(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, global) == GIF_OK)
    for frame in frames {
        if let transparent = frame.transparent {
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 10,
                                               TransparentColor: Int32(transparent))
            var bytes = [GifByteType](repeating: 0, count: 4)
            let count = EGifGCBToExtension(&control, &bytes)
            #expect(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(count), bytes) == GIF_OK)
        }
        let local = colorMap(frame.colors)
        defer { GifFreeMapObject(local) }
        #expect(EGifPutImageDesc(file, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height),
                                 frame.interlaced, local) == GIF_OK)
        let rows: [Int] = frame.interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { Array(stride(from: $0.0, to: frame.height, by: $0.1)) }
            : Array(0..<frame.height)
        for row in rows {
            var line = Array(frame.indices[row * frame.width..<(row + 1) * frame.width])
            #expect(EGifPutLine(file, &line, Int32(frame.width)) == GIF_OK)
        }
    }
    #expect(EGifCloseFile(file, &error) == GIF_OK)
    return withExtendedLifetime(sink) { sink.data }
}

/// The pixels of `indices` through `colors`, three bytes each.
func rgb(_ indices: [UInt8], _ colors: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
    indices.flatMap { [colors[Int($0)].0, colors[Int($0)].1, colors[Int($0)].2] }
}

/// Sixteen colours, each a different grey-free colour, so a misplaced row shows.
let sixteen: [(UInt8, UInt8, UInt8)] = (0..<16).map { (index: Int) -> (UInt8, UInt8, UInt8) in
    (UInt8(index * 16), UInt8(255 - index * 16), index % 2 == 0 ? 0 : 200)
}

@Suite("GIF pictures (giflib)")
struct GIFDecoderTests {
    @Test("a GIF is drawn in its palette's colours, pixel for pixel, as a PNG is")
    func decodes() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        let indices: [UInt8] = [0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 2, 2]
        let gif = gifFile(width: 4, height: 3, colors: colors,
                          frames: [GIFFrame(width: 4, height: 3, indices: indices)])
        #expect(ImageFormat.sniff(gif) == .gif)
        let image = try ImageDecoder.decode(gif)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.pixels == rgb(indices, colors))
        // The smallest GIF there is, written by hand: one red pixel.
        let tiny = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00, 0x00,
                         0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44,
                         0x01, 0x00, 0x3B])
        #expect(try ImageDecoder.decode(tiny) == RGBImage(width: 1, height: 1, pixels: [255, 0, 0]))
    }

    @Test("an interlaced GIF's rows land where they belong, not in the order the four passes store them")
    func interlaced() throws {
        // 3×13: row y in colour y (mod 16), so each pass's rows are told apart.
        let indices = (0..<13).flatMap { row in [UInt8](repeating: UInt8(row % 16), count: 3) }
        let gif = gifFile(width: 3, height: 13, colors: sixteen,
                          frames: [GIFFrame(width: 3, height: 13, indices: indices, interlaced: true)])
        let image = try ImageDecoder.decode(gif)
        #expect(image.width == 3 && image.height == 13)
        for row in 0..<13 {
            #expect(image[1, row] == sixteen[row], "row \(row)")
        }
        #expect(image.pixels == rgb(indices, sixteen))
    }

    @Test("transparent pixels and the screen around a smaller frame show the background given, as a PNG's alpha does")
    func transparentAndOffset() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 0, 255)]
        // A 4×3 screen; a 2×2 frame at (1, 1) whose index 1 is transparent.
        let frame = GIFFrame(left: 1, top: 1, width: 2, height: 2, indices: [0, 1, 1, 0], transparent: 1)
        let gif = gifFile(width: 4, height: 3, colors: colors, frames: [frame])
        let paper: (UInt8, UInt8, UInt8) = (10, 20, 30)
        let image = try ImageDecoder.decode(gif, background: paper)
        #expect(image.width == 4 && image.height == 3)
        let p = [paper.0, paper.1, paper.2], red: [UInt8] = [255, 0, 0]
        #expect(image.pixels == p + p + p + p
                             + p + red + p + p
                             + p + p + red + p)
        // A frame reaching past the screen is cut at its edge; a local colour map wins over the global one.
        let past = GIFFrame(left: 2, top: 0, width: 3, height: 1, indices: [0, 1, 0], colors: [(0, 255, 0), (9, 9, 9)])
        let cut = try ImageDecoder.decode(gifFile(width: 4, height: 1, colors: colors, frames: [past]), background: paper)
        #expect(cut.pixels == p + p + [0, 255, 0] + [9, 9, 9])
    }

    @Test("an animated GIF shows its first frame, and what follows it is never read")
    func firstFrame() throws {
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 0, 255)]
        let red = [UInt8](repeating: 0, count: 16), blue = [UInt8](repeating: 1, count: 16)
        let first = GIFFrame(width: 4, height: 4, indices: red, transparent: 1)
        let gif = gifFile(width: 4, height: 4, colors: colors, frames: [
            first,
            GIFFrame(width: 4, height: 4, indices: blue),
            GIFFrame(width: 4, height: 4, indices: blue, interlaced: true),
        ])
        let image = try ImageDecoder.decode(gif)
        #expect(image.pixels == rgb(red, colors))
        // Cut short inside the second frame's header: the first still decodes (reading every frame
        // first, as giflib's DGifSlurp does, would fail here).
        let alone = gifFile(width: 4, height: 4, colors: colors, frames: [first])
        #expect(gif.prefix(alone.count - 1) == alone.prefix(alone.count - 1), "the same bytes up to the second frame")
        #expect(try ImageDecoder.decode(gif.prefix(alone.count + 4)).pixels == rgb(red, colors))
    }

    @Test("a screen or a frame larger than the limits is refused from its header, before pixels are decoded")
    func bombs() {
        func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        // The screen alone: 60,000×60,000 would be 10 GB of pixels; nothing follows the header.
        let screen = Data(Array("GIF89a".utf8) + little(60_000) + little(60_000) + [0, 0, 0])
        #expect(throws: ImageError.tooLarge("60000×60000 pixels")) { try ImageDecoder.decode(screen) }
        #expect(throws: ImageError.tooLarge("3000×10 pixels")) {
            try ImageDecoder.decode(Data(Array("GIF89a".utf8) + little(3_000) + little(10) + [0, 0, 0]))
        }
        // A 10×10 screen whose one frame claims 60,000×40,000, with no pixel data after it.
        let frame = Data(Array("GIF89a".utf8) + little(10) + little(10) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
                         + [0x2C] + little(0) + little(0) + little(60_000) + little(40_000) + [0, 2])
        #expect(throws: ImageError.tooLarge("60000×40000 pixels")) { try ImageDecoder.decode(frame) }
        // A frame placed past the limit, on a screen of no size (the frame then gives the size).
        let far = Data(Array("GIF89a".utf8) + little(0) + little(0) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
                       + [0x2C] + little(5_000) + little(0) + little(10) + little(10) + [0, 2])
        #expect(throws: ImageError.tooLarge("5010×10 pixels")) { try ImageDecoder.decode(far) }
    }

    @Test("a GIF cut short, without colours, or with no image is refused as damaged, not a crash")
    func broken() throws {
        let indices = (0..<(40 * 40)).map { UInt8($0 * 7 % 16) }
        let gif = gifFile(width: 40, height: 40, colors: sixteen, frames: [GIFFrame(width: 40, height: 40, indices: indices)])
        #expect(try ImageDecoder.decode(gif).pixels == rgb(indices, sixteen))
        for length in [gif.count / 2, 30, 13, 6] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(gif.prefix(length)) }
            guard case .damaged? = error else {
                Issue.record("cut at \(length) bytes: \(String(describing: error)), not damaged")
                continue
            }
        }
        // No colour map anywhere; a screen and nothing else; a trailer before any image.
        let header = Array("GIF89a".utf8) + [2, 0, 2, 0]
        // The one-pixel GIF of the first test with its global map taken out (flags 0x80 to 0, six bytes less).
        let colourless = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
                               0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B])
        for body in [colourless, Data(header + [0, 0, 0]), Data(header + [0, 0, 0, 0x3B])] {
            let error = #expect(throws: ImageError.self) { try ImageDecoder.decode(body) }
            guard case .damaged? = error else {
                Issue.record("\(Array(body.prefix(16))): \(String(describing: error)), not damaged")
                continue
            }
        }
    }

    @Test("pixels naming colours past the end of a small palette are the background, not a read past it")
    func outOfPalette() throws {
        // Pixels 0 to 3 written with a four-colour map, which is then cut to its first two entries
        // (LZW codes pixels in at least two bits, so 2 and 3 stay in the data).
        let four = gifFile(width: 4, height: 1, colors: [(255, 0, 0), (0, 255, 0), (1, 1, 1), (2, 2, 2)],
                           frames: [GIFFrame(width: 4, height: 1, indices: [0, 1, 2, 3])])
        #expect(four[10] & 0x87 == 0x81, "a global map of four entries, 12 bytes from byte 13")
        var gif = four
        gif[10] = four[10] & 0xF8
        gif.removeSubrange(19..<25)
        let image = try ImageDecoder.decode(gif, background: (7, 7, 7))
        #expect(image.pixels == [255, 0, 0, 0, 255, 0, 7, 7, 7, 7, 7, 7])
    }
}
