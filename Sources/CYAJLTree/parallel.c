// A parallel parse of one text (see yajl_tree_builder.h). The text is split at commas
// directly inside one container (`yjm_find_splits`). Each piece between two of them is parsed
// as the elements (or members) of a bracket pair of its own; the rest of the text, from its
// start to the first comma and from the last comma to its end, is parsed as one document
// whose split container lacks the pieces. The trees are then joined: each piece's nodes go
// where its text is, with container end indexes and side offsets moved to their new places.
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

/// Values of the split container, `input[from ..< to]` (between two split commas), and the
/// tree of that text between brackets: its first two words, the brackets' container, are
/// not joined. Its nodes go to the joined tree's `at`, its decoded strings to `side_at`.
typedef struct piece {
    size_t from, to;
    yjm_tree tree;
    uint32_t count; // elements, or members
    uint32_t at, side_at;
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
    piece *pieces; // splits->count - 1 of them
    // The joined tree, and the split container's count in it.
    yjm_tree joined;
    uint32_t count;
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
/// `yjm_text_copy`) when `p->copies`, as `yjm_parse` would parse the whole text. Returns 0 when
/// that is not JSON or holds no value.
static int parse_piece(parallel_parse *p, piece *piece) {
    static const unsigned char brackets[4] = {'[', ']', '{', '}'};
    const unsigned char *open = brackets + (p->object ? 2 : 0);
    yjm_error error = {0};
    builder b = {0};
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
            yjm_builder_take_tree(&b, &piece->tree);
            piece->count = piece->tree.nodes[0].head >> YJM_KIND_BITS;
        } else {
            yjm_builder_release(&b);
        }
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

static void copy_bytes(unsigned char *to, const unsigned char *from, size_t count) {
    if (count) memcpy(to, from, count); // memcpy's pointers may not be NULL, even for no bytes
}

/// Moves a piece's nodes and decoded strings to their places in the joined tree, and frees its
/// tree, so that the joined tree and all of the pieces' are not held at once.
static void move_piece(parallel_parse *p, piece *piece) {
    yjm_tree *tree = &piece->tree;
    move_nodes(p->joined.nodes + piece->at, tree->nodes + 2, tree->node_count - 2, 0, piece->at - 2, 0,
               piece->side_at);
    copy_bytes(p->joined.side + piece->side_at, tree->side, tree->side_size);
    yjm_tree_free(tree);
}

/// Moves the nodes and decoded strings around the pieces' to their places in the joined tree,
/// and frees their tree.
static void move_outer(parallel_parse *p) {
    yjm_tree *outer = &p->outer;
    yjm_tree *joined = &p->joined;
    uint32_t inserted = joined->node_count - outer->node_count, inserted_side = joined->side_size - outer->side_size;
    move_nodes(joined->nodes, outer->nodes, p->join, p->join, inserted, p->side_join, inserted_side);
    move_nodes(joined->nodes + p->join + inserted, outer->nodes + p->join, outer->node_count - p->join, p->join,
               inserted, p->side_join, inserted_side);
    copy_bytes(joined->side, outer->side, p->side_join);
    copy_bytes(joined->side + p->side_join + inserted_side, outer->side + p->side_join, outer->side_size - p->side_join);
    yjm_node *container = &joined->nodes[p->container];
    container->head = (container->head & YJM_KIND_MASK) | p->count << YJM_KIND_BITS;
    yjm_tree_free(outer);
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

/// Job 0 parses the text around the pieces, job i > 0 piece i - 1.
static int parse_job(void *context, size_t job) {
    parallel_parse *p = context;
    return job == 0 ? parse_outer(p) : parse_piece(p, &p->pieces[job - 1]);
}

/// Job 0 moves the nodes around the pieces', job i > 0 those of piece i - 1.
static int join_job(void *context, size_t job) {
    parallel_parse *p = context;
    if (job == 0) {
        move_outer(p);
    } else {
        move_piece(p, &p->pieces[job - 1]);
    }
    return 1;
}

/// Makes room for the joined tree and works out where each piece goes. Returns 0 when memory
/// runs out or the split container has more values than a node holds (the serial parse says so).
static int prepare_join(parallel_parse *p) {
    const yjm_tree *outer = &p->outer;
    size_t pieces = p->splits->count - 1;
    size_t words = outer->node_count, values = outer->value_count, side = outer->side_size;
    size_t count = outer->nodes[p->container].head >> YJM_KIND_BITS;
    for (size_t i = 0; i < pieces; i++) {
        piece *piece = &p->pieces[i];
        if (words >= UINT32_MAX) return 0;
        piece->at = (uint32_t)(words - outer->node_count + p->join);
        piece->side_at = (uint32_t)(side - outer->side_size + p->side_join);
        words += piece->tree.node_count - 2;
        values += piece->tree.value_count - 1;
        side += piece->tree.side_size;
        count += piece->count;
    }
    if (words >= UINT32_MAX || count > YJM_MAX_PAYLOAD) return 0;
    size_t bytes = (words + 1) * sizeof(yjm_node); // as `yjm_builder_take_tree` leaves a tree
    size_t mapped, side_mapped = 0;
    yjm_node *nodes = yjm_block_alloc(bytes, &mapped);
    unsigned char *side_bytes = side ? yjm_block_alloc(side, &side_mapped) : NULL;
    if (!nodes || (side && !side_bytes)) {
        yjm_block_free(nodes, mapped);
        yjm_block_free(side_bytes, side_mapped);
        return 0;
    }
    p->joined = (yjm_tree){nodes, (uint32_t)words, (uint32_t)values, side_bytes, (uint32_t)side, mapped, side_mapped};
    p->count = (uint32_t)count;
    return 1;
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
    p.pieces = calloc(splits.count - 1, sizeof(piece));
    int ok = p.pieces != NULL;
    if (ok) {
        for (size_t i = 0; i + 1 < splits.count; i++) {
            p.pieces[i].from = splits.commas[i] + 1;
            p.pieces[i].to = splits.commas[i + 1];
        }
        ok = yjm_run_jobs(splits.count, threads, parse_job, &p) && prepare_join(&p);
    }
    if (ok) {
        yjm_run_jobs(splits.count, threads, join_job, &p);
        *tree = p.joined;
        parallel->joined = splits.count + 1; // the pieces, and the text around them in two parts
    }
    for (size_t i = 0; p.pieces && i + 1 < splits.count; i++) yjm_tree_free(&p.pieces[i].tree);
    yjm_tree_free(&p.outer);
    free(p.pieces);
    yjm_splits_free(&splits);
    if (ok) {
        memset(error, 0, sizeof *error);
        return YJM_OK;
    }
    return yjm_parse(input, length, options, tree, error);
}
