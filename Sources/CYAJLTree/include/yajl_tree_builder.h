// The compact node tree that YAJLModel builds from yajl's callbacks.
//
// A document is one array of 8-byte nodes in document order (a pre-order walk),
// plus a side buffer for the decoded text of strings that had escapes. Nothing
// is allocated per value. Offsets are byte offsets into the input, which the
// caller keeps alive; the tree never copies unescaped strings or numbers.
//
// Node layout (`head` low 3 bits = kind, high 29 bits = payload):
//
//   kind              words  payload (head >> 3)   offset            second word
//   null/false/true   1      0                     first byte        -
//   number            1      text length           first byte        -
//   string            1      text length           opening quote     -
//   escaped string    2      raw token length      opening quote     head: side offset, offset: decoded length
//   array/object      2      element/member count  opening bracket   head: index past the subtree,
//                                                                    offset: byte past the closing bracket
//
// Objects store each member as a key node (a string) followed by its value.
// The second word of a container lets a reader skip a subtree in O(1).
#ifndef YAJL_TREE_BUILDER_H
#define YAJL_TREE_BUILDER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    YJM_NULL = 0,
    YJM_FALSE = 1,
    YJM_TRUE = 2,
    YJM_NUMBER = 3,
    YJM_STRING = 4,
    YJM_ESCAPED_STRING = 5,
    YJM_ARRAY = 6,
    YJM_OBJECT = 7,
};

enum {
    YJM_KIND_BITS = 3,
    YJM_KIND_MASK = 7,
};

/// The largest payload a node holds: a token's length or a container's count.
#define YJM_MAX_PAYLOAD ((uint32_t)((1u << 29) - 1))

/// The largest input the 32-bit offsets can address, kept well below 2^31 so that
/// yajl's internal buffers stay clear of the size range of CVE-2022-24795.
#define YJM_MAX_INPUT ((size_t)1 << 30)

typedef struct yjm_node {
    uint32_t head;
    uint32_t offset;
} yjm_node;

/// A finished tree. Free it with `yjm_tree_free`.
typedef struct yjm_tree {
    yjm_node *nodes;
    uint32_t node_count;   ///< words in `nodes`
    uint32_t value_count;  ///< values and keys (two-word nodes count once)
    unsigned char *side;
    uint32_t side_size;
    size_t nodes_mapped;   ///< `nodes` is a mapping of this many bytes (`yjm_pages_map`), or 0: from malloc
    size_t side_mapped;    ///< `side` is a mapping of this many bytes, or 0: from malloc
} yjm_tree;

typedef enum yjm_status {
    YJM_OK = 0,
    YJM_ERR_SYNTAX,         ///< the text is not JSON; `syntax` says how
    YJM_ERR_END_OF_INPUT,   ///< the text stopped inside a value
    YJM_ERR_UTF8,           ///< a string holds bytes that are not UTF-8 (overlong, surrogate, truncated, ...)
    YJM_ERR_ESCAPE,         ///< a \u escape names a lone or mismatched surrogate
    YJM_ERR_DEPTH,          ///< nesting went past max_depth
    YJM_ERR_INPUT_SIZE,     ///< the input is longer than YJM_MAX_INPUT bytes
    YJM_ERR_TOKEN_SIZE,     ///< a string or number is longer than YJM_MAX_PAYLOAD bytes
    YJM_ERR_COUNT,          ///< a container has more than YJM_MAX_PAYLOAD elements
    YJM_ERR_TRAILING,       ///< something follows the value
    YJM_ERR_MEMORY,         ///< an allocation failed
} yjm_status;

/// What is wrong with a text that is not JSON (YJM_ERR_SYNTAX), worked out by the builder
/// from where the parse stopped, the containers open there and the bytes at that place.
typedef enum yjm_syntax {
    YJM_SYNTAX_NONE = 0,               ///< the error is not a syntax error
    YJM_SYNTAX_INVALID_CHARACTER,      ///< a byte that starts no token (or a '/' that opens no comment)
    YJM_SYNTAX_COMMENT,                ///< a comment, where comments are not allowed
    YJM_SYNTAX_INVALID_NUMBER,         ///< a number without a digit where one must be (`-`, `1.`, `1e`)
    YJM_SYNTAX_INVALID_LITERAL,        ///< a word that is not true, false or null
    YJM_SYNTAX_INVALID_ESCAPE,         ///< a backslash before a byte that no escape starts with
    YJM_SYNTAX_INVALID_UNICODE_ESCAPE, ///< `\u` not followed by four hex digits
    YJM_SYNTAX_CONTROL_CHARACTER,      ///< a byte below 0x20 inside a string
    YJM_SYNTAX_EXPECTED_VALUE,         ///< another token where a value must be
    YJM_SYNTAX_EXPECTED_VALUE_OR_ARRAY_END, ///< after '['
    YJM_SYNTAX_EXPECTED_COMMA_OR_ARRAY_END, ///< after an element
    YJM_SYNTAX_EXPECTED_KEY_OR_OBJECT_END,  ///< after '{'
    YJM_SYNTAX_EXPECTED_KEY,           ///< after a ',' in an object
    YJM_SYNTAX_EXPECTED_COLON,         ///< after a key
    YJM_SYNTAX_EXPECTED_COMMA_OR_OBJECT_END, ///< after a member's value
    YJM_SYNTAX_AFTER_VALUE,            ///< a token after the top-level value (YJM_ERR_TRAILING)
    YJM_SYNTAX_EXTRA_WHITE_SPACE,      ///< a form feed or vertical tab between tokens
} yjm_syntax;

