// yajl for the benchmark baselines: the callback parser (the "floor") and
// yajl_tree (the library's own DOM), both measured against YAJLModel.
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

#if defined(__linux__)
// malloc_trim, which Glibc's module does not export: the memory measurements hand
// freed pages back to the system before each run, so that each run's growth is its own.
#include <malloc.h>
#endif
