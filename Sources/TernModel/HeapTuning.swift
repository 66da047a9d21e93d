#if canImport(CMalloc)
import CMalloc
#endif

/// glibc's allocator, tuned for a long-running reader whose big allocations are transient (decoded
/// pictures): freed memory goes back to the system instead of staying resident in per-thread arenas.
/// Measured with `tern-bench memory`: RSS after scrolling 2,000 posts with pictures went from 67 MB to
/// 57 MB; the heap itself peaks near 23 MB (heaptrack).
package enum HeapTuning {
    /// Once, at process start: two arenas rather than eight per core (each keeps its own free memory).
    package static func configure() {
        #if canImport(CMalloc)
        _ = mallopt(M_ARENA_MAX, 2)
        // A fixed threshold: glibc otherwise raises it to the size of each big block freed, up to 32 MB,
        // after which decoded pictures come from the arenas and stay resident between pictures.
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 10)
        #endif
    }

    /// Returns free heap pages to the system; a millisecond or two, off the UI thread.
    package static func release() {
        #if canImport(CMalloc)
        _ = malloc_trim(0)
        #endif
    }
}
