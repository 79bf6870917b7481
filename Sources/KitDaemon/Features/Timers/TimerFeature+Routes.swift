import KitProtocol

/// The `timer.*` methods.
extension TimerFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.timerStart, .now { [unowned self] params, _ in try start(params) })
        router.register(Method.timerList, .now { [unowned self] params, _ in try list(params) })
        router.register(Method.timerGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.timerPause, .now { [unowned self] params, _ in try pause(params.ref) })
        router.register(Method.timerResume, .now { [unowned self] params, _ in try resume(params.ref) })
        router.register(
            Method.timerAdd,
            .now { [unowned self] params, _ in
                try add(params.ref, delta: params.deltaNs)
            })
        router.register(Method.timerCancel, .now { [unowned self] params, _ in try cancel(params.ref) })
    }
}
