#!/usr/bin/python3
"""Recomputes the expected occurrences of the iCalendar fixtures with a second implementation.

Usage:  /usr/bin/python3 Tests/Fixtures/ics/verify_expected.py Tests/Fixtures/ics

For every NAME.expected.json beside NAME.ics:

* the JSON's shape is checked (keys, window, UTC instants or dates, sorted lists, every
  occurrence inside the window, every expected UID present in the .ics);
* when "derivation" is "dateutil", the file is read with python-icalendar (Debian's 4.0.3), its
  rules expanded with dateutil's rrule/rruleset and its local times resolved with zoneinfo, by
  the semantics kit implements (below), and the items, occurrences, per-occurrence titles and
  skipped components are compared with the JSON;
* when "derivation" is "hand" (custom VTIMEZONEs, RANGE=THISANDFUTURE, malformed files, which
  python-icalendar 4 and dateutil cannot read the way kit does), only the shape is checked and
  the file is listed as "hand NAME"; its derivation is written in "notes".

Prints one line per file and "files F, occurrences checked O, mismatches M"; exits 0 only
when M == 0. Standard library plus python3-icalendar and python3-dateutil only.

The semantics recomputed here (kit's):
* each VEVENT/VTODO with a UID is one item; of several versions of one UID the highest
  SEQUENCE wins, then the later LAST-MODIFIED, then the later DTSTAMP;
* due instant: VEVENT DTSTART; VTODO DUE, else DTSTART; a VTODO with both repeats on DTSTART
  and each occurrence is due DUE − DTSTART after its start;
* every RRULE applies (a union); DTSTART is always the first occurrence and counts for COUNT;
  COUNT and UNTIL together both bound; an UNTIL before DTSTART leaves DTSTART alone; an empty
  RRULE is no rule; RDATE adds, EXDATE removes (matched on the start);
* a VTODO already completed (STATUS:COMPLETED or COMPLETED) comes in done, with no occurrences;
* FREQ=MINUTELY/SECONDLY, VJOURNAL, a master with STATUS:CANCELLED and a component with no
  DUE or DTSTART are skipped; so is a VALARM that cannot be read (its item still imports);
* a RECURRENCE-ID override moves, renames or (STATUS:CANCELLED) removes the occurrence whose
  original start it names, wherever it stands in the file; a completed override still occurs;
  of two overrides of one occurrence the higher SEQUENCE (then LAST-MODIFIED, else DTSTAMP) wins,
  else the later; of an all-day series a date-time RECURRENCE-ID names the day written, of a timed
  one a date names that day's occurrence, and a DATE DTSTART moves it to that day at kit's all-day
  time (09:00) in the series' zone; a VTODO override with DTSTART and no DUE is due at that DTSTART;
* the overrides of a UID whose master is not in the file make one item: the occurrences they
  name, each at its override's start, titled as the first one (in the file) that does not cancel;
  when all cancel, it is skipped as cancelled;
* a property whose name is neither X- nor one libical knows (KNOWN_PROPERTIES) is skipped and
  reported ("the line is ignored"), its component kept;
* with "importedAt" (kit's clock at the import; else the day before the window), a series starts
  at its first occurrence after it, a one-off VEVENT before it is done (not listed), and a
  one-off VTODO before it stays (overdue);
* TZID: Windows names through CLDR's table, IANA names through zoneinfo; floating times in
  X-WR-TIMEZONE when the calendar has one, else in the expected file's floatingZone; a local
  time is read with fold=0 (a skipped time with the offset before the gap, a repeated one as
  its first instant);
* an occurrence is listed when its due instant t has start <= t < end; an all-day one when
  its date's midnight in floatingZone does.
"""

import datetime as dt
import json
import os
import re
import sys
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

try:
    import icalendar
    import icalendar.cal
    from dateutil.rrule import rrulestr
except ImportError as error:  # pragma: no cover
    sys.exit(
        "verify_expected.py needs Debian's python3-icalendar and python3-dateutil "
        "(apt-get install -y python3-icalendar python3-dateutil) and /usr/bin/python3: %s" % error
    )

