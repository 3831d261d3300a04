#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// The folders a site's sources may be read from: the site's own folder, and the folders its settings name in
/// `readOutside:` (a folder of shared pictures beside the site, say). Every source read that a site's text can
/// steer (a picture, an include, a data file, a theme file, a DocC catalog's file, a symbol graph) is checked here
/// with its symbolic links resolved, so that a link or a `../` leading out of the site is refused, not followed.
/// Jekyll's safe mode refuses such links outright; Hugo reaches outside only through the module mounts a site
/// names. This is the same rule with a setting for the second case.
package struct SourceBounds: Sendable, Equatable {
    /// The real paths (symbolic links resolved, no trailing `/`) of the folders sources may be in.
    package let roots: [String]

    /// Where a file really is, and whether it may be read.
    package enum Place: Sendable, Equatable {
        /// Inside one of the roots, at this real path.
        case inside(String)
        /// Outside every root: its real path, for the message.
        case outside(String)
        /// No such file (or a link to nothing, or a loop of links).
        case missing
    }

    /// The bounds of the site at `site`, with the extra folders its settings allow (relative to the site, or
    /// absolute). A folder that does not exist allows nothing.
    package init(site: URL, outside: [String] = []) {
        let base =
            site.withUnsafeFileSystemRepresentation { $0.flatMap(Self.realPath) } ?? site.standardizedFileURL.path
        var roots = [base]
        for folder in outside {
            let path = folder.hasPrefix("/") ? folder : site.path + "/" + folder
            if let real = FilePath(path).withPlatformString(Self.realPath) { roots.append(real) }
        }
        self.roots = roots
    }

    /// Where `path` (absolute) really is: every symbolic link on the way followed, `.` and `..` resolved.
    ///
    /// - Complexity: one `realpath(3)` call: a system call per component of the path.
    package func place(_ path: FilePath) -> Place {
        guard let real = path.withPlatformString({ Self.realPath($0) }) else { return .missing }
        for root in roots where real == root || real.hasPrefix(root == "/" ? "/" : root + "/") {
            return .inside(real)
        }
        return .outside(real)
    }

    /// `place(_:)` of many files in few folders (a build checks every file it copies, 10,000 pages kept from an
    /// earlier build among them): each folder's real path is found once and kept in `folders`, and a file that is
    /// no symbolic link is where its name in that folder says; any other path is resolved whole.
    /// `folders` is keyed by the folder's `FilePath`, equal by its bytes: two names that Swift's `String` holds
    /// equal (`é` and `e` with a combining accent) are two folders to the file system.
    package func place(_ path: FilePath, folders: inout [FilePath: String]) -> Place {
        var status = stat()
        guard path.components.count > 1, let name = path.lastComponent,
            path.withPlatformString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG
        else { return place(path) }
        let folder = path.removingLastComponent()
        let real: String
        if let known = folders[folder] {
            real = known + "/" + name.string
        } else {
            guard let resolved = folder.withPlatformString({ Self.realPath($0) }) else { return .missing }
            folders[folder] = resolved
            real = resolved + "/" + name.string
        }
        for root in roots where real.hasPrefix(root == "/" ? "/" : root + "/") {
            return .inside(real)
        }
        return .outside(real)
    }

    /// Whether `path` may be read: it exists and is inside the bounds.
    package func allows(_ path: FilePath) -> Bool {
        if case .inside = place(path) { return true }
        return false
    }

    /// Why `path` may not be read, in words for an error message (`'Content/a.jpg' leads outside the site, to
    /// '/etc/shadow'`), or nil when it may. `shown` is the path as the user wrote or knows it.
    package func problem(_ path: FilePath, shown: String) -> String? {
        switch place(path) {
        case .inside: return nil
        case .missing: return nil  // the caller's own "no such file" says it better
        case .outside(let real):
            return "'\(shown)' leads outside the site, to '\(real)': a site reads only its own files "
                + "(name a folder in 'readOutside:' in sectionsite.yml to allow one)"
        }
    }

    /// `realpath(3)`, or nil when the path does not resolve to an existing file.
    private static func realPath(_ path: UnsafePointer<CChar>) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
