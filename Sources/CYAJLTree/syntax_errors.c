// What a syntax error is and where, for a text that yajl rejects.
//
// yajl reports a rejection as a status and the bytes it consumed; its messages are for
// people and may be worded differently by another build, so they are not read. The kind
// of error is worked out from what the builder knows: the containers open when yajl
// stopped and the count of what each holds (which say what yajl expected next, as its own
// state does), the separator that yajl may have read after the last token, and the token
// that starts there, lexed here as yajl lexes it: either malformed (a lexical error) or
// well formed but not allowed there (a grammar error).
#include "builder.h"

/// What the parser expects next, as yajl's states name it.
typedef enum parse_state {
    STATE_START,            // the top-level value
    STATE_ARRAY_START,      // after '[': a value or ']'
    STATE_ARRAY_NEED_VALUE, // after ',' in an array
    STATE_ARRAY_GOT_VALUE,  // after an element: ',' or ']'
    STATE_MAP_START,        // after '{': a key or '}'
    STATE_MAP_NEED_KEY,     // after ',' in an object
    STATE_MAP_SEPARATOR,    // after a key: ':'
    STATE_MAP_NEED_VALUE,   // after ':'
    STATE_MAP_GOT_VALUE,    // after a member's value: ',' or '}'
    STATE_COMPLETE,         // after the top-level value
} parse_state;

/// The state after the last token the builder was given.
static parse_state state_after_last_token(const builder *b) {
    uint32_t count = b->open->count;
    if (b->depth == 0) return count == 0 || b->multiple_values ? STATE_START : STATE_COMPLETE;
    if ((b->nodes[b->open->node].head & YJM_KIND_MASK) == YJM_ARRAY) {
        return count == 0 ? STATE_ARRAY_START : STATE_ARRAY_GOT_VALUE;
    }
    return count == 0 ? STATE_MAP_START : count % 2 == 1 ? STATE_MAP_SEPARATOR : STATE_MAP_GOT_VALUE;
}

/// The first byte at or after `i` that yajl's lexer does not skip: white space (form
/// feed and vertical tab included) and, when allowed, comments. A '/' that opens no
/// comment is where it stops.
static size_t skip_lexer_space(const builder *b, size_t i) {
    const unsigned char *input = b->input;
    size_t end = b->input_length;
    while (i < end) {
        unsigned char c = input[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            i++;
        } else if (c == '/' && b->allow_comments && i + 1 < end && input[i + 1] == '/') {
            while (i < end && input[i] != '\n') i++;
        } else if (c == '/' && b->allow_comments && i + 1 < end && input[i + 1] == '*') {
            for (i += 2; i < end && !(input[i] == '*' && i + 1 < end && input[i + 1] == '/'); i++) {}
            i += 2;
        } else {
            break;
        }
    }
    return i;
}

/// The first byte at or after `i` that is neither JSON white space nor in a comment.
static size_t skip_space(const builder *b, size_t i) {
    yjm_after_value scan = {YJM_BETWEEN_TOKENS, 0};
    size_t end = yjm_scan_after_value(b, &scan, i, b->input_length);
    return scan.state == YJM_AFTER_SLASH ? scan.slash : end; // a '/' that opens no comment is the token
}

/// Whether `c` may follow a backslash in a string (`u` aside).
static int is_escape(unsigned char c) {
    return c == '"' || c == '\\' || c == '/' || c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't';
}

