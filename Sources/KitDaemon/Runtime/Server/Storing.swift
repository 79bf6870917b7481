import KitCore

/// Runs a call on the store, passing KitCore's refusals through and turning any other failure
/// into a `StorageError` (the `storageFailure` code).
func storing<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as KitError {
        throw error
    } catch {
        throw StorageError(underlying: error)
    }
}
