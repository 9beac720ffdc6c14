// Internal to the tree builder.
#ifndef YJM_UTF8_H
#define YJM_UTF8_H

#include "yajl_tree_builder.h"

/// Decodes the body of a string token (the bytes between its quotes) into `out`,
/// which must hold `length` bytes: decoding never grows the text.
/// Returns YJM_OK, or YJM_ERR_UTF8 / YJM_ERR_ESCAPE with `*bad_index` at the
/// offending byte of `raw`.
yjm_status yjm_decode_string(const unsigned char *raw, size_t length, unsigned char *out,
                             size_t *out_length, size_t *bad_index);

#endif
