import CImage
import Foundation

/// GitHub-style identicons: a 5×5 pattern, mirrored left to right, in one colour on a light
/// background, derived from the account's id; PNG for most accounts, JPEG for every third.
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
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                let (cx, cy) = ((x - margin) / max(1, cell), (y - margin) / max(1, cell))
                let inside = x >= margin && y >= margin && cx < 5 && cy < 5 && cells[cy][cx]
                let c = inside ? ink : paper
                let index = (y * size + x) * 3
                (pixels[index], pixels[index + 1], pixels[index + 2]) = c
            }
        }
        let jpeg = id % 3 == 0
        let body = encode(pixels, size: size, jpeg: jpeg)
        return (body, jpeg ? "image/jpeg" : "image/png")
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
