import KitProtocol

/// The `*` methods.
extension DiaryFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.diaryWrite, .now { [unowned self] params, _ in try write(params) })
        router.register(Method.diaryList, .now { [unowned self] params, _ in try list(params) })
        router.register(Method.diaryGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.diaryEdit, .now { [unowned self] params, _ in try edit(params) })
        router.register(Method.diaryDelete, .now { [unowned self] params, _ in try delete(params.ref) })
        router.register(Method.diarySearch, .now { [unowned self] params, _ in try search(params) })
        router.register(Method.diaryOnThisDay, .now { [unowned self] params, _ in try onThisDay(params) })
        router.register(Method.diaryExport, .now { [unowned self] _, _ in try export() })
    }
}
