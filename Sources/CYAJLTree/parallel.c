// A parallel parse of one text (see yajl_tree_builder.h). The text is split at commas
// directly inside one container (`yjm_find_splits`). Each piece between two of them is parsed
// as the elements (or members) of a bracket pair of its own; the rest of the text, from its
// start to the first comma and from the last comma to its end, is parsed as one document
// whose split container lacks the pieces. The trees are joined as the pieces are parsed:
// each piece's nodes go, in order, where its text is, with container end indexes and side
// offsets moved to their new places, and its arrays are lent to the next piece a thread
// parses; the nodes around the pieces' go last.
//
// The parse accepts exactly the texts the serial one accepts, with the same tokens. The rest
// of the text must stop, after its first part, directly inside the split container just
// after the first comma; each piece must hold at least one value, and yajl lexes it from
// just after a comma to just before one, as the serial parse does. Anything else, an error
// included, gives the serial parse's result, so that errors are always the serial parse's.
#include "builder.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/// A builder's node and side arrays, with their capacities (see `builder`).
typedef struct arrays {
    yjm_node *nodes;
    uint32_t node_capacity;
    size_t nodes_mapped;
    unsigned char *side;
    size_t side_capacity, side_mapped;
} arrays;

/// Values of the split container, `input[from ..< to]` (between two split commas), and, once
/// parsed, the tree of that text between brackets in `arrays`: its first two words, the
/// brackets' container, are not joined.
typedef struct piece {
    size_t from, to;
    arrays arrays;
    uint32_t node_count, two_word_nodes;
    size_t side_size;
    uint32_t count; // elements, or members
    int parsed;     // guarded by the parse's lock
} piece;

typedef struct parallel_parse {
    const unsigned char *input;
    size_t length;
    const yjm_options *options;
    const yjm_splits *splits;
    int object; // the split container is an object
    int copies; // pieces are parsed from copies, as `yjm_parse` parses the whole text
    // The text around the pieces, parsed as one document, and where the pieces go in it:
    // at node `join` and side offset `side_join`, inside the split container's node `container`.
    yjm_tree outer;
    uint32_t join, side_join, container;
    piece *pieces;
    size_t piece_count; // splits->count - 1
    // Guarded by `lock`: the text around the pieces is parsed; the pieces moved to the joined
    // tree, in order; a thread is moving them (only it writes `joined` and `count`); the
    // arrays of moved pieces, to lend (at most one a piece).
    pthread_mutex_t lock;
    int outer_parsed, moving, failed;
    size_t moved;
    arrays *spare;
    size_t spare_count;
    // The joined tree, its first `join` words and `side_join` bytes kept for the nodes around
    // the pieces', and the pieces' count of values in the split container.
    builder joined;
    size_t count;
} parallel_parse;

static int only_space(const unsigned char *input, size_t from, size_t to) {
    for (size_t i = from; i < to; i++) {
        if (input[i] != ' ' && input[i] != '\t' && input[i] != '\n' && input[i] != '\r') return 0;
    }
    return 1;
}

