// glibc's allocator controls (mallopt, malloc_trim), which Swift's Glibc module leaves out.
#include <malloc.h>
