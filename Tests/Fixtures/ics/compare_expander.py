#!/usr/bin/env python3
"""Compares the corpus's expected occurrences with recurring-ical-events, an expander kept apart
from kit and from verify_expected.py (issue 44, point 6: the shapes where kit still differs).

Usage:  python3 -m venv /tmp/rie && /tmp/rie/bin/pip install recurring-ical-events
        /tmp/rie/bin/python Tests/Fixtures/ics/compare_expander.py Tests/Fixtures/ics [NAME...]

Prints one line per fixture: OK, or for each UID the occurrences only kit's expected JSON has
and those only recurring-ical-events gives. A to-do is placed by its DUE, as kit places it; a
floating time is read in the fixture's floatingZone. Files kit refuses on purpose (bad-*) differ
by design; the others are the list to go through.
"""
import json, sys, glob, os, datetime
import icalendar, recurring_ical_events
from zoneinfo import ZoneInfo
folder = sys.argv[1]
names = sys.argv[2:] or sorted(os.path.basename(p)[:-4] for p in glob.glob(folder + '/*.ics'))
for name in names:
    exp = json.load(open(f'{folder}/{name}.expected.json'))
    try:
        cal = icalendar.Calendar.from_ical(open(f'{folder}/{name}.ics', 'rb').read())
    except Exception as e:
        print(name, 'PARSE FAIL', e); continue
    start = datetime.datetime.fromisoformat(exp['window'][0].replace('Z', '+00:00'))
    end = datetime.datetime.fromisoformat(exp['window'][1].replace('Z', '+00:00'))
    fz = ZoneInfo(exp['floatingZone'])
    try:
        comps = recurring_ical_events.of(cal, components=['VEVENT', 'VTODO']).between(start, end)
    except Exception as e:
        print(name, 'EXPAND FAIL', repr(e)[:200]); continue
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
    print(name, 'OK' if not diffs else diffs)
