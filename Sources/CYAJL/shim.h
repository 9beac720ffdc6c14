// The parts of yajl that YAJLModel uses: the callback parser only.
// yajl_tree is deliberately absent from the library (it leaks on error, frees
// recursively and truncates strings at NUL); the benchmark includes it itself.
#include <yajl/yajl_parse.h>
