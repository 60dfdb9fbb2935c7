import CImage
import Foundation

/// GitHub-style identicons: a 5×5 pattern, mirrored left to right, in one colour on a light
/// background, derived from the account's id. GitHub serves pictures as PNG, JPEG or GIF, and so
/// does the fake: JPEG when the id is a multiple of 3, GIF when it is one short of a multiple of 6
/// (5, 11, 17…), PNG otherwise (octocat's, in the demo and the tests).
enum FakeAvatar {
    /// The picture of account `id` at `size`×`size` pixels, and its content type.
    static func image(id: Int64, size requested: Int) -> (body: Data, contentType: String) {
        let size = min(460, max(8, requested))
        var rng = FakeRandom(seed: FakeRandom.hash("avatar:\(id)"))
        var cells = [[Bool]](repeating: [Bool](repeating: false, count: 5), count: 5)
        for row in 0..<5 {
            for column in 0..<3 {
                let on = rng.chance(0.5)
                cells[row][column] = on
                cells[row][4 - column] = on
            }
        }
        let hue = Double(rng.next(upTo: 360))
        let ink = color(hue: hue, saturation: 0.55, lightness: 0.55)
        let paper: (UInt8, UInt8, UInt8) = (240, 240, 240)
        let margin = size / 12
        let cell = max(1, (size - 2 * margin) / 5)
        // Each pixel's colour: 0 the paper, 1 the ink.
        var indices = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let (cx, cy) = ((x - margin) / max(1, cell), (y - margin) / max(1, cell))
                let inside = x >= margin && y >= margin && cx < 5 && cy < 5 && cells[cy][cx]
                indices[y * size + x] = inside ? 1 : 0
            }
        }
        if id % 6 == 5 {
            return (gif(indices, size: size, colors: [paper, ink]), "image/gif")
        }
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for (index, color) in indices.enumerated() {
            (pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2]) = color == 1 ? ink : paper
        }
        let jpeg = id % 3 == 0
        let body = encode(pixels, size: size, jpeg: jpeg)
        return (body, jpeg ? "image/jpeg" : "image/png")
    }

    /// GIF bytes through giflib's encoder: one image, a two-colour map.
    private static func gif(_ indices: [UInt8], size: Int, colors: [(UInt8, UInt8, UInt8)]) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let write: OutputFunc = { file, bytes, count in
            guard let file, let bytes, count > 0, let context = file.pointee.UserData else { return 0 }
            Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes, count: Int(count))
            return count
        }
        var error: Int32 = 0
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error) else { return Data() }
        let entries = colors.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        let map = entries.withUnsafeBufferPointer { GifMakeMapObject(Int32($0.count), $0.baseAddress) }
        defer { GifFreeMapObject(map) }
        var written = EGifPutScreenDesc(file, Int32(size), Int32(size), 8, 0, map) == GIF_OK
            && EGifPutImageDesc(file, 0, 0, Int32(size), Int32(size), false, nil) == GIF_OK
        var line = [GifPixelType](repeating: 0, count: size)
        for row in 0..<size where written {
            line.replaceSubrange(0..<size, with: indices[row * size..<(row + 1) * size])
            written = EGifPutLine(file, &line, Int32(size)) == GIF_OK
        }
        let closed = EGifCloseFile(file, &error) == GIF_OK
        return withExtendedLifetime(sink) { written && closed ? sink.data : Data() }
    }

    /// PNG or JPEG bytes through stb_image_write.
    private static func encode(_ pixels: [UInt8], size: Int, jpeg: Bool) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let write: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void = { context, bytes, count in
            guard let context, let bytes, count > 0 else { return }
            Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().data.append(bytes.assumingMemoryBound(to: UInt8.self), count: Int(count))
        }
        pixels.withUnsafeBytes { raw in
            if jpeg {
                _ = stbi_write_jpg_to_func(write, context, Int32(size), Int32(size), 3, raw.baseAddress, 90)
            } else {
                _ = stbi_write_png_to_func(write, context, Int32(size), Int32(size), 3, raw.baseAddress, Int32(size * 3))
            }
        }
        return withExtendedLifetime(sink) { sink.data }
    }

    private static func color(hue: Double, saturation: Double, lightness: Double) -> (UInt8, UInt8, UInt8) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let h = hue / 60
        let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(h) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, ((value + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
