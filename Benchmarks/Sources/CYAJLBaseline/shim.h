// yajl for the benchmark baselines: the callback parser (the "floor") and
// yajl_tree (the library's own DOM), both measured against YAJLModel.
#include <yajl/yajl_parse.h>
#include <yajl/yajl_tree.h>
