import KitProtocol

/// The `memo.*` methods.
extension MemoFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.memoAdd, .now { [unowned self] params, _ in try add(params) })
        router.register(Method.memoList, .now { [unowned self] _, _ in try list() })
        router.register(Method.memoGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.memoEdit, .now { [unowned self] params, _ in try edit(params) })
        router.register(Method.memoSearch, .now { [unowned self] params, _ in try search(params) })
        router.register(Method.memoPin, .now { [unowned self] params, _ in try setPinned(params.ref, true) })
        router.register(Method.memoUnpin, .now { [unowned self] params, _ in try setPinned(params.ref, false) })
        router.register(Method.memoDelete, .now { [unowned self] params, _ in try delete(params.ref) })
    }
}
