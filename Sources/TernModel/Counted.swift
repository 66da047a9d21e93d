/// A number and its noun, singular for one: "1 post", "2 posts", "1 reply", "2 replies". Every count Tern
/// prints in words goes through here, so none says "1 followers".
package enum Counted {
    package static func words(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? Self.plural(of: noun))
    }

    /// English's regular plural: "reply" → "replies", "match" → "matches", else an "s".
    static func plural(of noun: String) -> String {
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) { return noun.dropLast() + "ies" }
        if ["s", "x", "z", "ch", "sh"].contains(where: noun.hasSuffix) { return noun + "es" }
        return noun + "s"
    }
}
