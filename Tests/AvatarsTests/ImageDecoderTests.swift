@testable import Avatars
import CImage
import Foundation
import TerminalUI
import Testing

/// An image encoded by stb_image_write, for the decoder to read back.
func encoded(_ pixels: [UInt8], width: Int, height: Int, jpeg: Bool = false) -> Data {
    final class Sink { var data = Data() }
    let sink = Sink()
    let write: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void = { context, bytes, count in
        guard let context, let bytes else { return }
        Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes.assumingMemoryBound(to: UInt8.self), count: Int(count))
    }
    let context = Unmanaged.passUnretained(sink).toOpaque()
    pixels.withUnsafeBytes { raw in
        if jpeg {
            _ = stbi_write_jpg_to_func(write, context, Int32(width), Int32(height), 3, raw.baseAddress, 100)
        } else {
            _ = stbi_write_png_to_func(write, context, Int32(width), Int32(height), 3, raw.baseAddress, Int32(width * 3))
        }
    }
    return withExtendedLifetime(sink) { sink.data }
}

/// A PNG whose header claims `width`×`height` pixels, then an empty IDAT: no pixels at all.
func pngHeader(width: UInt32, height: UInt32) -> Data {
    func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    let chunk = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
    let idat = Array("IDAT".utf8)
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + chunk + bigEndian(crc32(chunk))
                + bigEndian(0) + idat + bigEndian(crc32(idat)))
}

/// PNG's chunk checksum (CRC-32, reflected, polynomial 0xEDB88320).
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

@Suite("Decoding and downscaling pictures")
struct ImageDecoderTests {
    @Test("PNG and JPEG are told by their bytes, not their name, and decode to their pixels (GIF: GIFDecoderTests)")
    func decodes() throws {
        let pixels: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let png = encoded(pixels, width: 2, height: 2)
        #expect(ImageFormat.sniff(png) == .png)
        let image = try ImageDecoder.decode(png)
        #expect(image.width == 2 && image.height == 2 && image.pixels == pixels)
        let jpeg = encoded([UInt8](repeating: 200, count: 8 * 8 * 3), width: 8, height: 8, jpeg: true)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == 8 && decoded.pixels.allSatisfy { abs(Int($0) - 200) <= 2 })
    }

    @Test("downscaling averages the area each pixel covers (in linear light), it does not pick pixels")
    func boxFilter() throws {
        // 4×2: a red 2×2 block, then a block of black and white in a checkerboard.
        let r: [UInt8] = [255, 0, 0], k: [UInt8] = [0, 0, 0], w: [UInt8] = [255, 255, 255]
        let image = RGBImage(width: 4, height: 2, pixels: r + r + k + w + r + r + w + k)
        let half = image.resized(width: 2, height: 1)
        #expect(half.width == 2 && half.height == 1)
        #expect(Array(half.pixels[0..<3]) == [255, 0, 0], "a flat area stays its colour")
        let gray = Array(half.pixels[3..<6])
        #expect(gray.allSatisfy { abs(Int($0) - 188) <= 1 }, "half black, half white is mid-grey in light: \(gray)")
        #expect(gray[0] == gray[1] && gray[1] == gray[2])
    }

    @Test("refused before anything is decoded: a header claiming 100,000×100,000, a body too large")
    func bombs() {
        #expect(throws: ImageError.tooLarge("100000×100000 pixels")) { try ImageDecoder.decode(pngHeader(width: 100_000, height: 100_000)) }
        #expect(throws: ImageError.tooLarge("5000×10 pixels")) { try ImageDecoder.decode(pngHeader(width: 5_000, height: 10)) }
        let big = Data(count: 5 * 1_048_576)
        #expect(throws: ImageError.tooLarge("5242880 bytes")) { try ImageDecoder.decode(big) }
    }

    @Test("a truncated image and an HTML page are errors, not crashes")
    func broken() {
        let png = encoded([UInt8](repeating: 90, count: 32 * 32 * 3), width: 32, height: 32)
        #expect(throws: ImageError.self) { try ImageDecoder.decode(png.prefix(png.count / 2)) }
        #expect(throws: ImageError.notAnImage) { try ImageDecoder.decode(Data("<!DOCTYPE html><html>Rate limited</html>".utf8)) }
        #expect(throws: ImageError.notAnImage) { try ImageDecoder.decode(Data()) }
    }
}

