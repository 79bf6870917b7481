#!/usr/bin/env python3
"""Generate Tests/KitCoreTests/Data/chinese-lunar-months.tsv.

Chinese lunisolar calendar (农历) as published by the Hong Kong Observatory
(HKO, Gregorian-Lunar Calendar Conversion Table) and in China, for lunar years
1900-2100, one line per lunar month:

    lunar_year  month  leap  first_day  days

Every Gregorian day from 1900-01-31 (正月初一 of lunar 1900) up to 正月初一 of
lunar 2101 is converted to a lunar date by seven published converters; a day
whose lunar day is 1 starts a month.  The output is written from sxtwl
(寿星万年历, astronomical, with the historical corrections of 寿星天文历) and
every month is cross-checked against the table-driven converters and against
new-moon times from PyEphem.  All disagreements are printed to stderr.

Known disagreements (see the report printed by this script):
  * lunarcalendar 0.0.9 and borax 4.1.3 carry the old .NET table, which starts
    2057 九月, 2089 八月 and 2097 七月 one day late (09-29, 09-05,
    08-08).  HKO's published tables start those months on 2057-09-28,
    2089-09-04 and 2097-08-07 (HKO footnotes them: the new moon falls within a
    minute or so of midnight, so they may move by a day).  sxtwl, zhdate,
    cnlunar and PyEphem agree with HKO.
  * lunardate 0.3.0 has three wrong month pairs (1933, 1954, 1978).

Set up (no network needed at run time):
    python3 -m venv /tmp/lunarvenv
    /tmp/lunarvenv/bin/pip install lunarcalendar lunardate zhdate sxtwl \
        cnlunar lunar-python borax          # ephem comes with lunarcalendar
    /tmp/lunarvenv/bin/python -W ignore chinese-lunar-months.py OUT.tsv [ICU.tsv]
"""
import datetime
import sys
from importlib.metadata import version

START = datetime.date(1900, 1, 31)   # 正月初一 of lunar year 1900
END = datetime.date(2101, 3, 1)      # safely past 正月初一 of lunar year 2101
FIRST_YEAR, LAST_YEAR = 1900, 2100
ONE = datetime.timedelta(days=1)


def src_lunarcalendar():
    from lunarcalendar import Converter, Solar

    def f(d):
        x = Converter.Solar2Lunar(Solar(d.year, d.month, d.day))
        return x.year, x.month, x.day, bool(x.isleap)
    return f


def src_lunardate():
    import lunardate

    def f(d):
        x = lunardate.LunarDate.fromSolarDate(d.year, d.month, d.day)
        return x.year, x.month, x.day, bool(x.isLeapMonth)
    return f


def src_zhdate():
    from zhdate import ZhDate

    def f(d):
        x = ZhDate.from_datetime(datetime.datetime(d.year, d.month, d.day))
        return x.lunar_year, x.lunar_month, x.lunar_day, bool(x.leap_month)
    return f


def src_borax():
    from borax.calendars.lunardate import LunarDate

    def f(d):
        x = LunarDate.from_solar_date(d.year, d.month, d.day)
        return x.year, x.month, x.day, bool(x.leap)
    return f


def src_cnlunar():
    import cnlunar

    def f(d):
        x = cnlunar.Lunar(datetime.datetime(d.year, d.month, d.day, 12))
        return x.lunarYear, x.lunarMonth, x.lunarDay, bool(x.isLunarLeapMonth)
    return f


def src_sxtwl():
    import sxtwl

    def f(d):
        x = sxtwl.fromSolar(d.year, d.month, d.day)
        # getLunarYear() defaults to the 春节 (not 立春) year boundary
        return x.getLunarYear(), x.getLunarMonth(), x.getLunarDay(), bool(x.isLunarLeap())
    return f


def src_lunar_python():
    from lunar_python import Solar

    def f(d):
        x = Solar.fromYmd(d.year, d.month, d.day).getLunar()
        m = x.getMonth()
        return x.getYear(), abs(m), x.getDay(), m < 0
    return f


# name -> (PyPI distribution, factory, kind, lunar years the package supports)
SOURCES = {
    "sxtwl": ("sxtwl", src_sxtwl, "astronomical (寿星万年历)", (1900, 2100)),
    "zhdate": ("zhdate", src_zhdate, "table", (1900, 2100)),
    "cnlunar": ("cnlunar", src_cnlunar, "table", (1901, 2099)),
    "lunarcalendar": ("lunarcalendar", src_lunarcalendar, "table (old .NET)", (1900, 2100)),
    "borax": ("borax", src_borax, "table (jjonline/calendar.js)", (1900, 2100)),
    "lunardate": ("lunardate", src_lunardate, "table", (1900, 2099)),
    "lunar-python": ("lunar_python", src_lunar_python, "astronomical (寿星)", (1900, 2100)),
}
PRIMARY = "sxtwl"

