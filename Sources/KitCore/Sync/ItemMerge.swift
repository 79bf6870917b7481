/// Merges kit's version of a vdir item with its file's, against the last version both sides
/// agreed on (the base), property by property, the way Unison and git decide: by what changed
/// since the base, not by whose clock is later.
///
/// The base comes in two words: the file's text as it was then (`base`), and kit's own rendering
/// of its item as it was then (`kitBase`). Kit's changes are what its rendering now says
/// otherwise than `kitBase` (so that kit's words are compared with kit's words); the file's are
/// what it says otherwise than `base`. Then, for each property:
/// - changed on one side only: that side's value;
/// - changed on neither, or on both to the same value: the file's words;
/// - changed on both to different values: a conflict. The later LAST-MODIFIED (else DTSTAMP)
///   wins, then the higher SEQUENCE, then the file; the losing value is reported.
/// A property kit does not render (PRIORITY, CATEGORIES, `X-` lines) never changes on kit's
/// side, so the file's value passes through. Properties that only mean something together are
/// merged as one: the schedule (DTSTART, DUE, DTEND, DURATION, RRULE, RDATE, EXDATE), the
/// status (STATUS, COMPLETED, PERCENT-COMPLETE), and all the alarms (VALARM). The version lines
/// (DTSTAMP, LAST-MODIFIED, SEQUENCE, CREATED) are not merged: a result that differs from the
/// file is a new revision (`ItemMerge.Result.revised`).
///
/// Overrides (a RECURRENCE-ID component) are merged the same way, each matched by its
/// RECURRENCE-ID: one added on a side is kept, one removed on a side goes unless the other side
/// changed it.
///
/// Without a base (kit and the file never agreed on this item), every property that differs is
/// a conflict, except one kit does not render.
public enum ItemMerge {
    public enum Side: String, Sendable, Equatable, Codable, CaseIterable {
        case kit
        case file
    }

    /// A property changed on both sides to different values.
    public struct Conflict: Sendable, Equatable {
        /// The RECURRENCE-ID of the override it is in; nil for the item itself.
        public var recurrence: String?
        /// The names of the properties that differ (one name, or those of a group: `DTSTART, DUE`).
        public var properties: [String]
        public var winner: Side
        /// The losing side's lines of those properties (empty when it had none).
        public var lost: [String]

        public init(recurrence: String?, properties: [String], winner: Side, lost: [String]) {
            self.recurrence = recurrence
            self.properties = properties
            self.winner = winner
            self.lost = lost
        }
    }

    public struct Result: Sendable, Equatable {
        /// The merged item, in the file's words wherever the file's value was kept.
        public var document: ItemDocument
        /// Whether it has a change of the file's that kit's version lacks: kit must take it in.
        public var fileContributed: Bool
        /// Whether it has a change of kit's that the file lacks: the file must be written.
        public var kitContributed: Bool
        public var conflicts: [Conflict]
        /// What the result took from kit's side where the file's was the base's: by item
        /// component (`master`, or `R:` and its RECURRENCE-ID), the merged units (`schedule`,
        /// `SUMMARY`, …), or `*` for a component kit added or removed. With `revert`, kit's
        /// rendering of the file's version is made from kit's rendering of the merged one.
        public var kitOnly: [String: Set<String>] = [:]
    }

