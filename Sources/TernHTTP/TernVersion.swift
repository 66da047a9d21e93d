/// Tern's version, as `tern --version` prints it and as servers see it in `User-Agent`.
public enum TernVersion {
    public static let string = "0.2.0"
}
