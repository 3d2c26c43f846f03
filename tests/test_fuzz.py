"""Mutated kernels never crash ptolint: no traceback, exit status 0/1/2, bounded time.

A short, derandomized budget runs here; a longer random run by hand:
    PTOLINT_FUZZ_EXAMPLES=2000 PTOLINT_FUZZ_RANDOM=1 pytest tests/test_fuzz.py
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ptolint.cli import app

SEEDS = sorted(FIXTURES.rglob("*.cpp"))
EXAMPLES = int(os.environ.get("PTOLINT_FUZZ_EXAMPLES", "30"))
TOKEN = re.compile(rb"\w+|[^\w\s]|\s+")
TYPES = [b"float", b"half", b"int8_t", b"uint16_t", b"int32_t", b"bfloat16_t", b"double", b"Tile", b"DYNAMIC"]


@st.composite
def mutant(draw) -> bytes:
    src = draw(st.sampled_from(SEEDS)).read_bytes()
    toks = TOKEN.findall(src)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "truncate", "bytes", "number", "type"]))
        if not toks:
            break
        i = draw(st.integers(0, len(toks) - 1))
        if op == "delete":
            del toks[i]
        elif op == "duplicate":
            toks.insert(i, toks[i])
        elif op == "truncate":
            toks = toks[:i]
        elif op == "bytes":
            toks.insert(i, draw(st.binary(min_size=1, max_size=8)))
        elif op == "number":
            nums = [k for k, t in enumerate(toks) if t.isdigit()]
            if nums:
                k = draw(st.sampled_from(nums))
                toks[k] = str(draw(st.integers(-70000, 70000))).encode()
        else:
            names = [k for k, t in enumerate(toks) if t in TYPES]
            if names:
                toks[draw(st.sampled_from(names))] = draw(st.sampled_from(TYPES))
    return b"".join(toks)


@pytest.mark.skipif(not SEEDS, reason="no fixtures")
@settings(max_examples=EXAMPLES, deadline=None, derandomize="PTOLINT_FUZZ_RANDOM" not in os.environ,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(src=mutant())
def test_mutated_kernels_never_crash(tmp_path_factory, src: bytes) -> None:
    d = tmp_path_factory.mktemp("fuzz")
    f: Path = d / "k.cpp"
    f.write_bytes(src)
    result = CliRunner().invoke(app, ["check", str(f), "--format", "json", "--timeout-ms", "2000"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
