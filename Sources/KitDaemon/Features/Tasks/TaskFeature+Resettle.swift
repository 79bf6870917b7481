import KitCore
import KitStore

/// A change of the system zone moves every floating task (and an all-day one). With a million of
/// them, working their instants out in one go held the loop 42 s (`kit-bench scale-zone`), with
/// every alarm and request waiting. So it goes a slice of the loop at a time (`resettleSlice`,
/// 5 ms, in pages of `resettlePage` tasks), in the order the popups come: each task's popup is
/// armed again as its row changes, so the window is right up to where the work has reached,
/// which runs far ahead of the clock (thousands of tasks a second). Requests, timers and popups
/// are served between slices. The rows that hold their instants already (tasks pinned to a
/// zone) are read, not written.
extension TaskFeature {
    /// Starts working out every task's instants again, under the zones as they are now; a
    /// change while it runs starts it over.
    func startResettle() {
        resettle = InstantsResettle(basis: zones.instantsBasis)
        if resettleSource == nil {
            do {
                // After everything else of a turn, the commit and replies too: the work takes the
                // loop only when nothing else waits.
                resettleSource = try runtime.loop.deferred(
                    description: "task-instants", priority: EventLoop.Priority.flush + 10
                ) { [unowned self] in resettleStep() }
            } catch {
                logger.error("cannot work out the tasks' due times", metadata: ["error": "\(error)"])
                return
            }
        }
        resettleSource?.trigger()
    }

    /// One slice: pages of `resettlePage` tasks until the slice is used up, committed; then the
    /// next slice is asked for, or the work is finished.
    func resettleStep() {
        resettleSource?.cancel()
        guard var work = resettle else { return }
        let deadline = ContinuousClock.now + resettleSlice
        var done = false
        do {
            repeat {
                done = try resettlePage(&work)
            } while !done && ContinuousClock.now < deadline
            try runtime.store.commit()
        } catch {
            // The basis stays the old one: the next start works every row out again.
            logger.error(
                "could not work out the tasks' due times for the new system zone; kitd's next start will",
                metadata: ["error": "\(error)", "task.count": "\(work.read)"])
            resettle = nil
            return
        }
        guard done else {
            resettle = work
            resettleSource?.trigger()
            return
        }
        resettle = nil
        finishResettle(work)
    }

    /// Works out one page of the phase, and moves the place on; true when nothing is left.
    private func resettlePage(_ work: inout InstantsResettle) throws -> Bool {
        switch work.phase {
        case .firing(let place):
            let page = try store.firingPage(after: place, limit: resettlePage)
            guard let next = page.place else {
                work.phase = .neverFiring(after: 0)
                return false
            }
            try settle(page.tasks, &work)
            work.phase = .firing(after: next)
        case .neverFiring(let after):
            // No index finds these rows: a page is a range of ids, so that one reads a bounded
            // number of rows even where few of them have no popup to come.
            let span = Int64(resettlePage) * 16
            let page = try store.range(.neverFiring, after: after, span: span)
            try settle(page.tasks, &work)
            guard page.more else { return true }
            work.phase = .neverFiring(after: after + span)
        }
        return false
    }

    /// Writes the instants of a page's tasks (those that changed) and arms each task's popup from
    /// them, each worked out once.
    private func settle(_ tasks: [TaskItem], _ work: inout InstantsResettle) throws {
        let settled = tasks.map { ($0.id, instants(of: $0)) }
        work.changed += try store.setInstants(settled)
        work.read += tasks.count
        window.arm(settled.map { (id: $0.0, fire: $0.1.fire) })
    }

    /// Every row holds its instants under the new basis: it is written, the window is read again
    /// (for the tasks moved while the work ran), and the counts and the vdir files follow.
    private func finishResettle(_ work: InstantsResettle) {
        do {
            try store.setInstantsBasis(work.basis)
            try runtime.store.commit()
            try window.reload(now: clock.now().wall)
        } catch {
            logger.error("could not move the tasks to the new system zone", metadata: ["error": "\(error)"])
        }
        recountOverdue()
        // Their files name the system zone.
        vdir?.keepByPages(label: "zone") { $0.zone == nil }
        logger.info(
            "task instants worked out for the new system zone",
            metadata: [
                "task.count": "\(work.read)", "task.changed": "\(work.changed)",
                "task.instants_basis": "\(work.basis)",
                "task.resettle": "\(ContinuousClock.now - work.began)",
            ])
    }
}
