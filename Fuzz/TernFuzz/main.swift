import Foundation
import TernFuzzTargets

/// libFuzzer's driver (`make fuzz`), run from our own main so SwiftPM's entry point stays ours: the target
/// is named by TERN_FUZZ_TARGET, the rest of the command line is libFuzzer's.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

let name = ProcessInfo.processInfo.environment["TERN_FUZZ_TARGET"] ?? ""
guard FuzzTarget(rawValue: name) != nil else {
    FileHandle.standardError.write(Data("TERN_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
    exit(2)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    // The target is read again here: a C callback captures nothing.
    let target = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["TERN_FUZZ_TARGET"] ?? "")!
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
})