UTC = dt.timezone.utc

# Windows time zone names → IANA, as CLDR's windowsZones.xml maps them for territory 001.
WINDOWS_ZONES = {
    "Dateline Standard Time": "Etc/GMT+12",
    "Hawaiian Standard Time": "Pacific/Honolulu",
    "Alaskan Standard Time": "America/Anchorage",
    "Pacific Standard Time": "America/Los_Angeles",
    "US Mountain Standard Time": "America/Phoenix",
    "Mountain Standard Time": "America/Denver",
    "Central Standard Time": "America/Chicago",
    "Central America Standard Time": "America/Guatemala",
    "Canada Central Standard Time": "America/Regina",
    "Eastern Standard Time": "America/New_York",
    "US Eastern Standard Time": "America/Indianapolis",
    "Atlantic Standard Time": "America/Halifax",
    "Newfoundland Standard Time": "America/St_Johns",
    "E. South America Standard Time": "America/Sao_Paulo",
    "Argentina Standard Time": "America/Buenos_Aires",
    "UTC": "Etc/UTC",
    "GMT Standard Time": "Europe/London",
    "Greenwich Standard Time": "Atlantic/Reykjavik",
    "W. Europe Standard Time": "Europe/Berlin",
    "Central Europe Standard Time": "Europe/Budapest",
    "Romance Standard Time": "Europe/Paris",
    "Central European Standard Time": "Europe/Warsaw",
    "GTB Standard Time": "Europe/Bucharest",
    "FLE Standard Time": "Europe/Kiev",
    "E. Europe Standard Time": "Europe/Chisinau",
    "Israel Standard Time": "Asia/Jerusalem",
    "South Africa Standard Time": "Africa/Johannesburg",
    "Russian Standard Time": "Europe/Moscow",
    "Turkey Standard Time": "Europe/Istanbul",
    "Arabian Standard Time": "Asia/Dubai",
    "India Standard Time": "Asia/Calcutta",
    "SE Asia Standard Time": "Asia/Bangkok",
    "China Standard Time": "Asia/Shanghai",
    "Singapore Standard Time": "Asia/Singapore",
    "Taipei Standard Time": "Asia/Taipei",
    "Tokyo Standard Time": "Asia/Tokyo",
    "Korea Standard Time": "Asia/Seoul",
    "AUS Eastern Standard Time": "Australia/Sydney",
    "E. Australia Standard Time": "Australia/Brisbane",
    "Cen. Australia Standard Time": "Australia/Adelaide",
    "W. Australia Standard Time": "Australia/Perth",
    "New Zealand Standard Time": "Pacific/Auckland",
}

TIMED = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
NAME = re.compile(
    r"^(google|outlook|apple|thunderbird|nextcloud|tasksorg|confluence|council|holidays|rfc|tzurl|bad)-[a-z0-9]+(-[a-z0-9]+)*$"
)
TOP_KEYS = {"source", "derivation", "floatingZone", "window", "importedAt", "items", "skipped", "notes"}

# kit's all-day time (`[tasks] all_day_time`, 09:00 by default): when an all-day occurrence is due.
ALL_DAY_TIME = dt.time(9, 0)

