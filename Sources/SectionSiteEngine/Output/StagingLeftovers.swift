#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The folders a writer that works beside its target leaves when it is killed outright (SIGKILL, a power cut):
/// named `<prefix><pid>`, they are removed by the next writer once the process that made them is gone. A build
/// stages its output this way (`SiteWriter`), and so does an import its new site.
package enum StagingLeftovers {
    /// Removes every entry of `parent` named by one of `prefixes` and a process id, when that process is gone or is
    /// this one; one whose process still runs is another writer at work, and is left alone.
    package static func remove(in parent: URL, prefixes: [String]) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }),
                let pid = Int32(name.dropFirst(prefix.count)),
                pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
            else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