# Dates from HKO's published conversion tables / official almanacs.
EXPECT_FIRST_DAY = {
    (2027, 1, 0): "2027-02-06", (2028, 1, 0): "2028-01-26", (2030, 1, 0): "2030-02-03",
    (2057, 9, 0): "2057-09-28", (2089, 8, 0): "2089-09-04", (2097, 7, 0): "2097-08-07",
}
EXPECT_LEAP = {2017: 6, 2020: 4, 2023: 2, 2025: 6, 2033: 11}


def months_of(conv, years):
    """[(lunar_year, month, leap, first_day, days)] for the lunar years the
    package supports; days is None when the package's range ends before the
    month does.  Out-of-range dates either raise or (lunardate, cnlunar)
    silently wrap around to other years' data: the day sequence is cut where
    the lunar date goes backwards and the longest run is kept."""
    runs, run, prev = [], [], None
    d = START
    while d < END:
        try:
            y, m, day, leap = conv(d)
            cur = (y, m, int(leap), day)
        except Exception:          # outside the converter's range
            cur = None
        if cur is None or (prev is not None and cur[:3] < prev[:3]) or \
                (prev is not None and cur[:3] == prev[:3] and cur[3] != prev[3] + 1):
            runs.append(run)
            run = []
        if cur is not None:
            run.append((d, cur))
        prev = cur
        d += ONE
    runs.append(run)
    days = max(runs, key=len)
    starts = [(c[0], c[1], c[2], d) for d, c in days if c[3] == 1]
    last_d, last_c = days[-1]
    out = []
    for i, (y, m, leap, d) in enumerate(starts):
        if i + 1 < len(starts):
            n = (starts[i + 1][3] - d).days
        else:                      # month still running when the range ends
            n = 30 if last_c[3] == 30 else None
        if years[0] <= y <= years[1]:
            out.append((y, m, leap, d, n))
    return out


def check(name, months, years):
    """Structural checks; returns a list of problems."""
    probs = []
    for a, b in zip(months, months[1:]):
        if a[4] is not None and a[3] + datetime.timedelta(days=a[4]) != b[3]:
            probs.append(f"{name}: gap after {a}")
    for a in months:
        if a[4] not in (29, 30, None):
            probs.append(f"{name}: bad length {a}")
    by_year = {}
    for y, m, leap, d, n in months:
        by_year.setdefault(y, []).append((m, leap))
    for y, ms in by_year.items():
        leaps = [m for m, l in ms if l]
        if len(ms) not in (12, 13) or len(leaps) > 1 or (len(ms) == 13) != (len(leaps) == 1):
            probs.append(f"{name}: year {y} has {len(ms)} months, leaps {leaps}")
        if [m for m, l in ms if not l] != list(range(1, 13)):
            probs.append(f"{name}: year {y} months {ms}")
        for m in leaps:
            if ms.index((m, 1)) != ms.index((m, 0)) + 1:
                probs.append(f"{name}: year {y} leap {m} misplaced")
    if sorted(by_year) != list(range(years[0], years[1] + 1)):
        probs.append(f"{name}: covers lunar years {min(by_year)}-{max(by_year)}")
    return probs


def fmt(k):
    return f"{k[0]} {'闰' if k[2] else ''}{k[1]}月"


def same(a, b):
    return a[3] == b[3] and (a[4] is None or b[4] is None or a[4] == b[4])


def ephem_check(rows):
    """New moon (PyEphem, UT + 8 h) must fall on first_day; returns
    (mismatches, closest calls)."""
    import ephem
    bad, close = [], []
    for y, m, leap, d, n in rows:
        nm = ephem.next_new_moon(ephem.Date(d - 2 * ONE))
        local = ephem.Date(nm + 8 * ephem.hour).datetime()
        if d.year < 1929:  # almanacs then used Beijing local mean time (116°25'E)
            local = ephem.Date(nm + (116 + 25 / 60) / 15 * ephem.hour).datetime()
        mins = local.hour * 60 + local.minute + local.second / 60
        margin = min(mins, 1440 - mins)
        if local.date() != d:
            bad.append(((y, m, leap), d, local))
        elif margin < 10:
            close.append(((y, m, leap), d, local))
    return bad, close


