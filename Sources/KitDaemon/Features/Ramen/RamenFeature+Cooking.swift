import KitCore
import KitLocalization
import KitProtocol
import KitStore

/// Cooking: a cook is a timer with a ramen attached. Its `left` steps alert as small popups at
/// their moment, scheduled from the timer's deadline, so they follow pause, resume and added time.
extension RamenFeature: CountdownObserver {
    func cook(_ params: RamenCookParams) throws -> RamenCookResult {
        var entry = try resolve(params.ref)
        // A time given is bounded at the edge (RamenCookParams.bounds); a catalog's is positive.
        let time = params.cookNs ?? entry.cookTime
        let now = clock.now()
        let timer = try timers.startCountdown(duration: time, name: entry.product.name, now: now)
        let cook = RamenCook(
            timerID: timer.id, ramenID: entry.id, steps: entry.steps, memo: entry.settings.memo)
        try storing { try store.insertRamenCook(cook) }
        cooks[timer.id] = cook
        // Counted when it is done: a cancelled cook was not cooked.
        entry.settings.lastCookedAt = now.wall
        try save([(entry.id, entry.settings)])
        follow(timer)
        let ramen = info(entries[entry.id]!)
        let timerInfo = timers.info(timer, now: now)
        commits.onCommitted { [events] in
            events.emit(Event.ramenCooking, RamenCookEvent(ramen: ramen, timer: timerInfo))
        }
        logger.info(
            "cooking", metadata: ["ramen.id": "\(entry.id)", "timer.id": "\(timer.id)", "timer.duration_ns": "\(time)"])
        return RamenCookResult(
            ramen: ramen, timer: timerInfo, waterMl: entry.product.waterMl, steps: entry.steps,
            now: Self.instructions(for: entry, duration: time))
    }

    /// What to do when the cook starts: the water, then the steps marked for the start, then the
    /// timed steps this cook is too short for (`5:00 left` in a 3-minute cook): their moment has
    /// come already, so they are said now rather than never.
    static func instructions(for entry: RamenEntry, duration: Nanoseconds) -> [KitMessage] {
        var lines: [KitMessage] = []
        let water = entry.product.waterMl
        switch (entry.product.kind, water) {
        case (.cup, 0): lines.append(.message("Pour boiling water up to the line inside the cup."))
        case (.cup, _): lines.append(.message("Pour \(water) ml of boiling water into the cup."))
        case (_, 0): break
        default: lines.append(.message("Bring \(water) ml of water to the boil."))
        }
        lines += entry.steps.filter { $0.moment == .start }.map { KitMessage(phrase: $0.text) }
        let cook = DurationFormatter.clock(duration)
        lines += entry.steps.filter { $0.isTimed && $0.offset(inCookOf: duration) == nil }.map {
            .message("\(KitMessage(phrase: $0.text)) (\($0.moment.message), but this cook takes \(cook))")
        }
        return lines
    }

    /// The `after` and `left` steps that alert, earliest first, for a cook of `duration`, each
    /// with the time left at its moment.
    static func alerts(_ steps: [RamenStep], duration: Nanoseconds) -> [(
        index: Int, left: Nanoseconds, step: RamenStep
    )] {
        steps.compactMap { step -> (Nanoseconds, RamenStep)? in
            guard step.isTimed, let offset = step.offset(inCookOf: duration) else { return nil }
            return (duration - offset, step)
        }
        .sorted { $0.0 > $1.0 }
        .enumerated().map { (index: $0.offset, left: $0.element.0, step: $0.element.1) }
    }

    /// Keeps a cook's step alerts in line with its timer's new state.
    func follow(_ timer: Countdown) {
        guard let cook = cooks[timer.id] else { return }
        let pending = Self.alerts(cook.steps, duration: timer.duration)
        stepAlarms.cancel(pending.map { RamenStepAlarm(timerID: timer.id, index: $0.index) })
        switch timer.state {
        case .running(let deadline):
            let now = clock.now().boot
            for alert in pending where alert.index >= cook.nextStep {
                let at = deadline.boot + -alert.left
                stepAlarms.schedule(RamenStepAlarm(timerID: timer.id, index: alert.index), at: max(at, now))
            }
        case .paused:
            break
        case .fired, .cancelled:
            cooks.removeValue(forKey: timer.id)
            // The step popups shown so far report a cook that is over: they go.
            let shown = pending.filter { $0.index < cook.nextStep }.map {
                RamenPopup.step(timerID: timer.id, index: $0.index)
            }
            if !shown.isEmpty {
                commits.onCommittedAndSent { [popups] in for subject in shown { popups.withdraw(subject) } }
            }
            if case .fired = timer.state, var entry = entries[cook.ramenID] {
                entry.settings.cookCount += 1
                do {
                    try save([(entry.id, entry.settings)])
                } catch {
                    logger.error(
                        "could not count a finished cook", metadata: ["ramen.id": "\(entry.id)", "error": "\(error)"])
                }
                let payload = RamenCookEvent(ramen: info(entries[entry.id] ?? entry), timer: timers.info(timer))
                commits.onCommitted { [events] in events.emit(Event.ramenCooked, payload) }
            }
        }
    }

    /// A step alert came due.
    func stepDue(timerID: Int64, index: Int, now: ClockReading) {
        guard var cook = cooks[timerID], let timer = timers.activeTimer(id: timerID), index >= cook.nextStep else {
            return
        }
        let alerts = Self.alerts(cook.steps, duration: timer.duration)
        guard let alert = alerts.first(where: { $0.index == index }) else { return }
        cook.nextStep = index + 1
        do {
            try store.updateRamenCookProgress(timerID: timerID, nextStep: cook.nextStep)
        } catch {
            logger.error("could not record a ramen step", metadata: ["timer.id": "\(timerID)", "error": "\(error)"])
            return
        }
        cooks[timerID] = cook
        let name = entries[cook.ramenID]?.product.name ?? timer.label
        let popup = RamenPopups.step(
            alert.step, left: alert.left, of: name, timerID: timerID, index: index,
            sound: settings[SoundSettings.self].sound(for: .ramenStep), now: now)
        let event = RamenStepEvent(ramenId: cook.ramenID, timerId: timerID, step: alert.step)
        commits.onCommitted { [events] in events.emit(Event.ramenStep, event) }
        popups.post(popup)
    }

    func countdown(_ timer: Countdown, did transition: CountdownTransition) { follow(timer) }

    /// The done popup of a cook, worded from what is in memory: the cook is still held when
    /// timers ask, just before they announce the firing.
    func firedPopup(for timer: Countdown, now: ClockReading) -> Popup? {
        guard let cook = cooks[timer.id] else { return nil }
        return RamenPopups.done(
            timer, cook: cook, product: entries[cook.ramenID]?.product,
            sound: settings[SoundSettings.self].sound(for: .ramen, choice: timer.sound), now: now,
            startedAt: runtime.startedAt.wall)
    }

    /// "Cook again" on a cook's done popup: `kitctl ramen cook NAME --time T` for the same ramen
    /// and time.
    func pressed(_ key: String, on subject: RamenPopup) {
        guard case .done(_, let ramenID, let time) = subject, key == RamenPopup.cookAgain else { return }
        do {
            _ = try cook(RamenCookParams(ref: ramenID, cookNs: time))
            logger.info("cooking again from the popup", metadata: ["ramen.id": "\(ramenID)"])
        } catch {
            logger.notice("the popup's button did nothing", metadata: ["ramen.id": "\(ramenID)", "error": "\(error)"])
            popups.outOfDate(subject, summary: Localized.text("Cannot cook again"), body: Localized.text(of: error))
        }
    }
}
