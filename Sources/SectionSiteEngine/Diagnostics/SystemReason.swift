#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why the system refused a file operation, in the system's own short words (`Permission denied`, `Is a
/// directory`), for messages that say what was being done to which file. Foundation on Linux describes most file
/// errors as `The operation could not be completed. (NSCocoaErrorDomain error 512.)`, which names neither.
package enum SystemReason {
    /// Why the last system call failed (its `errno`), in the system's words.
    package static var ofLastCall: String { String(cString: strerror(errno)) }

    /// The reason of `error`: the POSIX error's text where one is inside it, else Foundation's description; no
    /// trailing full stop, as it is followed by more of the message.
    package static func of(_ error: any Error) -> String {
        var reason: String
        let nsError = error as NSError
        if let posix = error as? POSIXError {
            reason = String(cString: strerror(posix.code.rawValue))
        } else if nsError.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(nsError.code)))
        } else if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            reason = String(cString: strerror(Int32(underlying.code)))
        } else if nsError.domain == NSCocoaErrorDomain {
            // Said as the system says them where it gives its own error, so that one failure reads the same
            // whichever API met it.
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: reason = String(cString: strerror(ENOENT))
            case .fileReadNoPermission, .fileWriteNoPermission: reason = String(cString: strerror(EACCES))
            case .fileWriteFileExists: reason = String(cString: strerror(EEXIST))
            case .fileWriteOutOfSpace: reason = String(cString: strerror(ENOSPC))
            case .fileWriteVolumeReadOnly: reason = String(cString: strerror(EROFS))
            case .fileReadInapplicableStringEncoding: reason = "it is not text in UTF-8"
            default: reason = "the system refused (\(nsError.domain) \(nsError.code))"
            }
        } else {
            reason = error.localizedDescription
        }
        while reason.hasSuffix(".") { reason.removeLast() }
        return reason
    }
}
