"""The pre-commit hook (.pre-commit-hooks.yaml) run by the real `pre-commit` tool.

`pre-commit try-repo` installs the hook repository into a fresh virtualenv (pip, so it needs the package index
or a wheel cache) and runs the hook on a throw-away git repository holding one violating and one clean kernel.
try-repo only sees a repository's commits plus its *tracked* changes, so the hook repository is a one-commit
snapshot of this checkout's working tree (tracked and untracked, not ignored, files): the test checks the code
as it is on disk, committed or not.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from test_cli import BAD_KERNEL, GOOD_KERNEL

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pre_commit") is None,
                                reason="pre-commit is not installed (it is in the `test` extra)")

#: what `pip install .` of the hook repository needs
PACKAGE_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml")
PACKAGE_DIRS = ("ptolint/", "rules/")

GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          env={**os.environ, **GIT_ENV}).stdout


def init_repo(path: Path) -> None:
    git("init", "-q", cwd=path)
    git("add", "-A", cwd=path)
    git("commit", "-q", "--no-gpg-sign", "-m", "snapshot", cwd=path)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's working tree (the files the package is built from) as a fresh one-commit git repo."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    dest = tmp_path_factory.mktemp("hook-repo")
    listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT).split("\0")
    for rel in listed:
        if not rel or not (rel in PACKAGE_FILES or rel.startswith(PACKAGE_DIRS)) or "__pycache__" in rel:
            continue
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    init_repo(dest)
    return dest


def try_repo(hook_repo: Path, project: Path, *files: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "ptolint", "--color", "never",
           "--verbose"]
    cmd += ["--files", *files] if files else ["--all-files"]
    return subprocess.run(cmd, cwd=project, capture_output=True, text=True, timeout=1500,
                          env={**os.environ, **GIT_ENV, "NO_COLOR": "1", "COLUMNS": "200"})


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    p = tmp_path_factory.mktemp("project")
    (p / "kernels").mkdir()
    (p / "kernels" / "bad.cce").write_text(BAD_KERNEL)
    (p / "kernels" / "good.cpp").write_text(GOOD_KERNEL)
    (p / "notes.md").write_text("not a kernel\n")
    init_repo(p)
    return p


def test_manifest() -> None:
    import re

    import yaml  # a dependency of pre-commit

    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["id"] == "ptolint" and hook["language"] == "python" and hook["entry"] == "ptolint check"
    assert hook["require_serial"] is False
    rx = re.compile(hook["files"])
    for name in ("k.cpp", "k.cc", "k.cxx", "k.c", "k.cce", "k.CCE", "k.h", "k.hpp"):
        assert rx.search(name), name
    for name in ("k.py", "k.md", "cce.txt"):
        assert not rx.search(name), name


def test_violating_kernel_fails_the_hook_and_clean_kernel_passes(hook_repo: Path, project: Path) -> None:
    bad = try_repo(hook_repo, project, "kernels/bad.cce")
    out = bad.stdout + bad.stderr
    if bad.returncode != 1 and ("Could not find a version" in out or "No matching distribution" in out):
        pytest.fail(f"pre-commit could not install the hook's dependencies (no package index?):\n{out[-3000:]}")
    assert bad.returncode == 1, out[-5000:]
    assert "ptolint" in out and "Failed" in out
    assert "kernels/bad.cce:7:5: warning: [PTO102]" in out
    good = try_repo(hook_repo, project, "kernels/good.cpp")
    assert good.returncode == 0, (good.stdout + good.stderr)[-5000:]
    assert "Passed" in good.stdout and "0 error(s), 0 warning(s)" in good.stdout
