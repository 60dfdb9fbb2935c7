import CMalloc

/// glibc's allocator, told to give back what a long scroll frees.
///
/// By default glibc raises its mmap threshold each time a large block is freed, so the arrays
/// that double as a list grows, and the page bodies, end up inside the heap, where what they free
/// stays resident; and every thread that allocates may get an arena of its own. A fixed 128 KiB
/// threshold and two arenas halve the browser's memory growth per loaded user (`make bench`).
enum MemoryTuning {
    static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        _ = mallopt(M_ARENA_MAX, 2)
    }
}
