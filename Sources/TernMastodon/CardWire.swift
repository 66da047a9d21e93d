import Foundation
import TernModel

/// A link card as servers send it, as tolerant as the other wire types (Wire.swift).
struct CardWire: Decodable {
    var url: String
    var title: String
    var provider: String
    var summary: String?
    var image: String?
    var width: Int
    var height: Int

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let image: String? = c.lenient(AnyKey("image"))
        self.image = image?.isEmpty == false ? image : nil
        width = c.count(AnyKey("width"))
        height = c.count(AnyKey("height"))
        url = c.lenient(AnyKey("url")) ?? ""
        title = c.lenient(AnyKey("title")) ?? ""
        let summary: String? = c.lenient(AnyKey("description"))
        self.summary = summary?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == false ? summary : nil
        let provider: String? = c.lenient(AnyKey("provider_name"))
        self.provider = (provider?.isEmpty == false ? provider : nil) ?? URL(string: url)?.host ?? ""
    }
}
