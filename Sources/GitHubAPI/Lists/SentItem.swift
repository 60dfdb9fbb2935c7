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
        item = try Item(from: decoder)
        webPage = (try? decoder.container(keyedBy: CodingKeys.self))?.lenient(.webPage)
    }
}

extension Array {
    /// The items, and their addresses in the same order.
    func split<Item>() -> (items: [Item], webPages: [String?]) where Element == SentItem<Item> {
        (map(\.item), map(\.webPage))
    }
}
