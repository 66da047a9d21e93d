import TernModel

/// Builds post bodies in the HTML dialect Mastodon emits: paragraphs, `<br>`, hashtag and mention links,
/// and long links split into invisible/ellipsis spans.
struct DemoText {
    let host: String

    static let words = """
        morning light coffee river walk quiet city train window garden rain cloud bread market friend \
        letter music evening bridge harbour bicycle forest path mountain lake stone autumn winter summer \
        spring paper pencil drawing photo camera lens film colour shadow street corner bakery library \
        notebook kettle moss fern ocean tide wind lantern festival neighbour kitchen recipe soup garden \
        project release version server client terminal keyboard patch review build test deploy
        """.split(separator: " ").map(String.init)

    static let hashtags = ["photography", "sunset", "caturday", "fediverse", "SwiftLang", "linux", "gardening",
                           "terminal", "MastoArt", "birds", "coffee", "opensource"]
    static let emoji = ["🌅", "🐈", "✨", "🎉", "☕", "🌧️", "📷", "🌿", "👩‍💻", "🚲", "🍞", "🎶"]
    static let cjk = ["今日はいい天気ですね。川沿いを散歩しました。", "写真を撮りました、見てください！",
                      "周末去了山里，空气很好。", "오늘은 커피를 마시면서 책을 읽었어요.",
                      "猫が窓辺で寝ている。", "新しいターミナルアプリを試しています。"]
    /// What the demo's translation service makes of each of `cjk`, and the language it finds.
    static let cjkInEnglish = [("Nice weather today, isn't it. I took a walk along the river.", "ja"),
                               ("I took some photos, have a look!", "ja"),
                               ("Went to the mountains at the weekend; the air was lovely.", "zh"),
                               ("Today I read a book over a cup of coffee.", "ko"),
                               ("The cat is asleep by the window.", "ja"),
                               ("I'm trying out a new terminal app.", "ja")]
    static let linkTargets = ["https://example.org/articles/2026/11/a-very-long-article-title-about-terminals-and-feeds",
                              "https://blog.example.net/posts/notes-on-slow-computing",
                              "https://photos.example.com/gallery/autumn/leaves-and-light?ref=fedi",
                              "https://docs.example.dev/guide/getting-started"]

    func sentence(_ rng: inout SeededRandom, words count: Int) -> String {
        var out: [String] = []
        for i in 0..<count {
            var w = rng.pick(Self.words)
            if i == 0 { w = w.prefix(1).uppercased() + w.dropFirst() }
            out.append(w)
        }
        return out.joined(separator: " ") + rng.pick([".", ".", "!", "?", "…"])
    }

    func escape(_ s: String) -> String { Self.escape(s) }

    /// Text made safe in HTML, as the demo's posts and feeds write it.
    static func escape(_ s: String) -> String {
        var r = ""
        for ch in s {
            switch ch {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            case "'": r += "&#39;"
            default: r.append(ch)
            }
        }
        return r
    }

    func hashtag(_ tag: String) -> String {
        "<a href=\"https://\(host)/tags/\(tag.lowercased())\" class=\"mention hashtag\" rel=\"tag\">#<span>\(tag)</span></a>"
    }

    func mention(username: String, url: String) -> String {
        "<span class=\"h-card\" translate=\"no\"><a href=\"\(url)\" class=\"u-url mention\">@<span>\(username)</span></a></span>"
    }

    /// Mastodon shortens displayed links: scheme hidden, the first 30 characters shown, the rest hidden.
    func link(_ url: String) -> String {
        let schemeEnd = url.range(of: "://")!.upperBound
        let scheme = String(url[..<schemeEnd])
        let rest = String(url[schemeEnd...])
        let shown = String(rest.prefix(30))
        let hidden = String(rest.dropFirst(30))
        let cls = hidden.isEmpty ? "" : " class=\"ellipsis\""
        return "<a href=\"\(escape(url))\" target=\"_blank\" rel=\"nofollow noopener\" translate=\"no\">"
            + "<span class=\"invisible\">\(scheme)</span><span\(cls)>\(escape(shown))</span>"
            + "<span class=\"invisible\">\(escape(hidden))</span></a>"
    }
}
