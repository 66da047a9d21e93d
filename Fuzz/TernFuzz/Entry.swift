import Foundation
import TernFuzzTargets

/// libFuzzer's entry point (`make fuzz`): the target is named by TERN_FUZZ_TARGET.
let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["TERN_FUZZ_TARGET"] ?? ""
    guard let t = FuzzTarget(rawValue: name) else {
        fatalError("TERN_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return t
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
