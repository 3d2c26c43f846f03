"""Where ptolint keeps files between runs (the result cache, the model PCHs) and how it writes them safely, and
the content hash by which a stored answer recognises that a file it depends on changed.

Imported by the result cache (ptolint/cache.py) and the frontend's PCH store (ptolint/frontend/pch.py) alike;
it imports nothing of ptolint, so neither reaches up the chain through the other.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def default_dir() -> Path:
    env = os.environ.get("PTOLINT_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "ptolint"


def write_atomic(target: Path, data: bytes) -> None:
    """Write a file so that a concurrent reader sees the old content or the new one, never a part of it
    (a temporary file in the same directory, renamed over the target). The temporary name is made here, not by
    `tempfile`, whose import (shutil, random, bz2, lzma: 7 ms) was a tenth of a cached run's own work."""
    while True:
        tmp = str(target.parent / f".tmp-{os.getpid()}-{os.urandom(6).hex()}{target.suffix}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # as tempfile.mkstemp: private, new
            break
        except FileExistsError:  # pragma: no cover - 48 random bits taken by another writer
            continue
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_HASHES: dict[str, tuple[tuple[int, int], str | None]] = {}


def content_hash(path: str) -> str | None:
    """sha256 of a file's bytes (None when it does not exist), memoised per process by (size, mtime)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    stamp = (st.st_size, st.st_mtime_ns)
    hit = _HASHES.get(path)
    if hit and hit[0] == stamp:
        return hit[1]
    try:
        with open(path, "rb") as fh:
            h = hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        h = None
    _HASHES[path] = (stamp, h)
    return h
