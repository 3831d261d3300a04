import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file operation failed, in words a user can act on. Foundation's errors on Linux often print as
/// `NSCocoaErrorDomain Code=512 "(null)"`; the system's own reason (`Not a directory`) is kept in the error they
/// wrap, so it is dug out here. Callers say what was being done to which path; this says why it failed.
enum FileProblem {
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
        where candidate.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(candidate.code))
        }
        if let code = (error.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code.rawValue ?? (error as any Error as? POSIXError)?.code.rawValue {
            return reason(errno: code)
        }
        if let path = error.userInfo[NSFilePathErrorKey] as? String, error.domain == NSCocoaErrorDomain {
            return "the file system refused it (Foundation error \(error.code) at '\(path)')"
        }
        return "the file system refused it (\(error.domain) error \(error.code))"
    }

    /// The system's words for an `errno` value, lower-cased as our messages are (`not a directory`).
    static func reason(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
