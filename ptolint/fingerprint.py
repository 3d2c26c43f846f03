"""A fingerprint of ptolint itself, z3 and libclang: what the result cache and the rule index are keyed by.

Separate from the result cache (ptolint/cache.py) so the rule index (ptolint/ruleset.py) can use it without
reaching through the cache; it imports nothing heavy (no z3, libclang or rule module).
"""

from __future__ import annotations

import functools
import hashlib
import os

#: bump when the result cache's entry format or the meaning of a key changes
CACHE_VERSION = 2  # 2: proof-mode entries (FileResult.proof) and the --prove option in the key


@functools.cache
def tool_fingerprint() -> str:
    """ptolint's version and code (size and mtime of its Python files, so an edited checkout invalidates the
    cache), and the installed versions and Python files of z3 and libclang."""
    import importlib.util

    import ptolint
    from ptolint import __version__

    h = hashlib.sha256(f"{CACHE_VERSION}|{__version__}".encode())
    # z3's and libclang's versions from the names of their installed distributions (importlib.metadata or
    # importing z3 would cost a cache hit as much as the rest of it together)
    packages = [os.path.dirname(spec.origin) for spec in map(importlib.util.find_spec, ("z3", "clang"))
                if spec is not None and spec.origin]
    for site in sorted({os.path.dirname(p) for p in packages}):
        h.update("|".join(sorted(n for n in os.listdir(site) if n.endswith((".dist-info", ".egg-info"))
                                 and n.lower().startswith(("z3", "libclang")))).encode())
    clang_dir = [p for p in packages if os.path.basename(p) == "clang"]  # its bindings may be patched in place
    roots = sorted({os.path.dirname(ptolint.__file__), rules_dir(), *clang_dir})
    for root in roots:
        for d, dirs, files in os.walk(root):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for f in sorted(files):
                if f.endswith((".py", ".txt")):
                    p = os.path.join(d, f)
                    st = os.stat(p)
                    h.update(f"{p}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def rules_dir() -> str:
    """Where the rule modules are (`ptolint.rules` installed, or a source checkout's top-level rules/), found
    without importing them (`ptolint.ruleset.rules_package` imports the package)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("ptolint.rules")
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.origin:
        return os.path.dirname(spec.origin)
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rules")
