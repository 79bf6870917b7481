import KitProtocol

/// The `*` methods.
extension DiaryFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.diaryWrite, mutating: true, DiaryWriteParams.self) { [unowned self] params, _ in
            try write(params)
        }
        router.register(Method.diaryList, DiaryListParams.self) { [unowned self] params, _ in try list(params) }
        router.register(Method.diaryGet, DiaryRefParams.self) { [unowned self] params, _ in try get(params.ref) }
        router.register(Method.diaryEdit, mutating: true, DiaryEditParams.self) { [unowned self] params, _ in
            try edit(params)
        }
        router.register(Method.diaryDelete, mutating: true, DiaryRefParams.self) { [unowned self] params, _ in
            try delete(params.ref)
        }
        router.register(Method.diarySearch, SearchParams.self) { [unowned self] params, _ in
            try search(params)
        }
        router.register(Method.diaryOnThisDay, DiaryOnThisDayParams.self) { [unowned self] params, _ in
            try onThisDay(params)
        }
        router.register(Method.diaryExport, EmptyParams.self) { [unowned self] _, _ in try export() }
    }
}
