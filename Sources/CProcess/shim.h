#ifndef KIT_CPROCESS_SHIM_H
#define KIT_CPROCESS_SHIM_H

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* glibc 2.34+ declares this only under _GNU_SOURCE, which Swift's Glibc module is built without:
 * the child closes every descriptor from `from` up, whatever the parent forgot to mark CLOEXEC. */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* pipe2 is _GNU_SOURCE too: a pipe whose ends close on exec (the child gets its own copies). */
extern int pipe2(int fds[2], int flags);

/* A descriptor that becomes readable when the process `pid` exits (Linux 5.3+), for an
 * event loop to watch instead of SIGCHLD. -1 with errno set on failure. */
static inline int kit_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

/* waitpid's status, taken apart (the W* macros are macros). */
static inline int kit_exited(int status) { return WIFEXITED(status); }
static inline int kit_exit_status(int status) { return WEXITSTATUS(status); }
static inline int kit_signalled(int status) { return WIFSIGNALED(status); }
static inline int kit_term_signal(int status) { return WTERMSIG(status); }

#endif
