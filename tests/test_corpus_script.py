"""bench/corpus.py --prove: the proof counts per target on a small corpus laid out as pto-isa's ST kernels, with
each file checked in a process of its own under --file-timeout (a file that hangs is stopped and listed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "corpus.py"


def run(root: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), str(root), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, env={**os.environ, **(env or {})})


def corpus(tmp_path: Path) -> Path:
    for name in ("proof", "hang"):
        d = tmp_path / "tests" / "npu" / "a2a3" / "src" / "st" / "testcase" / name
        d.mkdir(parents=True)
        shutil.copy(ROOT / "examples" / "proof_kernels.cpp", d / f"{name}_kernel.cpp")
    return tmp_path


def test_prove_counts_per_target_and_a_stopped_file(tmp_path: Path) -> None:
    root = corpus(tmp_path)
    out = tmp_path / "rows.json"
    proc = run(root, "--target", "a2a3", "--prove", "-j", "2", "--file-timeout", "20", "--json", str(out),
               env={"PTOLINT_TEST_HANG": "hang_kernel"})
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    # the one file checked: examples/proof_kernels.cpp's clean, broken and lost kernels (see tests/test_proof.py)
    assert "[a2a3] proof: 10/12 call sites verified (83.3%), 1 violated, 1 unknown, 0 not applicable; " \
           "kernels verified 1/3" in text, text
    assert "verified share median 75.0%, mean 83.3%, all sites verified 1, none 0" in text and "unknown:     1 site(s)  opaque-value" in text
    assert "hang/hang_kernel.cpp: timeout: checking this file took longer than 20 s" in text
    rows = {Path(r["path"]).name: r for r in json.loads(out.read_text())}
    assert rows["proof_kernel.cpp"]["proof"]["a2a3"]["kernel_shares"] == [1.0, 0.75, 0.75]
    assert rows["proof_kernel.cpp"]["cpu"] > 0 and "crash" in rows["hang_kernel.cpp"]
