import GitHubAPI

extension Crumb {
    /// The crumb as the title shows it, from the list words table: a name as it is, a list
    /// under a name by its crumb ("followers"), a list on its own by its heading ("Your followers").
    var words: String {
        switch self {
        case .name(let name): name
        case .list(let list): list.crumb
        case .heading(let list): list.heading
        }
    }
}