/// A short English description of `syntax`, for messages ("invalid number", ...).
const char *yjm_syntax_description(yjm_syntax syntax);

/// The parse options, as `JSONParseOptions` derives them (its `cOptions`).
typedef struct yjm_options {
    size_t max_depth;
    int allow_comments;
    /// The longest string (raw, between its quotes) or number, in bytes; 0 or
    /// anything above YJM_MAX_PAYLOAD means YJM_MAX_PAYLOAD.
    size_t max_token;
    /// Skip a UTF-8 byte-order mark (EF BB BF) at the start of the text; offsets still count it.
    int skip_byte_order_mark;
} yjm_options;

typedef struct yjm_error {
    yjm_status status;
    /// Byte offset of the offending byte in the input.
    size_t offset;
    /// What kind of syntax error it is (YJM_ERR_SYNTAX and YJM_ERR_TRAILING), or YJM_SYNTAX_NONE.
    yjm_syntax syntax;
} yjm_error;

/// Parses `input` as one JSON value. Offsets in the tree count from `input`'s
/// first byte, a skipped byte-order mark included. On failure the tree is left
/// empty and `error` says what and where. Indented text, and text mostly of strings, is
/// parsed from a copy without its white space and string text (see compact.c);
/// the tree and any error are the same.
yjm_status yjm_parse(const unsigned char *input, size_t length, const yjm_options *options, yjm_tree *tree,
                     yjm_error *error);

void yjm_tree_free(yjm_tree *tree);

// MARK: Parallel parse (parallel.c)
//
// A large text is split at commas directly inside one container (see `yjm_find_splits` in
// builder.h): the pieces between them, runs of whole elements or members, are parsed by yajl
// on several threads at once, and the text around them (its start up to the first comma, and
// from the last one on) by one more parse. Their nodes are joined into one array.

/// How `yjm_parse_parallel` splits a text.
typedef struct yjm_parallel {
    /// The threads that parse, the calling one included; 0 counts as 1.
    size_t threads;
    /// About how many bytes a piece holds; 0: a thirty-second of a thread's share of the text.
    size_t piece_size;
    /// Set by the parse: the pieces whose trees were joined, or 0 when the text was parsed serially.
    size_t joined;
} yjm_parallel;

/// Parses `input` as `yjm_parse` does, with the same tree or the same error, its pieces on
/// `parallel->threads` threads. The text is parsed by `yjm_parse` instead when comments are
/// allowed, when it does not split into pieces (it is not one large container, its brackets
/// do not balance), or when a piece fails: the error is always the serial parse's.
yjm_status yjm_parse_parallel(const unsigned char *input, size_t length, const yjm_options *options,
                              yjm_parallel *parallel, yjm_tree *tree, yjm_error *error);

// MARK: Streaming (stream.c)
//
// A stream parses text that arrives in chunks. The caller owns a growable buffer
// and appends each chunk to it; `yjm_stream_feed` parses the new bytes. Token
// offsets in the tree count from the start of that buffer, and a token split
// between chunks (which yajl then hands over from its own buffer) is still in it,
// so the tree is the one `yjm_parse` builds from the whole text. After each feed
// the caller may drop the first `yjm_stream_needed_from` bytes of its buffer and
// report it with `yjm_stream_consume`: a document keeps every byte, an element
// or value stream only those since the current element began.

typedef struct yjm_stream yjm_stream;

typedef enum yjm_stream_mode {
    /// One value, kept whole: `yjm_stream_finish` returns its tree.
    YJM_STREAM_DOCUMENT = 0,
    /// One value; each element of an array at `target` becomes an event, its
    /// nodes leave the stream for the batch (see `yjm_stream_take_batch`).
    YJM_STREAM_ELEMENTS = 1,
    /// Any number of values one after another (concatenated JSON); each becomes an event.
    YJM_STREAM_VALUES = 2,
} yjm_stream_mode;

/// `yjm_target_step.index` when the step names no element.
#define YJM_NO_INDEX ((size_t)-1)

/// One step of a stream's target: the member it names, the element it names, or both
/// (a pointer token that reads as an index names either, whichever its container has).
typedef struct yjm_target_step {
    const unsigned char *key; ///< the member's name, unescaped UTF-8; NULL: the step names no member
    size_t key_length;
    size_t index; ///< the element's index, or YJM_NO_INDEX
} yjm_target_step;

typedef struct yjm_stream_config {
    yjm_options options;
    yjm_stream_mode mode;
    /// YJM_STREAM_DOCUMENT: the text's length if known (a Content-Length), or 0.
    /// Sizes the node array as `yjm_parse` does, so that it does not regrow.
    size_t expected_length;
    /// YJM_STREAM_ELEMENTS: the steps from the top-level value to the target array
    /// (copied); none: the top-level value. Every array at the target is streamed
    /// (a repeated key can name two).
    const yjm_target_step *target;
    size_t target_count;
} yjm_stream_config;

