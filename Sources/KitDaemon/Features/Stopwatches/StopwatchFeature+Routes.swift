import KitProtocol

/// The `stopwatch.*` methods.
extension StopwatchFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.stopwatchCreate, .now { [unowned self] params, _ in try create(params) })
        router.register(Method.stopwatchList, .now { [unowned self] _, _ in StopwatchListResult(stopwatches: list()) })
        router.register(Method.stopwatchGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.stopwatchStart, .now { [unowned self] params, _ in try start(params.ref) })
        router.register(Method.stopwatchStop, .now { [unowned self] params, _ in try stop(params.ref) })
        router.register(Method.stopwatchReset, .now { [unowned self] params, _ in try reset(params.ref) })
        router.register(Method.stopwatchDelete, .now { [unowned self] params, _ in try delete(params.ref) })
        router.register(Method.stopwatchRename, .now { [unowned self] params, _ in try rename(params) })
        router.register(Method.stopwatchLap, .now { [unowned self] params, _ in try lap(params) })
        router.register(Method.stopwatchLaps, .now { [unowned self] params, _ in try laps(params.ref) })
    }
}
