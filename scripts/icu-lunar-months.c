/* icu-lunar-months.c: every month of ICU's "dangi" (Korean) or "chinese" lunisolar calendar as TSV,
 * for scripts/lunar-tables.py:
 *   lunar_year  month  leap  first_day  days
 * lunar_year is the Gregorian year in which the lunar year begins (ICU's extended year - 2333 for
 * dangi, - 2637 for chinese, checked at run time), month 1-12, leap 0/1, first_day the Gregorian
 * date of day 1.
 *
 * Build: cc -O2 -o /tmp/icu-lunar-months scripts/icu-lunar-months.c $(pkg-config --cflags --libs icu-i18n)
 * Run:   /tmp/icu-lunar-months dangi|chinese [FIRST_YEAR LAST_YEAR] > months.tsv   (default 1900 2100)
 *
 * It walks day by day (noon UTC, both calendars in UTC so fields are those of the civil date)
 * and prints a line at each day 1; a month's length is the distance to the next day 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/uversion.h>

#define DAY 86400000.0

static void check(UErrorCode e, const char *what) {
    if (U_FAILURE(e)) { fprintf(stderr, "%s: %s\n", what, u_errorName(e)); exit(1); }
}

int main(int argc, char **argv) {
    if (argc < 2 || (strcmp(argv[1], "dangi") != 0 && strcmp(argv[1], "chinese") != 0)) {
        fprintf(stderr, "usage: %s dangi|chinese [FIRST_YEAR LAST_YEAR]\n", argv[0]);
        return 2;
    }
    int chinese = strcmp(argv[1], "chinese") == 0, shift = chinese ? 2637 : 2333;
    int first = argc > 3 ? atoi(argv[2]) : 1900, last = argc > 3 ? atoi(argv[3]) : 2100;
    UErrorCode e = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UCalendar *dangi = ucal_open(utc, -1, chinese ? "zh_CN@calendar=chinese" : "ko_KR@calendar=dangi", UCAL_DEFAULT, &e);
    check(e, "ucal_open");
    UCalendar *greg = ucal_open(utc, -1, "en_US@calendar=gregorian", UCAL_GREGORIAN, &e);
    check(e, "ucal_open gregorian");
    ucal_setGregorianChange(greg, -1e300, &e); /* proleptic Gregorian */
    e = U_ZERO_ERROR;

    /* Start a little before lunar new year of FIRST_YEAR, stop after that of LAST_YEAR+1. */
    ucal_setDateTime(greg, first - 1, UCAL_DECEMBER, 1, 12, 0, 0, &e);
    check(e, "set start");
    UDate t = ucal_getMillis(greg, &e);
    ucal_setDateTime(greg, last + 1, UCAL_APRIL, 1, 12, 0, 0, &e);
    UDate end = ucal_getMillis(greg, &e);
    check(e, "set end");

    char vers[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, vers);
    printf("# ICU %s %s calendar months %d-%d, from scripts/icu-lunar-months.c\n", vers, argv[1], first, last);
    printf("lunar_year\tmonth\tleap\tfirst_day\tdays\n");

    int have = 0, py = 0, pm = 0, pl = 0, pgy = 0, pgm = 0, pgd = 0, plen = 0;
    for (; t < end; t += DAY) {
        ucal_setMillis(dangi, t, &e);
        ucal_setMillis(greg, t, &e);
        int ext = ucal_get(dangi, UCAL_EXTENDED_YEAR, &e);
        int mon = ucal_get(dangi, UCAL_MONTH, &e) + 1;
        int leap = ucal_get(dangi, UCAL_IS_LEAP_MONTH, &e);
        int date = ucal_get(dangi, UCAL_DATE, &e);
        int gy = ucal_get(greg, UCAL_EXTENDED_YEAR, &e);
        int gm = ucal_get(greg, UCAL_MONTH, &e) + 1;
        int gd = ucal_get(greg, UCAL_DATE, &e);
        check(e, "get");
        if (date == 1 && mon == 1 && !leap && ext - shift != gy) {
            fprintf(stderr, "extended year %d begins in Gregorian %d, not %d\n", ext, gy, ext - shift);
            return 1;
        }
        if (date == 1) {
            if (have && py >= first && py <= last)
                printf("%d\t%d\t%d\t%04d-%02d-%02d\t%d\n", py, pm, pl, pgy, pgm, pgd, plen);
            have = 1, py = ext - shift, pm = mon, pl = leap, pgy = gy, pgm = gm, pgd = gd, plen = 0;
        }
        plen++;
    }
    ucal_close(dangi);
    ucal_close(greg);
    return 0;
}