# Property names libical knows (RFC 5545, 5546, 6638, 7953, 7986, 9073, 9074 and drafts it reads).
# Another name that is neither X- nor one of these (Confluence's SUBCALENDAR-ID) is a line libical
# refuses; kit skips the line and reports it, and keeps the component.
KNOWN_PROPERTIES = set("""
ACTION ATTACH ATTENDEE CALSCALE CATEGORIES CLASS COMMENT COMPLETED CONTACT CREATED DESCRIPTION DTEND
DTSTAMP DTSTART DUE DURATION EXDATE EXRULE FREEBUSY GEO LAST-MODIFIED LOCATION METHOD ORGANIZER
PERCENT-COMPLETE PRIORITY PRODID RDATE RECURRENCE-ID RELATED-TO REPEAT REQUEST-STATUS RESOURCES RRULE
SEQUENCE STATUS SUMMARY TRANSP TRIGGER TZID TZNAME TZOFFSETFROM TZOFFSETTO TZURL UID URL VERSION
COLOR CONFERENCE IMAGE NAME REFRESH-INTERVAL SOURCE ACKNOWLEDGED PROXIMITY ESTIMATED-DURATION
BUSYTYPE TZID-ALIAS-OF TZUNTIL LOCATION-TYPE PARTICIPANT-TYPE CALENDAR-ADDRESS RESOURCE-TYPE
STRUCTURED-DATA STYLED-DESCRIPTION ACCEPT-RESPONSE POLL-ITEM-ID POLL-MODE POLL-PROPERTIES
POLL-WINNER POLL-COMPLETION VOTER REPLY-URL RESPONSE DEFAULT-CHARSET DEFAULT-LOCALE
DEFAULT-TZID DEFAULT-VCARS DENY ALLOW-CONFLICT CMD CSID DECREED EXPAND OWNER PERMISSION QUERY
QUERYID QUERYLEVEL QUERYNAME RECUR-ACCEPTED RECUR-EXPAND RECUR-LIMIT RELCALID SCOPE TARGET
CAPVERSION CARID CARLEVEL COMPONENTS GRANT ITIPVERSION MAXCOMPONENTSIZE MAXDATE MAXRESULTS
MAXRESULTSSIZE MINDATE MULTIPART STORES-EXPANDED RESTRICTION PATCH-VERSION PATCH-ORDER PATCH-DELETE
PATCH-PARAMETER
""".split())
ITEM_KEYS = {"uid", "title", "occurrences", "titles"}
SKIP_KEYS = {"uid", "component", "reasonContains"}

# python-icalendar 4 raises on a value it cannot read unless the component "ignores exceptions";
# kit reads leniently, so every component notes its errors instead (a TRIGGER:banana, say).
for _cls in (icalendar.cal.Todo, icalendar.cal.Alarm, icalendar.cal.Journal, icalendar.cal.Event):
    _cls.ignore_exceptions = True
# python-icalendar 4 reads a BYDAY ordinal of one digit only; RFC 5545 allows up to 53 (BYDAY=20MO).
icalendar.prop.WEEKDAY_RULE = re.compile(r"(?P<signal>[+-]?)(?P<relative>\d{0,2})(?P<weekday>\w{2})$")


class NeedsHand(Exception):
    """Something this second implementation does not read the way kit does."""


class Mismatch(Exception):
    pass


def parse_utc(text):
    return dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def show(value):
    if isinstance(value, dt.datetime):
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def resolve_zone(tzid):
    tzid = tzid.strip('"')
    if tzid in WINDOWS_ZONES:
        return ZoneInfo(WINDOWS_ZONES[tzid])
    if tzid.startswith("/") or " " in tzid:
        raise NeedsHand("TZID %r is neither IANA nor Windows: its VTIMEZONE must be read by hand" % tzid)
    try:
        return ZoneInfo(tzid)
    except (ZoneInfoNotFoundError, ValueError):
        raise NeedsHand("TZID %r is neither IANA nor Windows" % tzid)


class Moment:
    """A DATE, or a wall-clock DATE-TIME in a zone (UTC for a trailing Z, the floating zone
    when there is neither TZID nor Z)."""

    def __init__(self, value, zone=None):
        self.value = value  # date, or naive datetime
        self.zone = zone

    @property
    def is_date(self):
        return not isinstance(self.value, dt.datetime)

    def key(self):
        """What occurrences are compared and sorted by: the date, or the UTC instant.
        A local time is read with fold=0: RFC 5545's reading of skipped and repeated times."""
        if self.is_date:
            return self.value
        return self.value.replace(tzinfo=self.zone, fold=0).astimezone(UTC)

    def wall(self, naive):
        return Moment(naive if not self.is_date else naive.date(), self.zone)


