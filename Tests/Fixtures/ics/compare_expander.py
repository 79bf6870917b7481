#!/usr/bin/env python3
"""Compares the corpus's expected occurrences with recurring-ical-events, an expander kept apart
from kit and from verify_expected.py (issue 44, point 6: the shapes where kit still differs).

Usage:  python3 -m venv /tmp/rie && /tmp/rie/bin/pip install recurring-ical-events
        /tmp/rie/bin/python Tests/Fixtures/ics/compare_expander.py Tests/Fixtures/ics [NAME...]

Prints one line per fixture: OK; BY DESIGN and the reason, for a fixture in DESIGN below; or
for each UID the occurrences only kit's expected JSON has and those only recurring-ical-events
gives. A to-do is placed by its DUE, as kit places it; a floating time is read in the fixture's
floatingZone. Exits 1 when a fixture differs that DESIGN does not explain.

DESIGN lists the fixtures where kit's reading differs on purpose, each with the rule it follows
(checked with recurring-ical-events 3.8). Any other difference is one to go through.
"""
import json, sys, glob, os, datetime
import icalendar, recurring_ical_events
from zoneinfo import ZoneInfo
DESIGN = {
    'bad-broken-fold': 'malformed file: kit refuses what it cannot read, and says which line',
    'bad-malformed-date': 'malformed file: February 30 is refused, not guessed',
    'bad-trigger-banana': 'malformed VALARM: skipped and reported, its item kept',
    'bad-misspelt-end': 'malformed file: a misspelt END is refused, not guessed',
    'bad-minutely': 'FREQ=MINUTELY is refused (a reminder every minute is no calendar event kit rings)',
    'bad-secondly-no-end': 'FREQ=SECONDLY is refused',
    'bad-rrule-without-anchor': 'an RRULE with neither DTSTART nor DUE has nothing to repeat from: skipped',
    'bad-until-before-dtstart': 'RFC 5545 3.8.5.3: "The DTSTART property defines the first instance in the '
                                'recurrence set", so an UNTIL before it leaves DTSTART, not nothing',
    'rfc-count-dtstart-nonmatching': 'RFC 5545 3.3.10: "The DTSTART property value always counts as the '
                                     'first occurrence", also when it does not match the rule',
    'thunderbird-two-rrules-first-refused': 'the same rule: DTSTART is the first occurrence and counts for '
                                            "each rule's COUNT",
    'thunderbird-two-rrules-start-due': 'the same rule: DTSTART counts for COUNT',
    'outlook-customized-time-zone': 'RFC 5545 3.3.5: a local time in a gap "is interpreted using the UTC '
                                    'offset before the gap" (02:30 at UTC-5 is 07:30Z)',
    'outlook-sequence-update': 'RFC 5546 2.1.5: of two versions, the higher SEQUENCE, then the later '
                               'DTSTAMP, is the newer, wherever it stands in the file',
    'outlook-same-instant-overrides': 'two changes of one occurrence with the same SEQUENCE and DTSTAMP: '
                                      'the later in the file wins (as a newer copy appended), and the '
                                      'import says which line it left out',
    'google-all-day-override-of-timed': "the same days: kit places an all-day occurrence at its all-day "
                                        "time (09:00 in the series' zone), the comparison prints dates",
    'holidays-past-series': 'the fixture is imported on 2026-12-01: a series starts at its next '
                            'occurrence and a past event is history (done)',
    'apple-reminders-vtodo': 'a completed VTODO comes in done, with no occurrence to ring',
    'thunderbird-tasks': 'a completed VTODO comes in done, with no occurrence to ring',
    'google-overrides-without-master': 'the same occurrences; the comparison lists the UID, empty',
}
unexplained = 0
folder = sys.argv[1]
names = sys.argv[2:] or sorted(os.path.basename(p)[:-4] for p in glob.glob(folder + '/*.ics'))
for name in names:
    exp = json.load(open(f'{folder}/{name}.expected.json'))
    try:
        cal = icalendar.Calendar.from_ical(open(f'{folder}/{name}.ics', 'rb').read())
    except Exception as e:
        print(name, 'BY DESIGN:' if name in DESIGN else 'PARSE FAIL', DESIGN.get(name, e))
        unexplained += name not in DESIGN
        continue
    start = datetime.datetime.fromisoformat(exp['window'][0].replace('Z', '+00:00'))
    end = datetime.datetime.fromisoformat(exp['window'][1].replace('Z', '+00:00'))
    fz = ZoneInfo(exp['floatingZone'])
    try:
        comps = recurring_ical_events.of(cal, components=['VEVENT', 'VTODO']).between(start, end)
    except Exception as e:
        print(name, 'BY DESIGN:' if name in DESIGN else 'EXPAND FAIL', DESIGN.get(name, repr(e)[:200]))
        unexplained += name not in DESIGN
        continue
    got = {}
    for c in comps:
        uid = str(c.get('UID'))
        if str(c.get('STATUS', '')).upper() == 'CANCELLED': continue
        if c.name == 'VTODO' and c.get('DUE') is not None:
            d = c['DUE'].dt
        else:
            d = c['DTSTART'].dt
        if isinstance(d, datetime.datetime):
            if d.tzinfo is None: d = d.replace(tzinfo=fz)
            s = d.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
        else:
            s = d.isoformat()
        got.setdefault(uid, []).append(s)
    want = {i['uid']: i['occurrences'] for i in exp['items']}
    diffs = []
    for uid in set(got) | set(want):
        g = sorted(got.get(uid, [])); w = sorted(want.get(uid, []))
        if g != w:
            diffs.append((uid[:30], 'kit-only', sorted(set(w)-set(g))[:6], 'rie-only', sorted(set(g)-set(w))[:6]))
    if not diffs:
        print(name, 'OK')
    elif name in DESIGN:
        print(name, 'BY DESIGN:', DESIGN[name])
    else:
        unexplained += 1
        print(name, diffs)
sys.exit(1 if unexplained else 0)
