import Avatars
import Foundation
import TerminalUI

/// A user's picture, as the details pane draws it.
enum AvatarPicture {
    /// Fetches a picture at twice the pixels the cells hold (`s=`; GitHub's URLs carry `?v=4`
    /// already), refuses what is not a sane image, and averages it down into half blocks.
    static func make(url text: String, columns: Int, rows: Int, service: GitHubService) async throws -> HalfBlockImage {
        let side = 2 * max(columns, rows * 2)
        let separator = text.contains("?") ? "&" : "?"
        guard let url = URL(string: text + separator + "s=\(side)"),
              let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw ImageError.notAnImage
        }
        let data = try await service.image(url)
        try Task.checkCancellation()
        let decoded = try ImageDecoder.decode(data).resized(width: columns, height: rows * 2)
        let pixels = stride(from: 0, to: decoded.pixels.count, by: 3).map {
            RGB(decoded.pixels[$0], decoded.pixels[$0 + 1], decoded.pixels[$0 + 2])
        }
        guard let image = HalfBlockImage(columns: columns, rows: rows, pixels: pixels) else { throw ImageError.notAnImage }
        return image
    }
}