def moment(prop, floating, tzid=None):
    """A Moment from a decoded python-icalendar date or date-time property (vDDDTypes); `tzid`
    is the TZID written on the property (a list's items do not keep it as written)."""
    if prop is None:
        raise Mismatch("a date property python-icalendar could not read")
    value = prop.dt
    if isinstance(value, dt.datetime):
        if tzid is None and hasattr(prop, "params"):
            tzid = prop.params.get("TZID")
        naive = value.replace(tzinfo=None)
        if tzid:
            return Moment(naive, resolve_zone(tzid))
        if value.tzinfo is not None:
            return Moment(naive, UTC)  # python-icalendar gives a trailing Z as UTC
        return Moment(naive, floating)
    if isinstance(value, dt.date):
        return Moment(value)
    raise NeedsHand("a %s value (PERIOD?) is not read here" % type(value).__name__)


def moments(component, name, floating):
    """Every value of a possibly repeated list property (RDATE, EXDATE)."""
    raw = component.get(name)
    if raw is None:
        return []
    lists = raw if isinstance(raw, list) else [raw]
    result = []
    for one in lists:
        if one is None:
            raise Mismatch("%s python-icalendar could not read" % name)
        for item in one.dts:
            result.append(moment(item, floating, tzid=one.params.get("TZID")))
    return result


def rule_texts(component):
    raw = component.get("RRULE")
    if raw is None:
        return []
    rules = raw if isinstance(raw, list) else [raw]
    texts = []
    for rule in rules:
        text = rule.to_ical().decode() if rule is not None else ""
        texts.append(text.strip())
    return texts


def split_rule(text):
    parts = {}
    for part in text.split(";"):
        if not part:
            continue
        key, _, value = part.partition("=")
        parts[key.upper()] = value
    return parts


def until_key(text, anchor):
    """UNTIL as a key comparable with the series' keys."""
    if re.fullmatch(r"\d{8}", text):
        day = dt.date(int(text[:4]), int(text[4:6]), int(text[6:8]))
        if anchor.is_date:
            return day
        # A DATE UNTIL on a timed series: through the end of that day in the series' zone.
        end = dt.datetime.combine(day, dt.time(23, 59, 59))
        return end.replace(tzinfo=anchor.zone).astimezone(UTC)
    stamp = dt.datetime.strptime(text[:15], "%Y%m%dT%H%M%S")
    if text.endswith("Z"):
        if anchor.is_date:
            return stamp.date()
        return stamp.replace(tzinfo=UTC)
    if anchor.is_date:
        return stamp.date()
    return stamp.replace(tzinfo=anchor.zone).astimezone(UTC)


def expand_rule(text, anchor, horizon):
    """The starts (Moments) of one RRULE: DTSTART first, always (RFC 5545: it is the first
    instance and COUNT counts it even when it does not match the rule), then the rule's
    instances, bounded by COUNT and UNTIL (both, when both are written: whichever comes first),
    and no later than `horizon` (a naive wall-clock time past the window)."""
    parts = split_rule(text)
    if not parts:
        return [anchor]  # an empty RRULE: a one-off
    count = int(parts.pop("COUNT")) if "COUNT" in parts else None
    until = until_key(parts.pop("UNTIL"), anchor) if "UNTIL" in parts else None
    rule_text = ";".join("%s=%s" % item for item in parts.items())
    start = anchor.value if not anchor.is_date else dt.datetime.combine(anchor.value, dt.time())
    rule = rrulestr("RRULE:" + rule_text, dtstart=start)
    series = [anchor]
    seen = {anchor.key()}
    for naive in rule:
        if count is not None and len(series) >= count:
            break
        if naive > horizon:
            break
        occurrence = anchor.wall(naive)
        key = occurrence.key()
        if until is not None and key > until:
            break
        if key in seen:
            continue
        seen.add(key)
        series.append(occurrence)
    return series


class Item:
    def __init__(self, uid, title):
        self.uid = uid
        self.title = title
        self.occurrences = {}  # key (instant or date) → title


def alarm_errors(component):
    names = []
    for sub in component.subcomponents:
        if sub.name == "VALARM" and getattr(sub, "errors", None):
            names.extend(name or "a line" for name, _ in sub.errors)
    return names


