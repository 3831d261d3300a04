/// How the browser animates a patch, after RxDataSources' `AnimationConfiguration`.
public struct AnimationConfiguration: Sendable, Equatable, Codable {
    /// An animation for elements that appear, leave or change.
    public enum Style: String, Sendable, Equatable, Codable, CaseIterable {
        case fade, left, right, top, bottom, none, automatic
    }

    /// An animation for elements that move.
    public enum MoveStyle: String, Sendable, Equatable, Codable, CaseIterable {
        case flip, none
    }

    /// For inserted elements.
    public var insert: Style
    /// For removed elements.
    public var delete: Style
    /// For updated elements (`replace`, `html`, `text`).
    public var reload: Style
    /// For moved elements.
    public var move: MoveStyle

    /// Creates a configuration; the defaults are the runtime's own.
    public init(insert: Style = .fade, delete: Style = .fade, reload: Style = .fade, move: MoveStyle = .flip) {
        self.insert = insert
        self.delete = delete
        self.reload = reload
        self.move = move
    }

    /// What the runtime does when a patch names no animation.
    public static let `default` = AnimationConfiguration()
}