/// Parses the text around the pieces into `p->outer`. Returns 0 when it is not JSON, or the
/// first part does not stop just after the first split comma inside the split container.
static int parse_outer(parallel_parse *p) {
    const unsigned char *input = p->input;
    size_t length = p->length;
    size_t first = p->splits->commas[0], last = p->splits->commas[p->splits->count - 1];
    yjm_error error = {0};
    builder b;
    size_t start = yjm_builder_reset(&b, input, length, p->options, &error);
    size_t outside = first + 1 - start + (length - last - 1);
    if (!yjm_builder_start(&b, p->options, (uint32_t)(outside / 8 + 16), &yjm_builder_callbacks, &b)) return 0;
    yajl_status status = yajl_parse(b.yajl, input + start, first + 1 - start);
    // yajl took the comma as a separator directly inside the split container: only white
    // space lies between the last token and it, and the container is the innermost one open.
    int ok = status == yajl_status_ok && b.depth == p->splits->depth + 1 &&
             b.nodes[b.open->node].offset == p->splits->container && b.last_end <= first &&
             only_space(input, b.last_end, first);
    if (ok) {
        p->join = b.node_count;
        p->side_join = (uint32_t)b.side_size;
        p->container = b.open->node;
        b.chunk_start = last + 1;
        b.last_end = last + 1; // tokens are looked for from here (see `next_token`)
        status = yajl_parse(b.yajl, input + last + 1, length - last - 1);
        ok = yjm_builder_end(&b, status, length - last - 1, 0) == yajl_status_ok &&
             !yjm_find_extra_whitespace(input + start, first - start) &&
             !yjm_find_extra_whitespace(input + last + 1, length - last - 1);
    }
    yajl_free(b.yajl);
    if (!ok) {
        yjm_builder_release(&b);
        return 0;
    }
    yjm_builder_take_tree(&b, &p->outer);
    return 1;
}

/// Parses a piece between brackets of the split container's kind: from a copy of it (see
/// `yjm_text_copy`) when `p->copies`, as `yjm_parse` would parse the whole text, into `lent`
/// (arrays of a piece moved, or none). Returns 0, with `lent` freed, when that is not JSON or
/// holds no value.
static int parse_piece(parallel_parse *p, piece *piece, arrays lent) {
    static const unsigned char brackets[4] = {'[', ']', '{', '}'};
    const unsigned char *open = brackets + (p->object ? 2 : 0);
    yjm_error error = {0};
    builder b = {0};
    b.nodes = lent.nodes;
    b.node_capacity = lent.node_capacity;
    b.nodes_mapped = lent.nodes_mapped;
    b.side = lent.side;
    b.side_capacity = lent.side_capacity;
    b.side_mapped = lent.side_mapped;
    b.input = p->input;
    b.input_length = p->length;
    b.error = &error;
    size_t from = piece->from, to = piece->to; // the piece in `b.input`
    yjm_text_copy copy;
    int copied = p->copies && yjm_text_copy_make(p->input + from, to - from, 0, &copy) == YJM_COPY_MADE;
    if (copied) {
        // The map leads from the copy to the piece: moved by the piece's offset, to the text.
        for (size_t i = 0; i < copy.map.count; i++) copy.map.steps[i].shift += (uint32_t)from;
        b.input = copy.bytes;
        b.input_length = copy.length;
        b.text = p->input;
        b.shifts = copy.map.steps;
        from = 0;
        to = copy.length;
    }
    // The piece's values are as deep inside its brackets as inside the split container.
    yjm_options options = *p->options;
    size_t around = p->splits->depth;
    options.max_depth = options.max_depth > around ? options.max_depth - around : 0;
    // Room for a node per 8 bytes of text (2 of a copy), as `yjm_parse` gives: the array seldom
    // grows, and pages never written cost nothing.
    size_t capacity = (to - from) / (copied ? 2 : 8) + 16;
    int ok = yjm_builder_start(&b, &options, (uint32_t)capacity,
                               copied ? &yjm_mapped_builder_callbacks : &yjm_builder_callbacks, &b);
    if (ok) {
        // The brackets' node is not joined: its offsets do not matter, but stay in order.
        yajl_status status = yajl_parse(b.yajl, open, 1);
        b.chunk_start = from;
        b.last_end = from; // tokens are looked for from here (see `next_token`)
        if (status == yajl_status_ok) status = yajl_parse(b.yajl, b.input + from, to - from);
        b.chunk_start = to;
        if (status == yajl_status_ok) status = yajl_parse(b.yajl, open + 1, 1);
        if (status == yajl_status_ok) status = yajl_complete_parse(b.yajl);
        ok = status == yajl_status_ok && b.depth == 0 && b.node_count > 2 &&
             !yjm_find_extra_whitespace(p->input + piece->from, piece->to - piece->from);
        yajl_free(b.yajl);
        if (ok) {
            piece->arrays = (arrays){b.nodes, b.node_capacity, b.nodes_mapped, b.side, b.side_capacity, b.side_mapped};
            piece->node_count = b.node_count;
            piece->two_word_nodes = b.two_word_nodes;
            piece->side_size = b.side_size;
            piece->count = b.nodes[0].head >> YJM_KIND_BITS;
            b.nodes = NULL; // the piece's now
            b.side = NULL;
        }
        yjm_builder_release(&b);
    }
    if (copied) yjm_text_copy_free(&copy);
    return ok;
}