def anchor_and_offset(component, floating):
    """(start Moment, due − start) of a component, or None when it has neither DUE nor DTSTART."""
    start = component.get("DTSTART")
    due = component.get("DUE") if component.name == "VTODO" else None
    if start is None and due is None:
        return None
    if component.name == "VTODO" and start is not None and due is not None:
        start_m, due_m = moment(start, floating), moment(due, floating)
        if start_m.is_date != due_m.is_date:
            raise NeedsHand("DTSTART and DUE of different value types")
        return start_m, due_m.key() - start_m.key()
    anchor = moment(start if start is not None else due, floating)
    return anchor, dt.timedelta(0)


def newest(versions):
    def rank(component):
        def stamp(name):
            value = component.get(name)
            if value is None:
                return dt.datetime.min.replace(tzinfo=UTC)
            instant = value.dt
            if instant.tzinfo is None:
                instant = instant.replace(tzinfo=UTC)
            return instant.astimezone(UTC)

        return (int(component.get("SEQUENCE", 0)), stamp("LAST-MODIFIED"), stamp("DTSTAMP"))

    return max(versions, key=rank)


def in_window(due, start, end, system):
    """An occurrence is listed when its due instant is in [start, end); an all-day one when its
    date's midnight in the system zone is."""
    if isinstance(due, dt.datetime):
        return start <= due < end
    midnight = dt.datetime.combine(due, dt.time()).replace(tzinfo=system)
    return start <= midnight.astimezone(UTC) < end


def winning_changes(changes, original):
    """Of several changes of one occurrence, the one with the highest SEQUENCE (then
    LAST-MODIFIED, else DTSTAMP) wins, else the later in the file; in file order."""
    best = {}
    for index, change in enumerate(changes):
        key = original(change)
        if key in best and rank(changes[best[key]]) > rank(change):
            continue
        best[key] = index
    return [changes[i] for i in sorted(best.values())]


def rank(component):
    def stamp(name):
        value = component.get(name)
        if value is None:
            return None
        instant = value.dt
        if instant.tzinfo is None:
            instant = instant.replace(tzinfo=UTC)
        return instant.astimezone(UTC)

    modified = stamp("LAST-MODIFIED") or stamp("DTSTAMP") or dt.datetime.min.replace(tzinfo=UTC)
    return (int(component.get("SEQUENCE", 0)), modified)


