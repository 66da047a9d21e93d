import Foundation
import TernModel

/// What a post of a catch-up is, for its facets: a status can be several (a reply with pictures).
package enum CatchUpKind: String, Sendable, Hashable, CaseIterable, Codable {
    case originals, replies, quotes, boosts, pictures, hashtags

    /// Its bit in `CatchUpKinds`: the kinds in their order, one bit each (read for every item, so not a search
    /// of `allCases`).
    var bit: UInt8 {
        switch self {
        case .originals: return 1 << 0
        case .replies: return 1 << 1
        case .quotes: return 1 << 2
        case .boosts: return 1 << 3
        case .pictures: return 1 << 4
        case .hashtags: return 1 << 5
        }
    }

    /// How the facet is named on screen, and as `--kind` takes it.
    package var words: String {
        switch self {
        case .hashtags: return "followed hashtags"
        default: return rawValue
        }
    }

    /// The kinds `item` is; `followedTags` are the user's followed hashtags as keys (`tagKey`).
    /// The post is read in place (`item.post.…`): a copy of it was a third of this.
    package static func of(_ item: CatchUpItem, followedTags: Set<String>) -> CatchUpKinds {
        var kinds: CatchUpKinds = []
        let reply = item.post.inReplyToID != nil, quote = item.post.quote != nil
        if !item.boosters.isEmpty { kinds.insert(.boosts) }
        if reply { kinds.insert(.replies) }
        if quote { kinds.insert(.quotes) }
        if item.posted, !reply, !quote { kinds.insert(.originals) }
        if item.post.media.contains(where: { $0.kind == .image || $0.kind == .gifv || $0.kind == .video }) { kinds.insert(.pictures) }
        if !followedTags.isEmpty, carries(item.post.content, anyOf: followedTags) { kinds.insert(.hashtags) }
        return kinds
    }

    /// A hashtag as catch-up compares it: without spaces around it or `#`, lowercased ("#Birds " and "birds"
    /// are one). Trimmed by hand: Foundation's trimming was a tenth of what sorting a catch-up into kinds cost.
    static func tagKey(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "#" }.reversed().drop { $0 == " " }.reversed()).lowercased()
    }

    /// Whether the text carries one of `tags` (keys: `tagKey`) as a hashtag.
    static func carries(_ text: StyledText, anyOf tags: Set<String>) -> Bool {
        for paragraph in text.paragraphs {
            for line in paragraph {
                for run in line {
                    guard case .hashtag = run.style else { continue }
                    if tags.contains(tagKey(run.text)) { return true }
                }
            }
        }
        return false
    }
}

/// The kinds of one item, as bits: a `Set` for each of 5,000 items was an allocation each, and a table of
/// them by status id a hashing of each id again.
package struct CatchUpKinds: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package init(_ kind: CatchUpKind) { rawValue = kind.bit }

    package init(_ kinds: Set<CatchUpKind>) { self = kinds.reduce(into: []) { $0.insert(CatchUpKinds($1)) } }

    package func contains(_ kind: CatchUpKind) -> Bool { contains(CatchUpKinds(kind)) }

    package mutating func insert(_ kind: CatchUpKind) { insert(CatchUpKinds(kind)) }

    /// The kinds in their order (`--json`'s).
    package var kinds: [CatchUpKind] { CatchUpKind.allCases.filter(contains) }
}

/// How many posts of the window are of each kind: the facets' row ("originals 143 · replies 88 · …").
package struct CatchUpFacets: Sendable, Hashable {
    package var counts: [CatchUpKind: Int]

    package init(_ kinds: [CatchUpKinds]) {
        var tally = [Int](repeating: 0, count: CatchUpKind.allCases.count)
        for set in kinds {
            for (i, kind) in CatchUpKind.allCases.enumerated() where set.rawValue & kind.bit != 0 { tally[i] += 1 }
        }
        counts = Dictionary(uniqueKeysWithValues: zip(CatchUpKind.allCases, tally).filter { $0.1 > 0 })
    }

    package subscript(kind: CatchUpKind) -> Int { counts[kind] ?? 0 }

    /// "originals 143 · replies 88 · boosts 61 · pictures 40", the kinds in their order, those with none left out.
    package var words: String {
        CatchUpKind.allCases.filter { self[$0] > 0 }.map { "\($0.words) \(self[$0])" }.joined(separator: " · ")
    }
}
