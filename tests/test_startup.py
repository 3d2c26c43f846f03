"""`ptolint --version`, `--help` and importing the CLI stay cheap: no z3, libclang or numpy."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("z3", "clang", "numpy")


@pytest.mark.parametrize("argv", [[], ["--version"], ["--help"], ["check", "--help"]])
def test_fast_paths_import_nothing_heavy(argv: list[str]) -> None:
    code = (f"import sys\nsys.argv = ['ptolint', *{argv!r}]\nfrom ptolint.cli import app\n"
            "try:\n    app()\nexcept SystemExit:\n    pass\n"
            f"print('HEAVY:', sorted(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    assert "HEAVY: []" in out, out


def test_import_time_has_no_heavy_modules() -> None:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import ptolint.cli"],
                          capture_output=True, text=True, timeout=60)
    names = {line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()}
    assert not {n for n in names if n.split(".")[0] in HEAVY}


def _modules_after(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300).stdout


CHECK_ONE = """
import sys
from ptolint import parallel
from ptolint.engine import Options, check_file
from ptolint.ruleset import load_rules
parallel.warm_up([])  # as the CLI's parent does for a single file
res = check_file({path!r}, Options(targets=['a2a3'], rules=list(load_rules().values())))
print('FINDINGS:', len(res.findings), 'NUMPY:', 'numpy' in sys.modules)
"""


def test_single_clean_file_never_loads_the_executor() -> None:
    """One file to check (the parent's warm-up for a single job) and nothing to confirm: numpy and the entry
    executor, 90 ms of a small kernel's CPU, are not loaded; a file with a finding loads them to confirm it."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "fixtures"
    clean = _modules_after(CHECK_ONE.format(path=str(root / "correct_code" / "TDIVS" / "normalise_rows.cpp")))
    assert "FINDINGS: 0 NUMPY: False" in clean, clean
    bad = sorted((root / "bugs_detected" / "TDIVS").glob("*.cpp"))[0]
    found = _modules_after(CHECK_ONE.format(path=str(bad)))
    assert "NUMPY: True" in found and "FINDINGS: 0 " not in found, found