def recompute(text, expected):
    calendar = icalendar.Calendar.from_ical(text)
    floating_name = str(calendar.get("X-WR-TIMEZONE", expected["floatingZone"]))
    floating = ZoneInfo(floating_name)
    window_start = parse_utc(expected["window"][0])
    window_end = parse_utc(expected["window"][1])
    system = ZoneInfo(expected["floatingZone"])
    imported_at = parse_utc(expected["importedAt"]) if "importedAt" in expected else None

    def due_instant(due):
        """When kit has an occurrence due: its instant; an all-day one at ALL_DAY_TIME."""
        if isinstance(due, dt.datetime):
            return due
        return dt.datetime.combine(due, ALL_DAY_TIME).replace(tzinfo=system).astimezone(UTC)

    masters, overrides, order, skipped = {}, {}, [], []
    for component in calendar.subcomponents:
        if component.name == "VJOURNAL":
            skipped.append((str(component.get("UID", "")), "VJOURNAL", "VJOURNAL is not imported"))
            continue
        if component.name not in ("VEVENT", "VTODO"):
            continue
        if getattr(component, "errors", None):
            raise NeedsHand("%s %s has values python-icalendar cannot read: %s"
                            % (component.name, component.get("UID"), component.errors))
        uid = str(component.get("UID", ""))
        if not uid:
            continue
        for name in component.keys():
            if not name.upper().startswith("X-") and name.upper() not in KNOWN_PROPERTIES:
                skipped.append((uid, name.upper(), "the line is ignored"))
        if component.get("RECURRENCE-ID") is not None:
            if uid not in overrides and uid not in masters:
                order.append(uid)
            overrides.setdefault(uid, []).append(component)
        else:
            if uid not in masters and uid not in overrides:
                order.append(uid)
            masters.setdefault(uid, []).append(component)

    items = {}
    for uid in order:
        if uid not in masters:
            # Changes of a series the file does not have: one item of the occurrences they name,
            # each at its change's start, titled as the first (in the file) that does not cancel.
            changes = winning_changes(overrides[uid], lambda c: moment(c.get("RECURRENCE-ID"), floating).key())
            kept = [c for c in changes if str(c.get("STATUS", "")).upper() != "CANCELLED"]
            if not kept:
                skipped.append((uid, changes[0].name, "cancelled"))
                continue
            item = Item(uid, str(kept[0].get("SUMMARY", "")))
            for change in kept:
                start, offset = anchor_and_offset(change, floating)
                due = start.key() + offset
                if imported_at is not None and due_instant(due) <= imported_at:
                    continue
                if in_window(due, window_start, window_end, system):
                    item.occurrences[due] = str(change.get("SUMMARY", ""))
            items[uid] = item
            continue
        master = newest(masters[uid])
        kind = master.name
        if str(master.get("STATUS", "")).upper() == "CANCELLED":
            skipped.append((uid, kind, "the series is cancelled (STATUS:CANCELLED)"))
            continue
        rules = rule_texts(master)
        frequencies = [split_rule(rule).get("FREQ", "").upper() for rule in rules]
        unsupported = [f for f in frequencies if f in ("MINUTELY", "SECONDLY")]
        if unsupported:
            skipped.append((uid, kind, "FREQ=%s is not supported" % unsupported[0]))
            continue
        anchored = anchor_and_offset(master, floating)
        if anchored is None:
            skipped.append((uid, kind, "no DUE or DTSTART"))
            continue
        anchor, offset = anchored
        for name in alarm_errors(master):
            skipped.append((uid, "VALARM", "VALARM with an unreadable %s" % name))

        # How far to expand: past the window's end, in the series' own wall clock.
        margin = dt.timedelta(days=3) + abs(offset if isinstance(offset, dt.timedelta) else dt.timedelta(0))
        if anchor.is_date:
            horizon = dt.datetime.combine(window_end.astimezone(system).date(), dt.time()) + margin
        else:
            horizon = window_end.astimezone(anchor.zone).replace(tzinfo=None) + margin

        starts = {}
        for rule in rules or [""]:
            for occurrence in expand_rule(rule, anchor, horizon):
                starts[occurrence.key()] = occurrence
        for extra in moments(master, "RDATE", floating):
            starts[extra.key()] = extra
        for gone in moments(master, "EXDATE", floating):
            starts.pop(gone.key(), None)

        title = str(master.get("SUMMARY", ""))
        item = Item(uid, title)
        # A VTODO the file already has done (STATUS:COMPLETED or COMPLETED) comes in done: it
        # has nothing left to come due, so the agenda lists none of it.
        if kind == "VTODO" and (str(master.get("STATUS", "")).upper() == "COMPLETED" or "COMPLETED" in master):
            items[uid] = item
            continue
        # original start → (start, title, due − start) of that occurrence
        occurrences = {key: (key, title, offset) for key in starts}

        def original(change):
            """The occurrence a RECURRENCE-ID names: of an all-day series, the day written (also
            as a date-time); of a timed series, a day names its occurrence on that day."""
            rid = moment(change.get("RECURRENCE-ID"), floating)
            if anchor.is_date and not rid.is_date:
                return rid.value.date()
            if not anchor.is_date and rid.is_date:
                return Moment(dt.datetime.combine(rid.value, anchor.value.time()), anchor.zone).key()
            return rid.key()

        for change in winning_changes(overrides.get(uid, []), original):
            rid_prop = change.get("RECURRENCE-ID")
            if rid_prop.params.get("RANGE"):
                raise NeedsHand("RECURRENCE-ID;RANGE=%s" % rid_prop.params.get("RANGE"))
            rid = original(change)
            if rid not in occurrences:
                raise Mismatch("%s: RECURRENCE-ID %s matches no occurrence" % (uid, show(rid)))
            if str(change.get("STATUS", "")).upper() == "CANCELLED":
                del occurrences[rid]
                continue
            moved = anchor_and_offset(change, floating)
            if moved is not None and moved[0].is_date and not anchor.is_date:
                # An all-day change of a timed series: that day, at the all-day time.
                day = Moment(dt.datetime.combine(moved[0].value, ALL_DAY_TIME), anchor.zone)
                moved = (day, offset)
            if moved is None:
                new_start, new_offset = rid, offset
            else:
                # A change is the whole occurrence: a VTODO one with DTSTART and no DUE is due then.
                new_start, new_offset = moved
                new_start = new_start.key()
            occurrences[rid] = (new_start, str(change.get("SUMMARY", title)), new_offset)
        repeats = bool(rules) or bool(moments(master, "RDATE", floating))
        if imported_at is not None and not repeats and kind == "VEVENT":
            # A past event is history: it comes in done.
            if all(due_instant(start + o) < imported_at for start, _, o in occurrences.values()):
                items[uid] = item
                continue
        for start, occ_title, this_offset in occurrences.values():
            due = start + this_offset
            # A series comes in at its first occurrence after the import; a one-off VTODO past
            # due stays, overdue.
            if imported_at is not None and repeats and due_instant(due) <= imported_at:
                continue
            if not in_window(due, window_start, window_end, system):
                continue
            if due in item.occurrences:
                raise Mismatch("%s: two occurrences at %s" % (uid, show(due)))
            item.occurrences[due] = occ_title
        items[uid] = item
    return items, skipped


