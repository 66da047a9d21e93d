// A stand-in for fsync and fdatasync, loaded with LD_PRELOAD by the tests and tern-bench, never by Tern.
//
// TERN_SYNC_LOG=FILE: each call appends the synced file's path and a newline to FILE, so a test can count
// how often the store really reached the disk (a SQLite file in WAL mode with `synchronous = NORMAL`
// syncs only at checkpoints; with FULL, at every commit).
// TERN_SYNC_DELAY_MS=N: each call first sleeps N ms, as a slow or busy disk would: a benchmark can then
// show whether anything on screen waits for the disk.
// TERN_SYNC_FAIL_PERCENT=P (and TERN_SYNC_FAIL_SEED=S): that share of calls, drawn from a sequence the seed
// fixes, fails with EIO after the real sync, as a failing disk does (the log gets a line "failed PATH"); the
// chaos harness checks that no press is then shown as kept when it was not.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/// Whether this call fails: the next number of a 64-bit LCG seeded once from TERN_SYNC_FAIL_SEED.
static int fails(void) {
    const char *percent = getenv("TERN_SYNC_FAIL_PERCENT");
    long p = percent ? strtol(percent, NULL, 10) : 0;
    if (p <= 0) return 0;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static unsigned long long state;
    static int seeded;
    pthread_mutex_lock(&lock);
    if (!seeded) {
        const char *seed = getenv("TERN_SYNC_FAIL_SEED");
        state = seed ? strtoull(seed, NULL, 10) : 1;
        seeded = 1;
    }
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    int result = (long)((state >> 33) % 100) < p;
    pthread_mutex_unlock(&lock);
    return result;
}

/// Appends `prefix` and the synced file's path to TERN_SYNC_LOG.
static void logged(const char *prefix, int fd) {
    const char *log = getenv("TERN_SYNC_LOG");
    if (log && *log) {
        char link[64], target[4096];
        size_t p = strlen(prefix);
        memcpy(target, prefix, p);
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target + p, sizeof target - p - 1);
        if (n < 0) n = 0;
        n += (ssize_t)p;
        target[n++] = '\n';
        int out = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (out >= 0) {
            // One write with O_APPEND: lines from several threads never interleave.
            ssize_t written = write(out, target, (size_t)n);
            (void)written;
            close(out);
        }
    }
}

static void noted(int fd) {
    int saved = errno;
    logged("", fd);
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
    int result = real(fd);
    if (result == 0 && fails()) { logged("failed ", fd); errno = EIO; return -1; }
    return result;
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    noted(fd);
    int result = real(fd);
    if (result == 0 && fails()) { logged("failed ", fd); errno = EIO; return -1; }
    return result;
}
