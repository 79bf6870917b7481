#ifndef KIT_CSYSTEMD_SHIM_H
#define KIT_CSYSTEMD_SHIM_H

#include <systemd/sd-daemon.h>
#include <systemd/sd-event.h>
#include <systemd/sd-journal.h>
#include <sys/uio.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <errno.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

/* systemd 252 has no sd_event_add_time_change: a CLOCK_REALTIME timerfd armed far in the future
 * with TFD_TIMER_CANCEL_ON_SET becomes readable (read fails with ECANCELED) whenever the wall clock
 * is set. These wrappers keep the flag soup out of Swift. */
static inline int kit_clock_change_fd_create(void) {
    return timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
}

/* The latest expiry the kernel keeps as given: its clocks count nanoseconds in a signed 64-bit
 * ktime, so a later time saturates. 2262-04-11: never reached, only cancelled. (INT32_MAX, 2038,
 * would expire instead of being cancelled once the clock is set past it.) */
#define KIT_CLOCK_CHANGE_NEVER ((time_t)(INT64_MAX / 1000000000) - 1)

static inline int kit_clock_change_fd_arm(int fd) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = KIT_CLOCK_CHANGE_NEVER;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

/* Seconds until a timerfd expires (0: disarmed), or -errno. */
static inline int64_t kit_timerfd_remaining_seconds(int fd) {
    struct itimerspec spec;
    if (timerfd_gettime(fd, &spec) < 0) return -errno;
    return (int64_t)spec.it_value.tv_sec;
}

/* Returns 1 when the clock was set since the last arm (ECANCELED), 0 when nothing happened,
 * -errno on other failures. */
static inline int kit_clock_change_fd_consume(int fd) {
    uint64_t expirations;
    ssize_t n = read(fd, &expirations, sizeof expirations);
    if (n < 0) {
        if (errno == ECANCELED) return 1;
        if (errno == EAGAIN) return 0;
        return -errno;
    }
    return 0;
}

/* An eventfd another thread writes to wake the loop (the background worker's results). */
static inline int kit_wake_fd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

/* The file name an inotify event is about ("" for the watched directory itself): a flexible
 * array member, which Swift cannot reach. */
static inline const char *kit_inotify_name(const struct inotify_event *event) {
    return event->len > 0 ? event->name : "";
}

#endif