def compare(items, skipped, expected):
    problems = []
    want = {item["uid"]: item for item in expected["items"]}
    for uid in items:
        if uid not in want:
            problems.append("item %s is not expected" % uid)
    for uid, item in want.items():
        got = items.get(uid)
        if got is None:
            problems.append("expected item %s is not found" % uid)
            continue
        if got.title != item["title"]:
            problems.append("%s: title %r, expected %r" % (uid, got.title, item["title"]))
        mine = [show(key) for key in sorted(got.occurrences)]
        if mine != item["occurrences"]:
            missing = [o for o in item["occurrences"] if o not in mine]
            extra = [o for o in mine if o not in item["occurrences"]]
            problems.append("%s: occurrences differ; expected but not computed %s; computed but not expected %s"
                            % (uid, missing, extra))
        titles = {show(key): t for key, t in got.occurrences.items() if t != got.title}
        if titles != item.get("titles", {}):
            problems.append("%s: titles %s, expected %s" % (uid, titles, item.get("titles", {})))
    want_skipped = [(s["uid"], s["component"].upper(), s["reasonContains"]) for s in expected["skipped"]]
    got_pairs = [(uid, component) for uid, component, _ in skipped]
    for uid, component, fragment in want_skipped:
        reasons = [r for u, c, r in skipped if (u, c) == (uid, component)]
        if not reasons:
            problems.append("skipped %s %s is not computed as skipped" % (component, uid))
        elif not any(fragment.lower() in r.lower() for r in reasons):
            problems.append("skipped %s %s: computed reason %r lacks %r" % (component, uid, reasons, fragment))
    for pair in got_pairs:
        if pair not in [(u, c) for u, c, _ in want_skipped]:
            problems.append("%s %s is computed as skipped but not expected so" % (pair[1], pair[0]))
    return problems


