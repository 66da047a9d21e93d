import Foundation

/// The demo's notifications made to agree with what they are about, as a server's always do: they are
/// drawn from the seed apart from the posts and the follow requests, and said otherwise (a follow request
/// from someone not asking, a poll's end over a post with no poll, nine likes over a post counting seven).
extension DemoState {
    static func agree(_ notifications: inout [DemoNotification], with replies: inout [UInt64: DemoPost], followRequests: [Int],
                      world: DemoWorld) {
        var asking = followRequests.makeIterator()
        for i in notifications.indices where notifications[i].type == "follow_request" {
            if let who = asking.next() ?? followRequests.first { notifications[i].account = who }
        }
        for (n, i) in notifications.indices.filter({ notifications[$0].type == "poll" }).enumerated() {
            guard let id = notifications[i].statusID, var post = replies[id] else { continue }
            if post.poll.map({ $0.expiresAt > Date() }) ?? true { post.poll = world.endedPoll(1_000 + n) }
            replies[id] = post
            // Mastodon names the poll's author: "Your poll has ended" over a post of the user's.
            notifications[i].account = post.authorIndex
        }
        var likes: [UInt64: Int] = [:]
        for n in notifications where n.type == "favourite" { if let s = n.statusID { likes[s, default: 0] += 1 } }
        for (id, count) in likes { if var post = replies[id], post.favouritesCount < count { post.favouritesCount = count; replies[id] = post } }
    }
}
