"""ptolint: a constraint-checking linter for C++ kernels written against the PTO ISA."""

__version__ = "0.1.0"