/// Copies `count` words of a tree from `from` to `to`, adding `index_shift` to each container's
/// end index past `index_from`, and `side_shift` to each escaped string's side offset at or past
/// `side_from`. `from` starts with a node's first word and ends with a node's last.
static void move_nodes(yjm_node *to, const yjm_node *from, size_t count, uint32_t index_from, uint32_t index_shift,
                       uint32_t side_from, uint32_t side_shift) {
    for (size_t i = 0; i < count;) {
        yjm_node node = from[i];
        to[i++] = node;
        uint32_t kind = node.head & YJM_KIND_MASK;
        if (kind < YJM_ESCAPED_STRING) continue;
        yjm_node second = from[i]; // a two-word node's second word, inside `count` (the layout)
        if (kind == YJM_ESCAPED_STRING) {
            if (second.head >= side_from) second.head += side_shift;
        } else if (second.head > index_from) {
            second.head += index_shift;
        }
        to[i++] = second;
    }
}

/// Copies `count` bytes from `from + from_at` to `to + to_at`; either may be NULL when `count` is 0.
static void copy_bytes(unsigned char *to, size_t to_at, const unsigned char *from, size_t from_at, size_t count) {
    if (count) memcpy(to + to_at, from + from_at, count); // known: neither is NULL when there are bytes
}

static void free_arrays(arrays *arrays) {
    yjm_block_free(arrays->nodes, arrays->nodes_mapped);
    yjm_block_free(arrays->side, arrays->side_mapped);
    memset(arrays, 0, sizeof *arrays);
}

/// Makes room in the joined tree for `words` more words (and the one `yjm_builder_take_tree`
/// leaves) and `side` more bytes of decoded strings. Returns 0 when memory runs out or the
/// words do not fit a node's index.
static int reserve(parallel_parse *p, size_t words, size_t side) {
    builder *joined = &p->joined;
    size_t needed = (size_t)joined->node_count + words + 1;
    if (needed >= UINT32_MAX) return 0;
    if (needed > joined->node_capacity) {
        // At first, room for a node per 8 bytes of text, as `yjm_parse` gives.
        size_t capacity = joined->node_capacity ? (size_t)joined->node_capacity * 2 : p->length / 8 + 16;
        if (capacity < needed) capacity = needed;
        if (capacity > UINT32_MAX) capacity = UINT32_MAX;
        size_t kept = joined->nodes ? joined->node_count : 0; // with no array yet, no word is written
        yjm_node *nodes = yjm_block_resize(joined->nodes, kept * sizeof(yjm_node), capacity * sizeof(yjm_node),
                                           &joined->nodes_mapped);
        if (!nodes) return 0;
        joined->nodes = nodes;
        joined->node_capacity = (uint32_t)capacity;
    }
    needed = joined->side_size + side;
    if (needed > joined->side_capacity) {
        size_t capacity = joined->side_capacity * 2;
        if (capacity < needed) capacity = needed;
        size_t kept = joined->side ? joined->side_size : 0;
        unsigned char *bytes = yjm_block_resize(joined->side, kept, capacity, &joined->side_mapped);
        if (!bytes) return 0;
        joined->side = bytes;
        joined->side_capacity = capacity;
    }
    return 1;
}

