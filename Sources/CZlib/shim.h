// zlib, as the readers use it: gzip streams only (windowBits 15 + 16). zlib's init
// functions are macros, which Swift does not import; these inline functions call them.
#include <zlib.h>

/// Starts inflating a gzip member (and only gzip: no zlib or raw deflate).
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Starts deflating into a gzip member at `level` (the tests make their fixtures with it).
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
