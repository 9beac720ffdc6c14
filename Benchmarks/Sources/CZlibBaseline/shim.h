// zlib for the benchmark's gzip inputs. Named apart from the root package's CZlib,
// since module names must be unique. zlib's init functions are macros, which Swift
// does not import; this inline function calls one.
#include <zlib.h>

/// Starts deflating into a gzip member at `level`.
static inline int bench_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
