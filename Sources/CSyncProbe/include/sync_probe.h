// The sync probe has no interface of its own: loaded with LD_PRELOAD, it stands in front of libc's
// fsync and fdatasync (see sync_probe.c).