/// Appends a piece's nodes and decoded strings to the joined tree.
static int move_piece(parallel_parse *p, const piece *piece) {
    builder *joined = &p->joined;
    size_t words = piece->node_count - 2;
    if (!reserve(p, words, piece->side_size)) return 0;
    move_nodes(joined->nodes + joined->node_count, piece->arrays.nodes + 2, words, 0, joined->node_count - 2, 0,
               (uint32_t)joined->side_size);
    copy_bytes(joined->side, joined->side_size, piece->arrays.side, 0, piece->side_size);
    joined->node_count += (uint32_t)words;
    joined->side_size += piece->side_size;
    joined->two_word_nodes += piece->two_word_nodes - 1;
    p->count += piece->count;
    return 1;
}

/// Moves the pieces parsed, in order, unless another thread is moving them, and keeps their
/// arrays to lend. Called with `p->lock` held, which it lets go while it moves; returns 0 when
/// a move failed.
static int move_parsed(parallel_parse *p) {
    if (p->moving) return !p->failed;
    p->moving = 1;
    while (!p->failed && p->outer_parsed && p->moved < p->piece_count && p->pieces[p->moved].parsed) {
        piece *piece = &p->pieces[p->moved++];
        pthread_mutex_unlock(&p->lock);
        int ok = move_piece(p, piece);
        pthread_mutex_lock(&p->lock);
        if (!ok) p->failed = 1;
        p->spare[p->spare_count++] = piece->arrays; // known: fewer than `piece_count`, one a piece moved
        memset(&piece->arrays, 0, sizeof piece->arrays);
    }
    p->moving = 0;
    return !p->failed;
}

/// Moves the nodes and decoded strings around the pieces' to their places in the joined tree,
/// once every piece's are there. Returns 0 when memory runs out or the split container has
/// more values than a node holds (the serial parse says so).
static int move_outer(parallel_parse *p) {
    yjm_tree *outer = &p->outer;
    builder *joined = &p->joined;
    uint32_t inserted = joined->node_count - p->join, inserted_side = (uint32_t)(joined->side_size - p->side_join);
    size_t count = (outer->nodes[p->container].head >> YJM_KIND_BITS) + p->count;
    size_t words = outer->node_count - p->join, side = outer->side_size - p->side_join;
    if (count > YJM_MAX_PAYLOAD || !reserve(p, words, side)) return 0;
    move_nodes(joined->nodes, outer->nodes, p->join, p->join, inserted, p->side_join, inserted_side);
    move_nodes(joined->nodes + joined->node_count, outer->nodes + p->join, words, p->join, inserted, p->side_join,
               inserted_side);
    copy_bytes(joined->side, 0, outer->side, 0, p->side_join);
    copy_bytes(joined->side, joined->side_size, outer->side, p->side_join, side);
    joined->node_count += (uint32_t)words;
    joined->side_size += side;
    joined->two_word_nodes += outer->node_count - outer->value_count;
    yjm_node *container = &joined->nodes[p->container];
    container->head = (container->head & YJM_KIND_MASK) | (uint32_t)count << YJM_KIND_BITS;
    return 1;
}

/// A run of jobs on several threads (see `yjm_run_jobs`).
typedef struct job_run {
    yjm_job *job;
    void *context;
    size_t jobs;
    _Atomic size_t next;
    _Atomic int failed;
} job_run;

/// Takes jobs until there are none or one has failed.
static void *work(void *context) {
    job_run *run = context;
    for (;;) {
        size_t job = atomic_fetch_add_explicit(&run->next, 1, memory_order_relaxed);
        if (job >= run->jobs || atomic_load_explicit(&run->failed, memory_order_relaxed)) break;
        if (!run->job(run->context, job)) atomic_store_explicit(&run->failed, 1, memory_order_relaxed);
    }
    return NULL;
}

