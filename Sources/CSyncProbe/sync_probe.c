// A stand-in for fsync and fdatasync, loaded with LD_PRELOAD by the tests and tern-bench, never by Tern.
//
// TERN_SYNC_LOG=FILE: each call appends the synced file's path and a newline to FILE, so a test can count
// how often the store really reached the disk (a SQLite file in WAL mode with `synchronous = NORMAL`
// syncs only at checkpoints; with FULL, at every commit).
// TERN_SYNC_DELAY_MS=N: each call first sleeps N ms, as a slow or busy disk would: a benchmark can then
// show whether anything on screen waits for the disk.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void noted(int fd) {
    int saved = errno;
    const char *log = getenv("TERN_SYNC_LOG");
    if (log && *log) {
        char link[64], target[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n < 0) n = 0;
        target[n++] = '\n';
        int out = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (out >= 0) {
            // One write with O_APPEND: lines from several threads never interleave.
            ssize_t written = write(out, target, (size_t)n);
            (void)written;
            close(out);
        }
    }
    const char *delay = getenv("TERN_SYNC_DELAY_MS");
    long ms = delay ? strtol(delay, NULL, 10) : 0;
    if (ms > 0) {
        struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
        while (nanosleep(&t, &t) == -1 && errno == EINTR) {}
    }
    errno = saved;
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    noted(fd);
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    noted(fd);
    return real(fd);
}
