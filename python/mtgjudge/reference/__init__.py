"""A deliberately plain pure-Python model of the kernels' rules, written
from the Comprehensive Rules. It is the second, independent implementation
the Rust core is tested against; it is not fast and doesn't try to be."""
