// The libFuzzer entry point, built by Scripts/fuzz.sh (not by SwiftPM): one binary for all
// targets, the target named by LINZA_FUZZ_TARGET.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaFuzzing

nonisolated(unsafe) var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let name = getenv("LINZA_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        print("linza-fuzz: set LINZA_FUZZ_TARGET to one of: \(names)")
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected?.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
