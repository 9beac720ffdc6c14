import CYAJLTree
