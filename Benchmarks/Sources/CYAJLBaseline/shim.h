// yajl for the benchmark baselines: the callback parser (the "floor") and
// yajl_tree (the library's own DOM), both measured against YAJLModel.
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>

#if defined(__linux__)
// malloc_trim and malloc_usable_size, which Glibc's module does not export: the memory measurements hand
// freed pages back to the system before each run, so that each run's growth is its own, and
// the model rows state what a model's storage takes.
#include <malloc.h>
#endif
