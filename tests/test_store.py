"""The store's atomic write: what a concurrent reader of the result cache, run memo or PCH store may see."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from ptolint.store import write_atomic


def test_write_atomic_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "entry.json"
    write_atomic(target, b"first")
    write_atomic(target, b"second, longer")
    assert target.read_bytes() == b"second, longer"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.json"]  # no .tmp-* left behind
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600  # private, as tempfile.mkstemp made it


def test_a_failed_write_keeps_the_old_content(tmp_path: Path) -> None:
    target = tmp_path / "entry.json"
    write_atomic(target, b"old")
    try:
        write_atomic(target, "not bytes")  # type: ignore[arg-type] - the write itself fails
    except TypeError:
        pass
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.json"]


def test_the_store_does_not_import_tempfile() -> None:
    """A cached run imports the store; tempfile (shutil, random, bz2, lzma) cost it 7 ms of a 120 ms run."""
    code = "import sys, ptolint.store, ptolint.runmemo; print('tempfile' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stdout + out.stderr