def main():
    out_path = sys.argv[1]
    icu_path = sys.argv[2] if len(sys.argv) > 2 else None
    log = lambda *a: print(*a, file=sys.stderr)
    data, vers, ok = {}, {}, True
    for name, (dist, factory, kind, years) in SOURCES.items():
        vers[name] = version(dist)
        data[name] = months_of(factory(), years)
        log(f"{name} {vers[name]} [{kind}], lunar years {years[0]}-{years[1]}: "
            f"{len(data[name])} months")
        for p in check(name, data[name], years):
            log("  CHECK", p)
            ok &= name != PRIMARY

    primary = data[PRIMARY]
    pk = {(r[0], r[1], r[2]): r for r in primary}
    agree = {k: [PRIMARY] for k in pk}
    for name, rows in data.items():
        if name == PRIMARY:
            continue
        rk = {(r[0], r[1], r[2]): r for r in rows}
        lo, hi = SOURCES[name][3]
        diffs = []
        for k in sorted(set(pk) | set(rk)):
            if not lo <= k[0] <= hi:
                continue
            a, b = pk.get(k), rk.get(k)
            if a and b and same(a, b):
                agree[k].append(name)
            else:
                diffs.append((k, a, b))
        log(f"{PRIMARY} vs {name}: {len(diffs)} differing months")
        for k, a, b in diffs:
            fa = f"{a[3]}/{a[4]}" if a else "-"
            fb = f"{b[3]}/{b[4]}" if b else "-"
            log(f"  {fmt(k)}: {PRIMARY} {fa}  {name} {fb}")
    tables = [n for n in SOURCES if SOURCES[n][2].startswith("table")]
    weak = [k for k in pk if sum(n in tables for n in agree[k]) < 2]
    log(f"months confirmed by fewer than 2 table sources: {len(weak)}")
    for k in weak:
        log(f"  {fmt(k)} {pk[k][3]}/{pk[k][4]} agreeing: {agree[k]}")
    ok &= not weak

    for k, s in EXPECT_FIRST_DAY.items():
        got = str(pk[k][3]) if k in pk else None
        log(f"spot {fmt(k)}初一 {got} {'OK' if got == s else 'MISMATCH, expected ' + s}")
        ok &= got == s
    leapm = {r[0]: r[1] for r in primary if r[2]}
    for y, m in EXPECT_LEAP.items():
        log(f"spot {y} 闰{leapm.get(y)}月 {'OK' if leapm.get(y) == m else 'MISMATCH, expected ' + str(m)}")
        ok &= leapm.get(y) == m

    try:
        bad, close = ephem_check(primary)
        log(f"PyEphem {version('ephem')} new moons: {len(bad)} months whose 初一 is not "
            f"the new-moon date (UTC+8; Beijing mean time before 1929)")
        for k, d, t in bad:
            log(f"  {fmt(k)} table {d}  new moon {t:%Y-%m-%d %H:%M:%S}")
        log(f"  new moon within 10 min of midnight (table agrees with PyEphem): {len(close)}")
        for k, d, t in close:
            log(f"  {fmt(k)} table {d}  new moon {t:%Y-%m-%d %H:%M:%S}")
    except ImportError:
        log("PyEphem not installed; new-moon check skipped")

    if not ok:
        log("NOT writing output: checks failed")
        sys.exit(1)
    others = ", ".join(f"{n} {vers[n]}" for n in SOURCES if n != PRIMARY)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(f"# Chinese lunisolar calendar (农历, HKO/official) months, lunar years "
                f"{FIRST_YEAR}-{LAST_YEAR}: PyPI sxtwl {vers['sxtwl']} (寿星万年历), every month "
                f"cross-checked against PyPI {others} (2057/2089/2097 near-midnight new moons "
                f"follow HKO: 09-28, 09-04, 08-07); generated by scripts/chinese-lunar-months.py\n")
        f.write("lunar_year\tmonth\tleap\tfirst_day\tdays\n")
        for y, m, leap, d, n in primary:
            f.write(f"{y}\t{m}\t{leap}\t{d.isoformat()}\t{n}\n")
    log(f"wrote {out_path}: {len(primary)} months")

    if icu_path:
        icu = {}
        with open(icu_path, encoding="utf-8") as f:
            for line in f:
                if line.startswith(("#", "lunar_year")):
                    continue
                y, m, leap, d, n = line.rstrip("\n").split("\t")
                icu[(int(y), int(m), int(leap))] = (d, int(n))
        diffs = []
        for k in sorted(set(pk) | set(icu)):
            a = (pk[k][3].isoformat(), pk[k][4]) if k in pk else None
            if a != icu.get(k):
                diffs.append((k, a, icu.get(k)))
        log(f"official vs ICU ({icu_path}): {len(diffs)} differing months")
        for k, a, b in diffs:
            log(f"  {fmt(k)}: official {a}  ICU {b}")


if __name__ == "__main__":
    main()
