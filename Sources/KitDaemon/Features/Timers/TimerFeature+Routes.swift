import KitProtocol

/// The `timer.*` methods.
extension TimerFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.timerStart, mutating: true, TimerStartParams.self) { [unowned self] params, _ in
            try start(params)
        }
        router.register(Method.timerList, TimerListParams.self) { [unowned self] params, _ in try list(params) }
        router.register(Method.timerGet, TimerRefParams.self) { [unowned self] params, _ in try get(params.ref) }
        router.register(Method.timerPause, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try pause(params.ref)
        }
        router.register(Method.timerResume, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try resume(params.ref)
        }
        router.register(Method.timerAdd, mutating: true, TimerAddParams.self) { [unowned self] params, _ in
            try add(params.ref, delta: params.deltaNs)
        }
        router.register(Method.timerCancel, mutating: true, TimerRefParams.self) { [unowned self] params, _ in
            try cancel(params.ref)
        }
    }
}
