// libFuzzer entry for the picture decoder (`make fuzz`): any bytes, PNG, JPEG or GIF by their
// first bytes (seeds of each in Fuzz/seeds/avatar: a GIF interlaced and transparent, an animated
// one), are either refused with an ImageError or decoded within the limits and averaged down to
// the pane's cells; no crash, no image beyond the limits.
import Avatars
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAvatar(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    let limits = ImageDecoder.Limits(maxBytes: 1_048_576, maxDimension: 1_024)
    do {
        let image = try ImageDecoder.decode(body, limits: limits)
        precondition(image.width >= 1 && image.height >= 1 && image.width <= 1_024 && image.height <= 1_024)
        precondition(image.pixels.count == image.width * image.height * 3)
        let cells = image.resized(width: 16, height: 16)
        precondition(cells.width == 16 && cells.height == 16 && cells.pixels.count == 16 * 16 * 3)
    } catch is ImageError {
    } catch {
        preconditionFailure("an error other than ImageError: \(error)")
    }
    return 0
}
