import Foundation

/// A link as shared, made one address whatever tracking was added to it: the `utm_*` parameters, click ids
/// (`fbclid`, `gclid`, …), the referrer a blog adds to its links (`ref`, as Ghost does) and the fragment go, the scheme and host are lowercased, a trailing `/` goes. Two
/// people sharing the same page with and without tracking share one link.
package enum LinkAddress {
    static let trackingNames: Set<String> = [
        "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "igshid", "mc_cid", "mc_eid",
        "_hsenc", "_hsmi", "mkt_tok", "ref", "ref_src", "ref_url", "si", "s_cid", "oly_enc_id", "oly_anon_id", "vero_id", "wickedid",
    ]

    /// The address `url` stands for; nil for what is not a web address.
    package static func canonical(_ url: String) -> String? {
        guard var parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parts.host, !host.isEmpty else { return nil }
        parts.scheme = "https"
        parts.host = host.lowercased()
        parts.fragment = nil
        let kept = (parts.queryItems ?? []).filter { item in
            let name = item.name.lowercased()
            return !name.hasPrefix("utm_") && !trackingNames.contains(name)
        }
        parts.queryItems = kept.isEmpty ? nil : kept
        if parts.path.count > 1, parts.path.hasSuffix("/") { parts.path.removeLast() }
        if parts.port == 443 || parts.port == 80 { parts.port = nil }
        return parts.string
    }
}
