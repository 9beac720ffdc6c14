// Checks, over the JSON files named on the command line (or a few texts of its own when there
// are none), that every copy kernel this machine runs gives the tree and the error (status and
// offset) of parsing the text itself, and that yjm_parse does too. The text itself is parsed by
// a stream fed the whole text at once, which never makes a copy. Built by .ci/arm64 for x86-64
// and, cross-compiled, for arm64 under qemu. Exits 1 on any difference. The parallel parse,
// split into small pieces, must give the same tree and error too, on one thread and on two
// (`--one-thread` as the first argument: on one only).
#include "yajl_tree_builder.h"
#include "yajl_tree_builder_testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const yjm_copy_kernel all_kernels[] = {YJM_COPY_RUNS_16, YJM_COPY_RUNS_32, YJM_COPY_COMPRESS_64};
static const char *const kernel_names[] = {"runs-16", "runs-32", "compress-64"};

static int failures;
/// The most threads a parallel parse is given (`--one-thread`: 1).
static size_t max_threads = 2;
/// How many parallel parses joined pieces (rather than parsing serially).
static size_t joined;

static void report(const char *name, const char *what, const char *detail) {
    if (++failures <= 50) fprintf(stderr, "FAIL %s: %s%s\n", name, what, detail);
}

/// Whether two trees are the same, node for node and byte for byte of decoded strings.
static int same_tree(const yjm_tree *a, const yjm_tree *b) {
    return a->node_count == b->node_count && a->value_count == b->value_count && a->side_size == b->side_size &&
           (a->node_count == 0 || memcmp(a->nodes, b->nodes, a->node_count * sizeof(yjm_node)) == 0) &&
           (a->side_size == 0 || memcmp(a->side, b->side, a->side_size) == 0);
}

/// The text parsed as it is: by a stream, fed all of it at once.
static yjm_status parse_directly(const unsigned char *text, size_t length, const yjm_options *options,
                                 yjm_tree *tree, yjm_error *error) {
    yjm_stream_config config = {0};
    config.options = *options;
    config.mode = YJM_STREAM_DOCUMENT;
    memset(tree, 0, sizeof *tree);
    yjm_stream *stream = yjm_stream_create(&config);
    if (!stream) {
        error->status = YJM_ERR_MEMORY;
        return YJM_ERR_MEMORY;
    }
    yjm_status status = yjm_stream_finish(stream, text, length, tree, error);
    yjm_stream_free(stream);
    return status;
}

static void check(const char *name, const unsigned char *text, size_t length) {
    yjm_options options = {10000, 0, 0, 1};
    yjm_tree expected, found;
    yjm_error expected_error = {0}, error;
    yjm_status status = parse_directly(text, length, &options, &expected, &expected_error);
    char detail[160];

    yjm_status parsed = yjm_parse(text, length, &options, &found, &error);
    if (parsed != status || (status == YJM_OK ? !same_tree(&found, &expected) : error.offset != expected_error.offset)) {
        snprintf(detail, sizeof detail, ": status %d at %zu, the text %d at %zu", parsed, error.offset, status,
                 expected_error.offset);
        report(name, "yjm_parse", detail);
    }
    yjm_tree_free(&found);

    for (size_t k = 0; k < sizeof all_kernels / sizeof all_kernels[0]; k++) {
        if (!(yjm_copy_kernels() & all_kernels[k])) continue;
        yjm_copy_result result = yjm_parse_copy(text, length, all_kernels[k], &options, &found, &error);
        if (result == YJM_COPY_MADE) {
            int same = error.status == status &&
                       (status == YJM_OK ? same_tree(&found, &expected) : error.offset == expected_error.offset);
            if (!same) {
                snprintf(detail, sizeof detail, ": status %d at %zu, the text %d at %zu", error.status, error.offset,
                         status, expected_error.offset);
                report(name, kernel_names[k], detail);
            }
        } else if (status == YJM_OK) { // JSON is UTF-8 and has a token: its copy is made
            snprintf(detail, sizeof detail, ": no copy (%d) of a text that parses", result);
            report(name, kernel_names[k], detail);
        }
        yjm_tree_free(&found);
    }

    // The parallel parse, split into pieces of a few sizes, on one thread and on two; pieces of
    // a byte (a split at every comma) in small texts only, which keeps the run short under qemu.
    const size_t piece_sizes[] = {length < 4096 ? 1 : 4096, 64, 1024, 1 + length % 937};
    for (size_t s = 0; s < sizeof piece_sizes / sizeof piece_sizes[0]; s++) {
        for (size_t threads = 1; threads <= max_threads; threads++) {
            yjm_parallel parallel = {threads, piece_sizes[s], 0};
            yjm_status parsed = yjm_parse_parallel(text, length, &options, &parallel, &found, &error);
            if (parsed != status || (status == YJM_OK ? !same_tree(&found, &expected) : error.offset != expected_error.offset)) {
                snprintf(detail, sizeof detail, ": pieces of %zu on %zu threads: status %d at %zu, the text %d at %zu",
                         piece_sizes[s], threads, parsed, error.offset, status, expected_error.offset);
                report(name, "yjm_parse_parallel", detail);
            }
            if (parallel.joined) joined++;
            yjm_tree_free(&found);
        }
    }
    yjm_tree_free(&expected);
}

