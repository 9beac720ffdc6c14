// The functions that yajl_tree_builder_testing.h declares are CYAJLTree's (compact.c and
// tree_builder.c); this target only makes the header importable by tests.
#include "yajl_tree_builder_testing.h"
