/// Which timeline is shown.
public enum TimelineID: Sendable, Hashable, CustomStringConvertible {
    case home
    case local
    case federated
    case bookmarks
    case favourites

    /// The API path of the timeline, relative to the server's base URL.
    public var path: String {
        switch self {
        case .home: return "/api/v1/timelines/home"
        case .local: return "/api/v1/timelines/public?local=true"
        case .federated: return "/api/v1/timelines/public"
        case .bookmarks: return "/api/v1/bookmarks"
        case .favourites: return "/api/v1/favourites"
        }
    }

    public var description: String {
        switch self {
        case .home: return "Home"
        case .local: return "Local"
        case .federated: return "Federated"
        case .bookmarks: return "Saved"
        case .favourites: return "Liked"
        }
    }
}
