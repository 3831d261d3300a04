#if FUZZ_REPLAY
import Foundation

/// Runs `test` once over each input the command line names (a file, or every file of a folder, in name order), as
/// libFuzzer does when it is given files to run: the targets' seeds replayed without libFuzzer.
public func fuzz(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var count = 0
    for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
        let url = URL(fileURLWithPath: argument)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: argument))?.sorted().map {
            url.appendingPathComponent($0)
        }
        for file in names ?? [url] {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            _ = data.withUnsafeBytes { test($0.bindMemory(to: UInt8.self).baseAddress, data.count) }
            count += 1
        }
    }
    print("Done \(count) runs (replayed)")
    exit(0)
}
#else
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

@_silgen_name("exit")
private func exit(_ status: CInt) -> Never
#endif

/// The input as text, or nil when it is not valid UTF-8.
public func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String? {
    guard let start else { return "" }
    return String(validating: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
}
