import Foundation
import TernFeed
import TernModel

/// One line of the Catch-up screen: a post; an author's row (grouped by author), unfolded or not; a link
/// several people shared; one of the most active authors.
enum CatchUpRow: Equatable {
    case post(CatchUpItem)
    case group(AuthorGroup, unfolded: Bool)
    case link(SharedLink)
    case author(AuthorGroup)

    var id: String {
        switch self {
        case .post(let item): return "post:" + item.id
        case .group(let group, _): return "author:" + group.id
        case .link(let link): return "link:" + link.id
        case .author(let group): return "active:" + group.id
        }
    }

    /// What the screen lists: the posts (of one author, when one is chosen), the links several people shared,
    /// one link's posts, or the most active authors.
    enum Listing: Equatable {
        case posts
        case links
        case linkPosts(SharedLink)
        case authors
    }

    /// The rows of `view` for `listing`; posts by author (`grouped`) with the groups named in `unfolded` open.
    static func rows(of view: CatchUpView, _ listing: Listing, grouped: Bool, unfolded: Set<String>) -> [CatchUpRow] {
        switch listing {
        case .links: return view.links.map(CatchUpRow.link)
        case .authors: return view.activeAuthors.map(CatchUpRow.author)
        case .linkPosts(let link):
            let ids = Set(link.statusIDs)
            return view.items.filter { ids.contains($0.id) }.map(CatchUpRow.post)
        case .posts:
            guard grouped else { return view.items.map(CatchUpRow.post) }
            return view.groups.flatMap { group -> [CatchUpRow] in
                let open = unfolded.contains(group.id)
                return [.group(group, unfolded: open)] + (open ? group.items.map(CatchUpRow.post) : [])
            }
        }
    }
}
