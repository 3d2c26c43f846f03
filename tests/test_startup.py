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