static int is_hex(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/// What is wrong inside the string token that opens at `quote`, lexed as JSON (and yajl)
/// lexes it up to `end`; YJM_SYNTAX_NONE when it reaches its closing quote.
static yjm_syntax string_error(const unsigned char *input, size_t quote, size_t end) {
    for (size_t i = quote + 1; i < end; i++) {
        unsigned char c = input[i];
        if (c == '"') return YJM_SYNTAX_NONE;
        if (c < 0x20) return YJM_SYNTAX_CONTROL_CHARACTER;
        if (c != '\\' || i + 1 >= end) continue;
        if (input[++i] != 'u') {
            if (!is_escape(input[i])) return YJM_SYNTAX_INVALID_ESCAPE;
            continue;
        }
        for (size_t digit = 0; digit < 4 && i + 1 < end; digit++) {
            if (!is_hex(input[++i])) return YJM_SYNTAX_INVALID_UNICODE_ESCAPE;
        }
    }
    return YJM_SYNTAX_NONE; // cut off: yajl holds the rest, and rejected something else
}

/// What is wrong with the number token at `input[start ..< end]`, lexed as JSON (and
/// yajl) lexes it: a digit must follow a minus sign, a decimal point and an exponent.
static yjm_syntax number_error(const unsigned char *input, size_t start, size_t end) {
    size_t i = start + (input[start] == '-');
    if (i < end && !is_digit(input[i])) return YJM_SYNTAX_INVALID_NUMBER;
    if (i < end && input[i] == '0') {
        i++;
    } else {
        while (i < end && is_digit(input[i])) i++;
    }
    if (i < end && input[i] == '.') {
        if (++i < end && !is_digit(input[i])) return YJM_SYNTAX_INVALID_NUMBER;
        while (i < end && is_digit(input[i])) i++;
    }
    if (i < end && (input[i] == 'e' || input[i] == 'E')) {
        if (++i < end && (input[i] == '+' || input[i] == '-')) i++;
        if (i < end && !is_digit(input[i])) return YJM_SYNTAX_INVALID_NUMBER;
    }
    return YJM_SYNTAX_NONE;
}

/// What is wrong with the literal at `input[start ..< end]`, which should be `word`.
static yjm_syntax literal_error(const unsigned char *input, size_t start, size_t end, const char *word) {
    for (size_t i = 0; word[i] && start + i < end; i++) {
        if (input[start + i] != (unsigned char)word[i]) return YJM_SYNTAX_INVALID_LITERAL;
    }
    return YJM_SYNTAX_NONE;
}

/// What is wrong with the token that starts at `token`, lexed as yajl's lexer lexes it;
/// YJM_SYNTAX_NONE when the token is well formed (and so not allowed where it is).
static yjm_syntax lexical_error(const builder *b, size_t token) {
    const unsigned char *input = b->input;
    size_t end = b->input_length;
    switch (input[token]) {
    case '{': case '}': case '[': case ']': case ',': case ':':
        return YJM_SYNTAX_NONE;
    case '"':
        return string_error(input, token, end);
    case 't':
        return literal_error(input, token, end, "true");
    case 'f':
        return literal_error(input, token, end, "false");
    case 'n':
        return literal_error(input, token, end, "null");
    case '-': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return number_error(input, token, end);
    case '/':
        return b->allow_comments ? YJM_SYNTAX_INVALID_CHARACTER : YJM_SYNTAX_COMMENT;
    default:
        return YJM_SYNTAX_INVALID_CHARACTER;
    }
}

/// The grammar error of a well-formed token that `state` does not allow.
static yjm_syntax grammar_error(parse_state state) {
    switch (state) {
    case STATE_ARRAY_START: return YJM_SYNTAX_EXPECTED_VALUE_OR_ARRAY_END;
    case STATE_ARRAY_GOT_VALUE: return YJM_SYNTAX_EXPECTED_COMMA_OR_ARRAY_END;
    case STATE_MAP_START: return YJM_SYNTAX_EXPECTED_KEY_OR_OBJECT_END;
    case STATE_MAP_NEED_KEY: return YJM_SYNTAX_EXPECTED_KEY;
    case STATE_MAP_SEPARATOR: return YJM_SYNTAX_EXPECTED_COLON;
    case STATE_MAP_GOT_VALUE: return YJM_SYNTAX_EXPECTED_COMMA_OR_OBJECT_END;
    case STATE_COMPLETE: return YJM_SYNTAX_AFTER_VALUE;
    case STATE_START: case STATE_ARRAY_NEED_VALUE: case STATE_MAP_NEED_VALUE: break;
    }
    return YJM_SYNTAX_EXPECTED_VALUE;
}

/// `at_end` is set when the failure came from `yajl_complete_parse`: the text ran out
/// inside a value (`[1`, `"abc`, `[tru`).
void yjm_builder_record_yajl_error(builder *b, yajl_status status, size_t chunk_length, int at_end) {
    if (status == yajl_status_client_canceled) return; // `fail` has recorded ours
    yjm_error *e = b->error;
    e->syntax = YJM_SYNTAX_NONE;
    if (at_end) {
        e->status = YJM_ERR_END_OF_INPUT;
        e->offset = b->input_length;
        return;
    }
    size_t consumed = yajl_get_bytes_consumed(b->yajl);
    if (consumed > chunk_length) consumed = chunk_length;
    size_t at = b->chunk_start + consumed;

    // yajl reads a separator after the last token without telling: step over the one
    // the state expects, to the token that yajl rejected.
    parse_state state = state_after_last_token(b);
    size_t token = skip_lexer_space(b, b->last_end);
    unsigned char separator = token < b->input_length ? b->input[token] : 0;
    if ((state == STATE_ARRAY_GOT_VALUE || state == STATE_MAP_GOT_VALUE) && separator == ',') {
        state = state == STATE_ARRAY_GOT_VALUE ? STATE_ARRAY_NEED_VALUE : STATE_MAP_NEED_KEY;
        token = skip_lexer_space(b, token + 1);
    } else if (state == STATE_MAP_SEPARATOR && separator == ':') {
        state = STATE_MAP_NEED_VALUE;
        token = skip_lexer_space(b, token + 1);
    }
    yjm_syntax syntax = token < b->input_length ? lexical_error(b, token) : YJM_SYNTAX_NONE;

    // yajl stops one byte past the byte it rejects, except inside a token, where it
    // stops on it. (In a stream, a token that began in an earlier chunk can end at this
    // chunk's start: then the byte is in the chunk before. After a stream has dropped
    // the start of its text, `chunk_start_of_text` is SIZE_MAX, and `at - 1` wraps to
    // the buffer's last dropped byte, which the stream's offset base brings back.)
    int stops_on_byte = syntax != YJM_SYNTAX_NONE && syntax != YJM_SYNTAX_INVALID_CHARACTER;
    e->offset = stops_on_byte || at == b->chunk_start_of_text ? at : at - 1;
    e->status = YJM_ERR_SYNTAX;
    if (syntax == YJM_SYNTAX_NONE) {
        syntax = grammar_error(state);
        if (state == STATE_COMPLETE) e->status = YJM_ERR_TRAILING;
        if (state == STATE_MAP_GOT_VALUE) {
            // Here yajl steps back by the rejected token's length (without its quotes),
            // but no further than the chunk's start. Taken from the token itself, the
            // offset is the same however the text was split. A form feed or vertical tab
            // after the value is where that token starts, so the error comes before it
            // (`yjm_builder_error_may_precede`).
            size_t rejected = skip_space(b, b->last_end);
            int quoted = rejected < b->input_length && b->input[rejected] == '"';
            e->offset = quoted ? rejected + 1 : rejected - 1;
        }
    }
    e->syntax = syntax;
}

int yjm_builder_error_may_precede(const builder *b, size_t offset) {
    if (state_after_last_token(b) != STATE_MAP_GOT_VALUE || offset < b->last_end) return 0;
    return skip_space(b, b->last_end) >= offset; // JSON white space only up to it
}

const char *yjm_syntax_description(yjm_syntax syntax) {
    switch (syntax) {
    case YJM_SYNTAX_NONE: return "";
    case YJM_SYNTAX_INVALID_CHARACTER: return "invalid character";
    case YJM_SYNTAX_COMMENT: return "comments are not allowed";
    case YJM_SYNTAX_INVALID_NUMBER: return "invalid number";
    case YJM_SYNTAX_INVALID_LITERAL: return "invalid literal (expected true, false or null)";
    case YJM_SYNTAX_INVALID_ESCAPE: return "invalid escape in a string";
    case YJM_SYNTAX_INVALID_UNICODE_ESCAPE: return "\\u in a string is not followed by four hex digits";
    case YJM_SYNTAX_CONTROL_CHARACTER: return "control character in a string";
    case YJM_SYNTAX_EXPECTED_VALUE: return "expected a value";
    case YJM_SYNTAX_EXPECTED_VALUE_OR_ARRAY_END: return "expected a value or ']'";
    case YJM_SYNTAX_EXPECTED_COMMA_OR_ARRAY_END: return "expected ',' or ']' after an array element";
    case YJM_SYNTAX_EXPECTED_KEY_OR_OBJECT_END: return "expected a string key or '}'";
    case YJM_SYNTAX_EXPECTED_KEY: return "expected a string key";
    case YJM_SYNTAX_EXPECTED_COLON: return "expected ':' after an object key";
    case YJM_SYNTAX_EXPECTED_COMMA_OR_OBJECT_END: return "expected ',' or '}' after an object member";
    case YJM_SYNTAX_AFTER_VALUE: return "unexpected data after the value";
    case YJM_SYNTAX_EXTRA_WHITE_SPACE: return "form feed and vertical tab are not JSON white space";
    }
    return "syntax error";
}
