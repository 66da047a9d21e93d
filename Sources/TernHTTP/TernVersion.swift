/// Tern's version, as `tern --version` prints it and as servers see it in `User-Agent`.
package enum TernVersion {
    package static let string = "0.2.0"
}
