import Foundation
import TernModel

/// Posts are stored as JSON of the model type: the engine reads whole posts back, never columns of them.
enum PostCoding {
    static func encode(_ post: Post) throws -> Data {
        try JSONEncoder().encode(post)
    }

    static func decode(_ data: Data) throws -> Post {
        try JSONDecoder().decode(Post.self, from: data)
    }
}
