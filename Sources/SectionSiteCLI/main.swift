import SectionSite
import SectionSiteCommands

// `sectionsite` is a site without pages defined in Swift: the site folder is `--site`, else this one.
await Website().main()