typedef enum yjm_event_kind {
    /// An element (or value) is complete: it is in the batch, at `node`.
    YJM_EVENT_ELEMENT = 0,
    /// A target array opened: `start` is just past its '['.
    YJM_EVENT_TARGET_OPEN = 1,
    /// A target array closed: `start` is its ']'.
    YJM_EVENT_TARGET_CLOSE = 2,
} yjm_event_kind;

typedef struct yjm_event {
    yjm_event_kind kind;
    /// Offsets from the start of the stream (not of the buffer).
    size_t start, end;
    /// YJM_EVENT_ELEMENT: the element's node in the batch (see `yjm_stream_take_batch`).
    uint32_t node;
    /// Internal: the batch's side size and two-word nodes before the element.
    uint32_t side_mark, two_word_mark;
} yjm_event;

/// Returns NULL when memory runs out.
yjm_stream *yjm_stream_create(const yjm_stream_config *config);

/// Frees the stream, and a batch not taken.
void yjm_stream_free(yjm_stream *stream);

/// `buffer[0 ..< length]` holds the bytes the stream still needs, followed by new
/// ones; parses the new ones. Once it fails a stream stays failed, with the same
/// error. Error offsets count from the start of the stream.
yjm_status yjm_stream_feed(yjm_stream *stream, const unsigned char *buffer, size_t length, yjm_error *error);

/// Feeds the last bytes (if any) and ends the text. YJM_STREAM_DOCUMENT: fills
/// `tree` (the caller owns it). Other modes leave `tree` empty.
yjm_status yjm_stream_finish(yjm_stream *stream, const unsigned char *buffer, size_t length, yjm_tree *tree,
                             yjm_error *error);

/// The events since the last `yjm_stream_consume`, in order, each one's `end`
/// at or before the failure's offset after a failed feed.
const yjm_event *yjm_stream_events(const yjm_stream *stream, size_t *count);

/// The elements of those events, as one document: `tree` is the tree of the text
/// `*text` ("[e1,e2,…]": the elements' texts as they were, in order, between
/// brackets and commas; `*text_length` bytes), each element at the node its event
/// names. The caller takes both over: it frees the tree with `yjm_tree_free` and
/// the text with `free`. Returns 0, handing nothing over, when there are no
/// elements. Call after a feed or finish, before `yjm_stream_consume`.
int yjm_stream_take_batch(yjm_stream *stream, yjm_tree *tree, unsigned char **text, size_t *text_length);

/// The closing brackets of the containers around the last target opened,
/// innermost first (NUL-terminated): the text that closes a prefix ending in its '['.
const char *yjm_stream_closers(const yjm_stream *stream);

/// How many bytes at the front of the buffer the stream no longer needs.
size_t yjm_stream_needed_from(const yjm_stream *stream);

/// Forgets the events (and their batch, if it was not taken), and learns that the
/// caller has dropped the first `dropped` (at most `yjm_stream_needed_from`) bytes
/// of its buffer. A value stream between values may drop every byte fed when those
/// after its last value are white space (nothing is pending there).
void yjm_stream_consume(yjm_stream *stream, size_t dropped);

/// The number of line feeds in `bytes`. Vectorized by the compiler.
size_t yjm_count_line_feeds(const unsigned char *bytes, size_t length);

/// Counts the line feeds in `bytes`, and the characters (bytes that are not UTF-8
/// continuation bytes) after the last one, or in all of `bytes` if there is none:
/// what moves a line and column over text. Vectorized by the compiler.
void yjm_count_lines(const unsigned char *bytes, size_t length, size_t *line_feeds, size_t *last_line_characters);

/// Returns the length of the longest prefix of `bytes` that is valid UTF-8
/// (no overlong forms, no surrogates, nothing above U+10FFFF).
size_t yjm_utf8_valid_prefix(const unsigned char *bytes, size_t length);

// MARK: Pages (pages.c)
//
// A stream's buffer, once large, is mapped directly: it grows without copying
// (mremap, on Linux) and asks for huge pages, so that filling it takes fewer
// page faults. So are a parse's buffers (nodes, decoded strings, the copy and its map) from 2 MiB. Sizes are
// multiples of the page size (`yjm_pages_round`).

/// `size` rounded up to a multiple of the page size.
size_t yjm_pages_round(size_t size);

/// A new mapping of `size` bytes, zeroed; NULL when memory runs out.
void *yjm_pages_map(size_t size);

/// The mapping `block` of `old_size` bytes grown (or shrunk) to `new_size`, its
/// bytes kept, perhaps at another address; NULL when memory runs out (`block`
/// is then left as it was).
void *yjm_pages_remap(void *block, size_t old_size, size_t new_size);

/// Unmaps `block`, of `size` bytes.
void yjm_pages_unmap(void *block, size_t size);

#ifdef __cplusplus
}
#endif

#endif
