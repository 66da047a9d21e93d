import Foundation

/// `/api/v2/search` over the demo's world, as Mastodon answers it: a link to a post or a profile, or a
/// handle, resolves to that one thing; other words match people by name, hashtags by name, and posts by
/// their text, newest first.
extension DemoState {
    struct Found {
        var accounts: [Int] = []
        var hashtags: [String] = []
        var posts: [DemoPost] = []
    }

    func search(_ query: String, limit: Int) -> Found {
        catchUp()
        let q = query.trimmingCharacters(in: .whitespaces)
        var found = Found()
        guard !q.isEmpty else { return found }
        if let url = URL(string: q), let scheme = url.scheme, scheme.hasPrefix("http") {
            return resolve(url)
        }
        let handle = q.hasPrefix("@") ? String(q.dropFirst()) : q
        if handle.contains("@"), !handle.contains(" ") {
            let parts = handle.split(separator: "@").map(String.init)
            let domain = parts.count > 1 && parts[1] != DemoServer.contentHost ? parts[1] : nil
            if let name = parts.first, let index = authorIndex(username: name, domain: domain) { found.accounts = [index] }
            return found
        }
        let words = (q.hasPrefix("#") || q.hasPrefix("@") ? String(q.dropFirst()) : q).lowercased()
        found.hashtags = Array(DemoText.hashtags.filter { $0.lowercased().contains(words) }.prefix(limit))
        if q.hasPrefix("#") { return found }
        if q.hasPrefix("@") { found.hashtags = [] }
        found.accounts = Array(world.accounts.indices.filter { i in
            let a = world.accounts[i]
            return a.username.lowercased().contains(words) || a.displayName.lowercased().contains(words)
        }.prefix(limit))
        for post in posts.reversed() where found.posts.count < limit {
            guard post.boostOf == nil, !deleted.contains(post.id), post.html.lowercased().contains(words) else { continue }
            found.posts.append(post)
        }
        return found
    }

    /// A link: `…/@name/ID`, `…/users/name/statuses/ID` or `…/notice/ID` is a post; `…/@name` or
    /// `…/users/name` a profile.
    private func resolve(_ url: URL) -> Found {
        var found = Found()
        let parts = url.path.split(separator: "/").map(String.init)
        if let last = parts.last, let id = parseID(last), parts.count >= 2, let post = post(id: id) {
            found.posts = [post]
        } else if let name = parts.last.map({ $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }),
                  let index = authorIndex(username: name, domain: nil) {
            found.accounts = [index]
        }
        return found
    }
}
