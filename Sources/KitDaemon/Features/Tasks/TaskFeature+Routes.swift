import KitProtocol

/// The `task.*` methods.
extension TaskFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.taskAdd, .now { [unowned self] params, _ in try add(params) })
        router.register(Method.taskList, .now { [unowned self] params, _ in try list(params) })
        router.register(Method.taskGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.taskDone, .now { [unowned self] params, _ in try done(params.ref) })
        router.register(Method.taskUndo, .now { [unowned self] params, _ in try undo(params.ref) })
        router.register(Method.taskSnooze, .now { [unowned self] params, _ in try snooze(params) })
        router.register(Method.taskEdit, .now { [unowned self] params, _ in try edit(params) })
        router.register(Method.taskDelete, .now { [unowned self] params, _ in try delete(params.ref) })
        router.register(
            Method.taskAgenda,
            .laterLine { [unowned self] params, _, id, reply in try agendaOffLoop(params, id: id, reply: reply) })
        router.register(Method.holidayList, .now { [unowned self] params, _ in try holidays(params) })
        router.register(
            Method.taskExport,
            .laterLine { [unowned self] _, _, id, reply in
                exportOffLoop(id: id, reply: reply)
            })
        router.register(Method.taskImport, .offLoop { [unowned self] params, _ in importer.offLoop(params) })
    }
}
