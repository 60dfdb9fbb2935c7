import Foundation

/// An item of a list with the `html_url` GitHub sent beside it, decoded from the same object:
/// the row keeps what it draws, and the address goes beside the page (``LoadedPage/webPages``)
/// rather than into every row.
struct SentItem<Item: Decodable & Sendable>: Decodable, Sendable {
    var item: Item
    /// The object's `html_url`; nil when it had none (an organization in `/users/{u}/orgs`) or
    /// one that is not a string.
    var webPage: String?

    private enum CodingKeys: String, CodingKey {
        case webPage = "html_url"
    }

    init(from decoder: any Decoder) throws {
        if let reader = Item.self as? any ReadsWebPage.Type {
            let (read, webPage) = try reader.decodeWithWebPage(from: decoder)
            if let read = read as? Item {
                (item, self.webPage) = (read, webPage)
                return
            }
        }
        item = try Item(from: decoder)
        webPage = (try? decoder.container(keyedBy: CodingKeys.self))?.lenient(.webPage)
    }
}

/// An item that reads its object's `html_url` with its own fields, in one pass over the object's
/// keys (a decoder lays out an object's keys again for each container asked of it).
protocol ReadsWebPage {
    /// The item, and the object's `html_url` (nil when it has none, or one that is not a string).
    static func decodeWithWebPage(from decoder: any Decoder) throws -> (Self, webPage: String?)
}

extension Array {
    /// The items, and their addresses in the same order.
    func split<Item>() -> (items: [Item], webPages: [String?]) where Element == SentItem<Item> {
        (map(\.item), map(\.webPage))
    }
}
