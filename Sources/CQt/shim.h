// Nothing for Swift here: this target exists to bring Qt's compiler and linker flags (pkg-config Qt5Gui) and
// KSyntaxHighlighting's library to the C++ target `CHighlight`.
