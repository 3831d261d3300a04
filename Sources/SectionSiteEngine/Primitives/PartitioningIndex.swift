extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true along the
    /// collection (a binary search).
    ///
    /// - Complexity: O(log n).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
