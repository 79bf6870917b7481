import ArgumentParser
import KitLocalization
import KitProtocol

/// The options `task add` and `task edit` share, checked on the client so that a typo is a
/// usage error with an example. In `task edit` an empty value clears one.
struct TaskOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(Localized.text("A repeat rule: daily, weekly on mon,wed, …"), valueName: "rule")
    )
    var rule: String?

    @Option(help: ArgumentHelp(Localized.text("Pre-alerts before due, e.g. 1d,1h,10m."), valueName: "offsets"))
    var remind: String?

    @Option(help: ArgumentHelp(Localized.text("A note shown in the popup."), valueName: "text"))
    var note: String?

    @Option(
        help: ArgumentHelp(
            Localized.text("Pin the task to a time zone, e.g. Asia/Seoul ('' in edit follows the system zone again)."),
            valueName: "zone"))
    var tz: String?

    @Option(
        help: ArgumentHelp(
            Localized.text("Repeat the popup this often until done or snoozed, e.g. 15m."), valueName: "interval"))
    var nag: String?

    /// The options as the protocol takes them.
    func checked() throws -> TaskOptions {
        TaskOptions(
            repeat: try rule.map(TaskArguments.rule), remind: try remind.map(TaskArguments.alerts), note: note, tz: tz,
            nag: try nag.map(TaskArguments.duration))
    }
}