int yjm_run_jobs(size_t jobs, size_t threads, yjm_job *job, void *context) {
    job_run run = {.job = job, .context = context, .jobs = jobs};
    atomic_init(&run.next, 0);
    atomic_init(&run.failed, 0);
    size_t helpers = (threads < jobs ? threads : jobs);
    helpers = helpers ? helpers - 1 : 0;
    pthread_t *ids = helpers ? malloc(helpers * sizeof(pthread_t)) : NULL;
    size_t started = 0;
    while (ids && started < helpers && pthread_create(&ids[started], NULL, work, &run) == 0) started++;
    work(&run);
    for (size_t i = 0; i < started; i++) pthread_join(ids[i], NULL); // what the threads wrote is seen after this
    free(ids);
    return !atomic_load_explicit(&run.failed, memory_order_relaxed);
}

/// Job 0 parses the text around the pieces, job i > 0 piece i - 1, into arrays that a moved
/// piece left, if any; each then moves the pieces parsed in order (see `move_parsed`).
static int parse_job(void *context, size_t job) {
    parallel_parse *p = context;
    if (job == 0) {
        if (!parse_outer(p)) return 0;
        pthread_mutex_lock(&p->lock);
        p->outer_parsed = 1;
        p->joined.node_count = p->join; // kept for the nodes before the pieces'
        p->joined.side_size = p->side_join;
    } else {
        piece *piece = &p->pieces[job - 1];
        pthread_mutex_lock(&p->lock);
        arrays lent = {0};
        if (p->spare_count) lent = p->spare[--p->spare_count];
        pthread_mutex_unlock(&p->lock);
        if (!parse_piece(p, piece, lent)) return 0;
        pthread_mutex_lock(&p->lock);
        piece->parsed = 1;
    }
    int ok = move_parsed(p);
    pthread_mutex_unlock(&p->lock);
    return ok;
}

yjm_status yjm_parse_parallel(const unsigned char *input, size_t length, const yjm_options *options,
                              yjm_parallel *parallel, yjm_tree *tree, yjm_error *error) {
    parallel->joined = 0;
    size_t threads = parallel->threads ? parallel->threads : 1;
    // Many pieces a thread, so that threads that finish early take the ones left and wait little
    // for the last, and so that the pieces' trees not yet moved are a small part of the nodes
    // while the join runs.
    size_t piece_size = parallel->piece_size ? parallel->piece_size : length / threads / 32 + 1;
    yjm_splits splits;
    // With comments allowed, a comma may sit inside one: the split pass does not know them.
    if (options->allow_comments || length > YJM_MAX_INPUT || !yjm_find_splits(input, length, piece_size, threads, &splits)) {
        return yjm_parse(input, length, options, tree, error);
    }
    parallel_parse p = {input, length, options, &splits, input[splits.container] == '{',
                        yjm_parses_copy(input, length, options)};
    p.piece_count = splits.count - 1;
    p.pieces = calloc(p.piece_count, sizeof(piece));
    p.spare = calloc(p.piece_count, sizeof(arrays));
    int ok = p.pieces && p.spare && pthread_mutex_init(&p.lock, NULL) == 0;
    if (ok) {
        for (size_t i = 0; i < p.piece_count; i++) {
            p.pieces[i].from = splits.commas[i] + 1;
            p.pieces[i].to = splits.commas[i + 1];
        }
        ok = yjm_run_jobs(splits.count, threads, parse_job, &p) && p.moved == p.piece_count && move_outer(&p);
        pthread_mutex_destroy(&p.lock);
    }
    if (ok) {
        yjm_builder_take_tree(&p.joined, tree);
        parallel->joined = splits.count + 1; // the pieces, and the text around them in two parts
    } else {
        yjm_builder_release(&p.joined);
    }
    for (size_t i = 0; p.pieces && i < p.piece_count; i++) free_arrays(&p.pieces[i].arrays);
    for (size_t i = 0; i < p.spare_count; i++) free_arrays(&p.spare[i]);
    yjm_tree_free(&p.outer);
    free(p.pieces);
    free(p.spare);
    yjm_splits_free(&splits);
    if (ok) {
        memset(error, 0, sizeof *error);
        return YJM_OK;
    }
    return yjm_parse(input, length, options, tree, error);
}
