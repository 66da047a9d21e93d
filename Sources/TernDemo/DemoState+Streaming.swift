import Foundation

/// The streaming side of the demo: who listens to what, and the events that go out.
extension DemoState {
    func setBase(_ url: String) { base = url }

    func addListener(_ events: AsyncStream<String>.Continuation) -> Int {
        nextListener += 1
        listeners[nextListener] = ([], events)
        return nextListener
    }

    func removeListener(_ id: Int) { listeners[id] = nil }

    func noteStreamToken(_ place: String) { streamTokenPlaces.append(place) }

    /// `{"type":"subscribe","stream":"hashtag","tag":"cats"}` and the like.
    func listen(_ id: Int, message: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(message.utf8))) as? [String: String],
              let type = object["type"], var stream = object["stream"] else { return }
        if stream == "hashtag", let tag = object["tag"] { stream += ":" + tag.lowercased() }
        if stream == "list", let list = object["list"] { stream += ":" + list }
        if type == "subscribe" { listeners[id]?.streams.insert(stream) } else if type == "unsubscribe" { listeners[id]?.streams.remove(stream) }
    }

    /// The streams a post appears in.
    func streams(of post: DemoPost) -> Set<String> {
        // Boosts reach the home stream only: the public ones carry no boosts, as their timelines don't.
        var out: Set<String> = post.boostOf == nil ? ["user", "public"] : ["user"]
        if post.boostOf == nil, world.accounts[post.authorIndex].domain == nil { out.insert("public:local") }
        for t in post.tags { out.insert("hashtag:" + t.lowercased()) }
        for list in lists where list.members.contains(post.authorIndex) { out.insert("list:" + list.id) }
        return out
    }

    func send(_ event: String, payload: String?, to streams: Set<String>) {
        for (_, l) in listeners {
            guard let stream = l.streams.intersection(streams).sorted().first else { continue }
            var object: [String: Any] = ["event": event, "stream": stream.split(separator: ":").map(String.init)]
            if let payload { object["payload"] = payload }
            guard let data = try? JSONSerialization.data(withJSONObject: object) else { continue }
            l.events.yield(String(decoding: data, as: UTF8.self))
        }
    }

    func payload(_ post: DemoPost) -> String? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return (try? encoder.encode(wire(post, base: base))).map { String(decoding: $0, as: UTF8.self) }
    }

    func announce(_ post: DemoPost) {
        guard !listeners.isEmpty else { return }
        send("update", payload: payload(post), to: streams(of: post))
    }

    /// The newest original post gets an edit, and every listener hears of it.
    @discardableResult
    func editNewest() -> UInt64? {
        guard let i = posts.indices.last(where: { posts[$0].boostOf == nil && !deleted.contains(posts[$0].id) }) else { return nil }
        posts[i].html += "<p>(edited)</p>"
        posts[i].editedAt = Date()
        send("status.update", payload: payload(posts[i]), to: streams(of: posts[i]))
        return posts[i].id
    }

    /// The newest post's edit event sent again `count` times, unchanged (load for benchmarks).
    func echoEdits(_ count: Int) {
        guard let p = posts.last(where: { $0.boostOf == nil && !deleted.contains($0.id) }), let body = payload(p) else { return }
        let streams = streams(of: p)
        for _ in 0..<count { send("status.update", payload: body, to: streams) }
    }

    /// The newest original post is deleted.
    @discardableResult
    func deleteNewest() -> UInt64? {
        guard let p = posts.last(where: { $0.boostOf == nil && !deleted.contains($0.id) }) else { return nil }
        deleted.insert(p.id)
        send("delete", payload: wireID(p.id), to: streams(of: p))
        return p.id
    }

    /// A new follower: a notification, and the event for it.
    func notifyFollow() {
        let account = 1 + notifications.count % (world.accounts.count - 1)
        let id = (notifications.last?.id ?? DemoWorld.firstNotificationID) + 16
        let bucket = Int(Date().timeIntervalSince1970 / 21_600)
        notifications.append(DemoNotification(id: id, type: "follow", account: account, statusID: nil, createdAt: Date(),
                                              groupKey: "follow-\(bucket)"))
        send("notification", payload: "{}", to: ["user"])
    }

    /// Someone mentions the demo user in a post of theirs (the newest): a notification of its own, never
    /// grouped with another, streamed as it is made.
    func notifyMention() {
        guard let post = posts.last(where: { $0.authorIndex != 0 }) else { return }
        let id = (notifications.last?.id ?? DemoWorld.firstNotificationID) + 16
        notifications.append(DemoNotification(id: id, type: "mention", account: post.authorIndex, statusID: post.id, createdAt: Date(),
                                              groupKey: "ungrouped-\(id)"))
        send("notification", payload: "{}", to: ["user"])
    }

    /// Cuts every streaming connection.
    func dropListeners() {
        for (_, l) in listeners { l.events.finish() }
        listeners = [:]
    }

    /// The clock's work: new posts, edits, deletes and drops when their knobs say so.
    func tick(now: Date = Date()) {
        catchUp()
        if let every = config.editInterval, now.timeIntervalSince(lastEdit) >= every { lastEdit = now; editNewest() }
        if let every = config.deleteInterval, now.timeIntervalSince(lastDelete) >= every { lastDelete = now; deleteNewest() }
        if let every = config.dropStreamInterval, now.timeIntervalSince(lastDrop) >= every { lastDrop = now; dropListeners() }
    }
}