/// Texts for a machine without the shared corpus: long enough to cross the copy's 64-byte
/// blocks, and broken in the ways the copy treats apart.
static const char *const built_in[] = {
    "{\n    \"name\": \"A long enough string to leave out of the copy, d\xC3\xA9j\xC3\xA0 vu \xF0\x9F\x98\x80\",\n"
    "    \"numbers\": [ 0 , -1 , 2.5e-3 , 1E+2 , 123456789012345678901234567890 ],\n"
    "    \"escaped\": \"a \\\" quote, a \\\\ backslash, \\u00e9 and \\ud83d\\ude00\",\n"
    "    \"literals\": [ true , false , null ], \"nested\": [ [ [ { \"deep\" : [ 1 ] } ] ] ]\n}\n",
    "[\n    1 2\n]",
    "[                                                                       tr ue]",
    "{\"a\": \"text long enough to be left out of the copy of this text, with a bad escape \\x\"}",
    "{\"a\": \"text long enough to be left out of the copy of this text, not UTF-8 \xC0\xAF\"}",
    "{\"a\": \"text long enough to be left out of the copy of this text\"                 \"b\": 1}",
    "[\"a control byte \x01 in a long string that the copy keeps the control byte of\"]",
    "\xEF\xBB\xBF  [ 1 , 2 ]",
    "   ",
};

int main(int argc, char **argv) {
    size_t files = 0;
    int first_file = 1;
    if (argc > 1 && strcmp(argv[1], "--one-thread") == 0) {
        max_threads = 1;
        first_file = 2;
    }
    for (int i = first_file; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) {
            report(argv[i], "cannot open", "");
            continue;
        }
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        unsigned char *text = malloc(size > 0 ? (size_t)size : 1);
        if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
            report(argv[i], "cannot read", "");
        } else {
            check(argv[i], text, (size_t)size);
            files++;
        }
        free(text);
        fclose(file);
    }
    if (argc <= first_file) {
        for (size_t i = 0; i < sizeof built_in / sizeof built_in[0]; i++) {
            check("built-in text", (const unsigned char *)built_in[i], strlen(built_in[i]));
            files++;
        }
    }
    printf("copy_check: %zu texts, kernels:", files);
    for (size_t k = 0; k < sizeof all_kernels / sizeof all_kernels[0]; k++) {
        if (yjm_copy_kernels() & all_kernels[k]) printf(" %s", kernel_names[k]);
    }
    printf("; %zu parallel parses joined pieces; %d differences\n", joined, failures);
    return failures ? 1 : 0;
}
