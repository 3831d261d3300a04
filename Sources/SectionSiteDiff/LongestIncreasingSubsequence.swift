/// The longest strictly increasing subsequence, by patience sorting.
///
/// The elements that keep their place in a reordered list are exactly one longest increasing subsequence of their
/// old positions taken in new order; every other kept element must move, and no fewer moves can do.
@usableFromInline
enum LongestIncreasingSubsequence {
    /// For each position of `values`, whether it belongs to one longest strictly increasing subsequence; among
    /// equally long ones, the one ending in the smallest values is chosen, deterministically.
    ///
    /// - Complexity: O(n log n).
    @inlinable
    static func members(of values: [Int]) -> [Bool] {
        var tails: [Int] = []  // tails[k]: index into values of the smallest tail of an increasing run of length k+1
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var members = [Bool](repeating: false, count: values.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            members[cursor] = true
            cursor = previous[cursor]
        }
        return members
    }
}