def check_shape(name, expected, text):
    problems = []
    if not NAME.match(name):
        problems.append("name is not kebab-case with a client prefix")
    keys = set(expected)
    if keys - TOP_KEYS:
        problems.append("unknown keys %s" % sorted(keys - TOP_KEYS))
    for key in ("source", "derivation", "floatingZone", "window", "items", "skipped"):
        if key not in expected:
            problems.append("no %r" % key)
    if problems:
        return problems
    if expected["derivation"] not in ("dateutil", "hand"):
        problems.append("derivation must be dateutil or hand")
    if expected["derivation"] == "hand" and not expected.get("notes"):
        problems.append("a hand derivation needs its steps in notes")
    try:
        system = ZoneInfo(expected["floatingZone"])
    except Exception:
        return problems + ["floatingZone %r is not a zone" % expected["floatingZone"]]
    window = expected["window"]
    if len(window) != 2 or not all(TIMED.match(w) for w in window):
        return problems + ["window must be two UTC instants"]
    start, end = parse_utc(window[0]), parse_utc(window[1])
    if not start < end:
        problems.append("window is empty")
    if "importedAt" in expected and not TIMED.match(str(expected["importedAt"])):
        problems.append("importedAt must be a UTC instant")
    unfolded = re.sub(r"\r?\n[ \t]", "", text)
    uids = set()
    for item in expected["items"]:
        if set(item) - ITEM_KEYS or not {"uid", "title", "occurrences"} <= set(item):
            problems.append("item keys %s" % sorted(item))
            continue
        uid = item["uid"]
        if uid in uids:
            problems.append("item %s listed twice" % uid)
        uids.add(uid)
        if uid not in unfolded:
            problems.append("UID %s is not in the .ics" % uid)
        occurrences = item["occurrences"]
        if occurrences != sorted(occurrences) or len(set(occurrences)) != len(occurrences):
            problems.append("%s: occurrences are not sorted and distinct" % uid)
        for occurrence in occurrences:
            if TIMED.match(occurrence):
                instant = parse_utc(occurrence)
            elif DATE.match(occurrence):
                day = dt.date.fromisoformat(occurrence)
                instant = dt.datetime.combine(day, dt.time()).replace(tzinfo=system).astimezone(UTC)
            else:
                problems.append("%s: %r is neither a UTC instant nor a date" % (uid, occurrence))
                continue
            if not start <= instant < end:
                problems.append("%s: %s is outside the window" % (uid, occurrence))
        for key in item.get("titles", {}):
            if key not in occurrences:
                problems.append("%s: titles key %s is not an occurrence" % (uid, key))
    for entry in expected["skipped"]:
        if set(entry) != SKIP_KEYS:
            problems.append("skipped entry keys %s" % sorted(entry))
        elif entry["uid"] and entry["uid"] not in unfolded:
            problems.append("skipped UID %s is not in the .ics" % entry["uid"])
    return problems


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    names = sorted(f[: -len(".expected.json")] for f in os.listdir(folder) if f.endswith(".expected.json"))
    orphans = sorted(f[:-4] for f in os.listdir(folder) if f.endswith(".ics") and f[:-4] not in names)
    files = checked = mismatches = 0
    for name in orphans:
        print("MISMATCH %s: %s.ics has no %s.expected.json" % (name, name, name))
        mismatches += 1
    for name in names:
        files += 1
        ics_path = os.path.join(folder, name + ".ics")
        try:
            with open(os.path.join(folder, name + ".expected.json"), encoding="utf-8") as handle:
                expected = json.load(handle)
            with open(ics_path, "rb") as handle:
                raw = handle.read()
        except (OSError, ValueError) as error:
            print("MISMATCH %s: %s" % (name, error))
            mismatches += 1
            continue
        text = raw.decode("utf-8", errors="replace")
        problems = check_shape(name, expected, text)
        if problems:
            print("MISMATCH %s: %s" % (name, "; ".join(problems)))
            mismatches += 1
            continue
        count = sum(len(item["occurrences"]) for item in expected["items"])
        if expected["derivation"] == "hand":
            print("hand %s" % name)
            continue
        try:
            items, skipped = recompute(raw, expected)
            problems = compare(items, skipped, expected)
        except NeedsHand as error:
            problems = ["needs a hand derivation: %s" % error]
        except Exception as error:  # a file python-icalendar cannot read, say
            problems = ["%s: %s" % (type(error).__name__, error)]
        if problems:
            print("MISMATCH %s: %s" % (name, "; ".join(problems)))
            mismatches += 1
        else:
            checked += count
            print("ok %s (%d occurrences)" % (name, count))
    print("files %d, occurrences checked %d, mismatches %d" % (files, checked, mismatches))
    return 0 if mismatches == 0 and files > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