    /// Lines that say which version an item is, not what it says: not merged.
    static let versionNames: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "CREATED", "UID", "RECURRENCE-ID"]

    /// Properties merged as one.
    static let groups: [String: String] = [
        "DTSTART": "schedule", "DUE": "schedule", "DTEND": "schedule", "DURATION": "schedule", "RRULE": "schedule",
        "RDATE": "schedule", "EXDATE": "schedule", "EXRULE": "schedule", "STATUS": "status", "COMPLETED": "status",
        "PERCENT-COMPLETE": "status",
    ]

    /// Merges the four versions. `stamp` is the time of the new revision, when the result differs
    /// from the file (its LAST-MODIFIED and DTSTAMP, never before the file's).
    public static func merge(
        base: ItemDocument?, kitBase: ItemDocument?, kit: ItemDocument, file: ItemDocument, stamp: WallTime
    ) -> Result {
        let threeWay = base != nil && kitBase != nil
        let baseItems = keyed(base)
        let kitBaseItems = keyed(kitBase)
        let kitItems = keyed(kit)
        let fileItems = keyed(file)
        var keys: [String] = []
        for key in fileItems.order + kitItems.order + baseItems.order + kitBaseItems.order where !keys.contains(key) {
            keys.append(key)
        }
        var merged: [String: ItemDocument.Component] = [:]
        var fileContributed = false
        var kitContributed = false
        var conflicts: [Conflict] = []
        var kitOnly: [String: Set<String>] = [:]
        for key in keys {
            let b = baseItems.byKey[key]
            let kb = kitBaseItems.byKey[key]
            let k = kitItems.byKey[key]
            let f = fileItems.byKey[key]
            let kitChanged = threeWay ? units(kb) != units(k) : k != nil
            let fileChanged = threeWay ? units(b) != units(f) : f != nil
            switch (k, f) {
            case (nil, nil):
                continue
            case (let k?, nil):
                if threeWay && (b != nil || kb != nil) && !kitChanged {
                    // The file removed it (or never had it), and kit did not change it: it goes.
                    if b != nil { fileContributed = true }
                } else {
                    // Kit added it (or changed what the file removed: kept, and said so).
                    merged[key] = k
                    kitContributed = true
                    if b == nil { kitOnly[key] = ["*"] }
                    if threeWay && b != nil {
                        conflicts.append(
                            Conflict(recurrence: recurrence(k), properties: [k.name], winner: .kit, lost: []))
                    }
                }
            case (nil, let f?):
                if threeWay && kb != nil && !fileChanged {
                    // Kit removed it, and the file did not change it: it goes.
                    kitContributed = true
                    kitOnly[key] = ["*"]
                } else {
                    // The file added it, changed what kit removed, or has what kit never renders.
                    merged[key] = f
                    if !threeWay || b == nil || fileChanged { fileContributed = true }
                    if threeWay && kb != nil {
                        conflicts.append(
                            Conflict(recurrence: recurrence(f), properties: [f.name], winner: .file, lost: []))
                    }
                }
            case (let k?, let f?):
                let outcome = mergeComponent(
                    base: threeWay ? b : nil, kitBase: threeWay ? kb : nil, kit: k, file: f)
                merged[key] = outcome.component
                fileContributed = fileContributed || outcome.fileContributed
                kitContributed = kitContributed || outcome.kitContributed
                conflicts += outcome.conflicts
                if !outcome.kitOnly.isEmpty { kitOnly[key] = outcome.kitOnly }
            }
        }
        var document = ItemDocument(
            calendarLines: file.calendarLines.isEmpty ? kit.calendarLines : file.calendarLines, components: [])
        // The file's components in its order (its zones among them), then kit's new ones.
        var placed: Set<String> = []
        for component in file.components {
            if let key = itemKey(component) {
                if let result = merged[key], !placed.contains(key) {
                    document.components.append(
                        revised(result, over: fileItems.byKey[key], kit: kitItems.byKey[key], stamp: stamp))
                    placed.insert(key)
                }
            } else {
                document.components.append(component)
            }
        }
        for key in keys where !placed.contains(key) {
            guard let result = merged[key] else { continue }
            document.components.append(result)
            placed.insert(key)
        }
        // Zones a line of kit's names that the file does not define.
        let defined = Set(file.components.filter { $0.name == "VTIMEZONE" }.compactMap { $0.value("TZID") })
        let used = usedZones(document)
        for zone in kit.components where zone.name == "VTIMEZONE" {
            guard let tzid = zone.value("TZID"), used.contains(tzid), !defined.contains(tzid) else { continue }
            document.components.insert(zone, at: 0)
        }
        return Result(
            document: document, fileContributed: fileContributed, kitContributed: kitContributed,
            conflicts: conflicts, kitOnly: kitOnly)
    }

    /// `document` with the `units` (a merge's `kitOnly`) put back as `reference` has them: from
    /// kit's rendering of the merged item and kit's rendering of the base, kit's rendering of the
    /// file's version, where kit's side had changed nothing of those units.
    public static func revert(
        _ document: ItemDocument, units: [String: Set<String>], to reference: ItemDocument
    ) -> ItemDocument {
        guard !units.isEmpty else { return document }
        let references = keyed(reference)
        var result = document
        result.components = []
        var seen: Set<String> = []
        for component in document.components {
            guard let key = itemKey(component), let names = units[key] else {
                result.components.append(component)
                continue
            }
            seen.insert(key)
            let old = references.byKey[key]
            if names.contains("*") {
                if let old { result.components.append(old) }
                continue
            }
            var reverted = component
            reverted.lines.removeAll { names.contains(unitName($0.name)) && !versionNames.contains($0.name) }
            reverted.lines += (old?.lines ?? []).filter {
                names.contains(unitName($0.name)) && !versionNames.contains($0.name)
            }
            reverted.components.removeAll { names.contains($0.name) }
            reverted.components += (old?.components ?? []).filter { names.contains($0.name) }
            result.components.append(reverted)
        }
        // A component kit removed comes back as the reference had it.
        for (key, names) in units where names.contains("*") && !seen.contains(key) {
            if let old = references.byKey[key] { result.components.append(old) }
        }
        return result
    }

    /// Whether two versions of an item say something different (the version lines and zone
    /// definitions aside).
    public static func differs(_ one: ItemDocument, _ other: ItemDocument) -> Bool {
        let a = keyed(one)
        let b = keyed(other)
        guard Set(a.order) == Set(b.order) else { return true }
        return a.order.contains { key in units(a.byKey[key]) != units(b.byKey[key]) }
    }

    /// One component's merge.
    private static func mergeComponent(
        base: ItemDocument.Component?, kitBase: ItemDocument.Component?, kit: ItemDocument.Component,
        file: ItemDocument.Component
    ) -> (
        component: ItemDocument.Component, fileContributed: Bool, kitContributed: Bool, conflicts: [Conflict],
        kitOnly: Set<String>
    ) {
        let b = base.map(units)
        let kb = kitBase.map(units)
        let k = units(kit)
        let f = units(file)
        var names: [String] = []
        for name in f.order + k.order where !names.contains(name) { names.append(name) }
        var fromKit: Set<String> = []
        var kitOnly: Set<String> = []
        var fileContributed = false
        var conflicts: [Conflict] = []
        let kitWins = laterSide(kit: kit, file: file) == .kit
        for name in names {
            let kValue = k.values[name] ?? []
            let fValue = f.values[name] ?? []
            if kValue == fValue { continue }
            let kitChanged: Bool
            let fileChanged: Bool
            if let b, let kb {
                kitChanged = (kb.values[name] ?? []) != kValue
                fileChanged = (b.values[name] ?? []) != fValue
            } else {
                // No base: a property kit does not render is the file's; any other differs on both.
                kitChanged = !kValue.isEmpty
                fileChanged = true
            }
            switch (kitChanged, fileChanged) {
            case (false, false):
                // Neither changed it: different words for one value, or one kit does not render.
                continue
            case (false, true):
                fileContributed = true
            case (true, false):
                fromKit.insert(name)
                kitOnly.insert(name)
            case (true, true):
                let kitLines = lines(of: name, in: kit)
                let fileLines = lines(of: name, in: file)
                let kitKeys = Set(kitLines.map(\.key))
                let fileKeys = Set(fileLines.map(\.key))
                // The names of the lines that are not on both sides.
                let properties = Set(
                    kitLines.filter { !fileKeys.contains($0.key) }.map(\.name)
                        + fileLines.filter { !kitKeys.contains($0.key) }.map(\.name)
                ).sorted()
                if kitWins {
                    fromKit.insert(name)
                    conflicts.append(
                        Conflict(
                            recurrence: recurrence(kit), properties: properties, winner: .kit,
                            lost: fileLines.map(\.text)))
                } else {
                    fileContributed = true
                    conflicts.append(
                        Conflict(
                            recurrence: recurrence(kit), properties: properties, winner: .file,
                            lost: kitLines.map(\.text)))
                }
            }
        }
        guard !fromKit.isEmpty else { return (file, fileContributed, false, conflicts, kitOnly) }
        // The file's lines, with the units kit's side won replaced by kit's lines where the file
        // had the first of them (else at the end).
        var result = ItemDocument.Component(name: file.name)
        var inserted: Set<String> = []
        for line in file.lines {
            let name = unitName(line.name)
            if fromKit.contains(name) {
                if inserted.insert(name).inserted { result.lines += kit.lines.filter { unitName($0.name) == name } }
            } else {
                result.lines.append(line)
            }
        }
        for name in k.order where fromKit.contains(name) && !inserted.contains(name) {
            result.lines += kit.lines.filter { unitName($0.name) == name }
            inserted.insert(name)
        }
        var subNames: [String] = []
        for component in file.components + kit.components where !subNames.contains(component.name) {
            subNames.append(component.name)
        }
        for name in subNames {
            let source = fromKit.contains(name) ? kit : file
            result.components += source.components.filter { $0.name == name }
        }
        return (result, fileContributed, true, conflicts, kitOnly)
    }

    /// The result as written: when it differs from the file's component, a new revision, with
    /// SEQUENCE above the file's (and at least kit's) and LAST-MODIFIED and DTSTAMP at `stamp` (after the file's).
    private static func revised(
        _ component: ItemDocument.Component, over file: ItemDocument.Component?, kit: ItemDocument.Component?,
        stamp: WallTime
    ) -> ItemDocument.Component {
        guard let file, component != file else { return component }
        let sequence = max((Int(file.value("SEQUENCE") ?? "") ?? 0) + 1, Int(kit?.value("SEQUENCE") ?? "") ?? 0)
        var time = stamp
        if let fileModified = modified(file), fileModified >= time {
            time = fileModified + .second
        }
        let timeText = ICalendarText.utc(time)
        var result = component
        result.lines.removeAll { ["SEQUENCE", "LAST-MODIFIED", "DTSTAMP"].contains($0.name) }
        let at = result.lines.firstIndex { $0.name == "UID" }.map { $0 + 1 } ?? 0
        result.lines.insert(
            contentsOf: [
                ItemDocument.Line("DTSTAMP:" + timeText), ItemDocument.Line("LAST-MODIFIED:" + timeText),
                ItemDocument.Line("SEQUENCE:\(sequence)"),
            ], at: at)
        return result
    }

    /// Which side's version is the later: LAST-MODIFIED (else DTSTAMP), then SEQUENCE; the
    /// file on a tie.
    static func laterSide(kit: ItemDocument.Component, file: ItemDocument.Component) -> Side {
        let kitTime = modified(kit)?.nanoseconds ?? .min
        let fileTime = modified(file)?.nanoseconds ?? .min
        if kitTime != fileTime { return kitTime > fileTime ? .kit : .file }
        let kitSequence = Int(kit.value("SEQUENCE") ?? "") ?? 0
        let fileSequence = Int(file.value("SEQUENCE") ?? "") ?? 0
        return kitSequence > fileSequence ? .kit : .file
    }

    /// A component's LAST-MODIFIED, else its DTSTAMP.
    static func modified(_ component: ItemDocument.Component) -> WallTime? {
        component.value("LAST-MODIFIED").flatMap { ICalendarText.utcInstant($0) }
            ?? component.value("DTSTAMP").flatMap { ICalendarText.utcInstant($0) }
    }

    /// The unit a property is merged in: its group, else its own name.
    static func unitName(_ name: String) -> String { groups[name] ?? name }

    /// A component's units: each unit's lines as compared, sorted, and the units in order.
    private static func units(_ component: ItemDocument.Component) -> (values: [String: [String]], order: [String]) {
        var values: [String: [String]] = [:]
        var order: [String] = []
        for line in component.lines where !versionNames.contains(line.name) {
            let name = unitName(line.name)
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(line.key)
        }
        for sub in component.components {
            if values[sub.name] == nil { order.append(sub.name) }
            values[sub.name, default: []].append(subKey(sub))
        }
        for name in order { values[name]?.sort() }
        return (values, order)
    }

    private static func units(_ component: ItemDocument.Component?) -> [String: [String]]? {
        component.map { units($0).values }
    }

    /// A component inside an item (an alarm) as compared: its lines' keys, sorted.
    private static func subKey(_ component: ItemDocument.Component) -> String {
        ([component.name] + component.lines.map(\.key).sorted() + component.components.map(subKey).sorted())
            .joined(separator: "\n")
    }

    /// The lines of a unit in a component (for a component inside it: its lines, unfolded).
    private static func lines(of unit: String, in component: ItemDocument.Component) -> [ItemDocument.Line] {
        let own = component.lines.filter { unitName($0.name) == unit && !versionNames.contains($0.name) }
        let inside = component.components.filter { $0.name == unit }.flatMap { $0.unfolded() }.map(
            ItemDocument.Line.init)
        return own + inside
    }

    private static func recurrence(_ component: ItemDocument.Component) -> String? {
        component.lines.first { $0.name == "RECURRENCE-ID" }?.value
    }

    /// The item components of a document by their key (RECURRENCE-ID, or the master), in order.
    private static func keyed(_ document: ItemDocument?) -> (byKey: [String: ItemDocument.Component], order: [String]) {
        var byKey: [String: ItemDocument.Component] = [:]
        var order: [String] = []
        for component in document?.components ?? [] {
            guard let key = itemKey(component), byKey[key] == nil else { continue }
            byKey[key] = component
            order.append(key)
        }
        return (byKey, order)
    }

    /// An item component's key: its RECURRENCE-ID's instant, or `master`; nil for a zone.
    private static func itemKey(_ component: ItemDocument.Component) -> String? {
        guard ItemDocument.itemNames.contains(component.name) else { return nil }
        guard let recurrence = component.lines.first(where: { $0.name == "RECURRENCE-ID" }) else { return "master" }
        return "R:" + ItemDocument.recurrenceKey(recurrence)
    }

    /// The TZIDs the document's items name.
    private static func usedZones(_ document: ItemDocument) -> Set<String> {
        var zones: Set<String> = []
        for component in document.components where ItemDocument.itemNames.contains(component.name) {
            for line in component.lines {
                for parameter in ItemDocument.Line.split(line.text).parameters
                where parameter.uppercased().hasPrefix("TZID=") {
                    zones.insert(String(parameter.dropFirst(5)).filter { $0 != "\"" })
                }
            }
        }
        return zones
    }
}
