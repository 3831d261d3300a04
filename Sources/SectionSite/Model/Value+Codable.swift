/// Values as plain JSON (a string, a number, true, a list, a map), so that records of thousands of pages stay
/// small and quick to read; a double is written as `{"double": 2.0}`, since JSON cannot tell `2.0` from `2`.
extension Value: Codable {
    private enum Keys: String, CodingKey { case double }

    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Keys.self), keyed.contains(.double) {
            self = .double(try keyed.decode(Double.self, forKey: .double))
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Int.self) {
            self = .int(number)
        } else if let list = try? single.decode([Value].self) {
            self = .list(list)
        } else {
            self = .map(try single.decode([String: Value].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .double(let number):
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(number, forKey: .double)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .int(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .list(let values):
            var single = encoder.singleValueContainer()
            try single.encode(values)
        case .map(let fields):
            var single = encoder.singleValueContainer()
            try single.encode(fields)
        }
    }
}
