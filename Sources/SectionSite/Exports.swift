// The whole public surface a program gets by importing SectionSite, in one place: the types below, declared in the
// engine, and those this module declares (`Website`, `PatchPublisher`), and the keyed diff of SectionSiteDiff. Every
// other type of the engine is `package`: the preview, the command line and the tests use them, a program does not.

@_exported import SectionSiteDiff

// Pages and their sections, as a program defines them.
@_exported import struct SectionSiteEngine.SitePage
@_exported import struct SectionSiteEngine.SectionedDataSource
@_exported import enum SectionSiteEngine.SupplementaryKind
@_exported import struct SectionSiteEngine.AnimationConfiguration

// The parts a program may set: how code is highlighted, pictures processed and the API reference read.
@_exported import struct SectionSiteEngine.Highlighter
@_exported import struct SectionSiteEngine.ImageProcessor
@_exported import enum SectionSiteEngine.ImageFormat
@_exported import struct SectionSiteEngine.APIReader

// What a build says: its report, and its errors and warnings, each at its place.
@_exported import struct SectionSiteEngine.BuildReport
@_exported import struct SectionSiteEngine.Diagnostic
@_exported import struct SectionSiteEngine.SectionSiteError
@_exported import struct SectionSiteEngine.SourceLocation

// Escaping for a program's own cells.
@_exported import enum SectionSiteEngine.HTML
