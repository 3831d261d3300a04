extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true along the
    /// array (a binary search).
    ///
    /// - Complexity: O(log n).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
