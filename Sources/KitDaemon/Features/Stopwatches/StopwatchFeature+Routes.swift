import KitProtocol

/// The `stopwatch.*` methods.
extension StopwatchFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.stopwatchCreate, mutating: true, StopwatchCreateParams.self) {
            [unowned self] params, _ in
            try create(params)
        }
        router.register(Method.stopwatchList, EmptyParams.self) { [unowned self] _, _ in
            StopwatchListResult(stopwatches: list())
        }
        router.register(Method.stopwatchGet, StopwatchRefParams.self) { [unowned self] params, _ in
            try get(params.ref)
        }
        router.register(Method.stopwatchStart, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try start(params.ref)
        }
        router.register(Method.stopwatchStop, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try stop(params.ref)
        }
        router.register(Method.stopwatchReset, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try reset(params.ref)
        }
        router.register(Method.stopwatchDelete, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try delete(params.ref)
        }
        router.register(Method.stopwatchRename, mutating: true, StopwatchRenameParams.self) {
            [unowned self] params, _ in
            try rename(params)
        }
        router.register(Method.stopwatchLap, mutating: true, StopwatchLapParams.self) { [unowned self] params, _ in
            try lap(params)
        }
        router.register(Method.stopwatchLaps, StopwatchRefParams.self) { [unowned self] params, _ in
            try laps(params.ref)
        }
    }
}
