import Foundation
import TernImages
import TernMastodon
import TernTerminal
import TernModel

/// The inputs a server controls, each as one function of arbitrary bytes: what the fuzzers run
/// (`make fuzz`) and what `make test` replays from `Tests/FuzzCorpus/`. Each must return for every input:
/// a thrown error is an answer, a trap is a bug.
package enum FuzzTarget: String, CaseIterable, Sendable {
    case page, status, html, link, sanitizer, image

    package func run(_ bytes: [UInt8]) {
        switch self {
        case .page:
            _ = try? MastodonDecoder.posts(fromJSON: Data(bytes))
        case .status:
            _ = try? MastodonDecoder.post(fromJSON: Data(bytes))
            _ = try? MastodonDecoder.account(fromJSON: Data(bytes))
            _ = MastodonDecoder.errorMessage(fromJSON: Data(bytes))
        case .html:
            guard let text = try? HTMLText.styledText(fromHTML: String(decoding: bytes, as: UTF8.self)) else { return }
            Self.checkInert(Sanitizer.clean(text.plainText))
        case .link:
            _ = LinkHeader(parsing: String(decoding: bytes, as: UTF8.self))
        case .sanitizer:
            Self.checkInert(Sanitizer.clean(String(decoding: bytes, as: UTF8.self)))
            let plain = PlainText.clean(String(decoding: bytes, as: UTF8.self))
            Self.checkInert(String(String.UnicodeScalarView(plain.unicodeScalars.filter { $0 != "\n" })))
        case .image:
            // Small targets, as thumbnails ask: every decoder's header checks and reduced reads.
            _ = try? ImageDecoder.decode(bytes, target: (width: 64, height: 32), limits: ImageLimits(maxBytes: 1 << 20, maxPixels: 4_000_000))
        }
    }

    /// The sanitizer's promise, checked on every input: nothing a terminal could act on survives.
    static func checkInert(_ s: String) {
        for u in s.unicodeScalars {
            precondition(!(u.value < 0x20 || (0x7F...0x9F).contains(u.value)), "control U+\(String(u.value, radix: 16)) survived in \(s.debugDescription)")
            precondition(!Sanitizer.isBidiControl(u), "bidi control survived")
        }
    }
}
