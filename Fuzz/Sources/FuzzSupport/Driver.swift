/// libFuzzer's entry point for programs that have a `main` of their own (as SwiftPM executables do).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the command line's arguments over `test`, which gets each input as UTF-8 text (inputs that
/// are not valid UTF-8 are skipped: every reader of SectionSite refuses them before parsing, with a located error).
public func fuzz(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, test)
    exit(status)
}

/// The input as text, or nil when it is not valid UTF-8.
public func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String? {
    guard let start else { return "" }
    return String(validating: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
}

@_silgen_name("exit")
private func exit(_ status: CInt) -> Never
