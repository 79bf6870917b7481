import KitProtocol

/// The `stopwatch.*` methods.
extension Daemon {
    func registerStopwatchRoutes() {
        router.register(Method.stopwatchCreate, mutating: true, StopwatchCreateParams.self) {
            [unowned self] params, _ in
            try stopwatches.create(params)
        }
        router.register(Method.stopwatchList, EmptyParams.self) { [unowned self] _, _ in
            StopwatchListResult(stopwatches: stopwatches.list())
        }
        router.register(Method.stopwatchGet, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.get(params.ref)
        }
        router.register(Method.stopwatchStart, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.start(params.ref)
        }
        router.register(Method.stopwatchStop, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.stop(params.ref)
        }
        router.register(Method.stopwatchReset, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.reset(params.ref)
        }
        router.register(Method.stopwatchDelete, mutating: true, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.delete(params.ref)
        }
        router.register(Method.stopwatchRename, mutating: true, StopwatchRenameParams.self) {
            [unowned self] params, _ in
            try stopwatches.rename(params)
        }
        router.register(Method.stopwatchLap, mutating: true, StopwatchLapParams.self) { [unowned self] params, _ in
            try stopwatches.lap(params)
        }
        router.register(Method.stopwatchLaps, StopwatchRefParams.self) { [unowned self] params, _ in
            try stopwatches.laps(params.ref)
        }
    }
}