@Suite("Pictures as half blocks")
struct HalfBlockTests {
    let red = RGB(255, 0, 0), blue = RGB(0, 0, 255), white = RGB(255, 255, 255), gray = RGB(128, 128, 128)

    @Test("a 2×4-pixel picture is 2×2 cells: the upper pixel the foreground, the lower one the background")
    func cells() throws {
        let image = try #require(HalfBlockImage(columns: 2, rows: 2, pixels: [red, blue, white, gray, gray, white, blue, red]))
        let screen = CellBuffer(rows: 2, columns: 3)
        ImageView(content: .image(image), columns: 2, rows: 2).draw(on: screen, in: Rect(top: 0, left: 1, height: 2, width: 2))
        #expect(screen.lines == [" ▀▀", " ▀▀"])
        #expect(screen.styleLines == [".PP", ".PP"])
        #expect(screen.cells[0][1].pixel == .init(top: red, bottom: white))
        #expect(screen.cells[0][2].pixel == .init(top: blue, bottom: gray))
        #expect(screen.cells[1][1].pixel == .init(top: gray, bottom: blue))
        #expect(screen.cells[1][2].pixel == .init(top: white, bottom: red))
    }

    @Test("the 256-colour approximation: the cube's corners exactly, greys on the grey ramp")
    func palette() {
        #expect(Palette256.index(for: red) == 196)
        #expect(Palette256.index(for: blue) == 21)
        #expect(Palette256.index(for: white) == 231)
        #expect(Palette256.index(for: RGB(0, 0, 0)) == 16)
        #expect(Palette256.index(for: gray) == 244)
        #expect(Palette256.index(for: RGB(95, 135, 175)) == 67)
        #expect(Palette256.color(of: 67) == RGB(95, 135, 175))
        for index in UInt8(16)...UInt8(255) {
            #expect(Palette256.index(for: Palette256.color(of: index)) == index || index == 16 || index == 231
                    || Palette256.color(of: Palette256.index(for: Palette256.color(of: index))) == Palette256.color(of: index),
                    "entry \(index) maps back to itself")
        }
    }

    @Test("without colours a picture is drawn in shades, lighter cells fuller, with no colour at all; one still loading is a box")
    func noColor() throws {
        // Black, dark grey, mid grey, light grey, white, and red (as light as the eye finds it), a
        // column each, top and bottom pixels alike.
        let colors = [RGB(0, 0, 0), RGB(60, 60, 60), RGB(128, 128, 128), RGB(190, 190, 190), RGB(255, 255, 255), red]
        let pixels = (0..<6).flatMap { _ in colors }
        let image = try #require(HalfBlockImage(columns: 6, rows: 3, pixels: pixels))
        let screen = CellBuffer(rows: 3, columns: 6, colorDepth: .none)
        ImageView(content: .image(image), columns: 6, rows: 3).draw(on: screen, in: Rect(top: 0, left: 0, height: 3, width: 6))
        #expect(screen.lines == Array(repeating: " ░▒▓█░", count: 3))
        #expect(screen.styleLines == Array(repeating: "......", count: 3), "no colour, no picture cells")
        let loading = CellBuffer(rows: 3, columns: 6)
        ImageView(content: .placeholder("…"), columns: 6, rows: 3).draw(on: loading, in: Rect(top: 0, left: 0, height: 3, width: 6))
        #expect(loading.lines == ["┌────┐", "│ …  │", "└────┘"])
    }
}
