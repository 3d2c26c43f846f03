"""A rule's error at a place settles it (engine.settles): the report keeps one finding per rule, target and place,
an error before a warning, so once an instance's error is one of the call (every input reaching the call
reaches it), the call's other instances are not checked for that rule. A5 kernels checked on A2/A3 repeat
one error over dozens of instantiations (tcvt: 206 of its 3,153 rule checks, 1.5 of their 2.4 s). The
findings must be those of checking every instance; a warning settles nothing."""

from __future__ import annotations

from pathlib import Path

import ptolint.engine as engine
from ptolint.engine import Options, check_file
from ptolint.ruleset import load_rules

KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;

template <typename T, int M, int K, int X>
AICORE void load_left(uint8_t off) {
  using L1Tile = Tile<TileType::Mat, T, M, K, BLayout::ColMajor, M, K, SLayout::RowMajor>;
  L1Tile a;
  TileLeft<T, 32, K> left;
  for (int i = 0; i < M; i += 32) {
    TEXTRACT(left, a, i + off + X, 0);
  }
}

extern "C" __global__ AICORE void kern(uint8_t off) {
  load_left<half, 128, 64, 0>(off);   // rows past `a` for large `off` only: warnings, which settle nothing
  load_left<half, 64, 64, 64>(off);   // past the 64 rows of `a` for every input: an error
  load_left<half, 96, 64, 96>(off);   // again, in a later instantiation: not checked once the error is known
}
"""


def run(f: Path, monkeypatch, settle: bool) -> tuple[list[tuple], list[tuple]]:
    calls: list[tuple] = []
    real = engine.check_site

    def counting(rule, site, *a, **k):
        calls.append((rule.code, site.line, tuple(site.chain)))
        return real(rule, site, *a, **k)

    monkeypatch.setattr(engine, "check_site", counting)
    if not settle:
        monkeypatch.setattr(engine, "settles", lambda *a: False)
    res = check_file(str(f), Options(targets=["a2a3"], rules=list(load_rules().values())))
    monkeypatch.undo()
    got = sorted((x.rule_id, x.site.line, x.level, x.message, tuple(sorted(x.witness.inputs.items())),
                  tuple(x.site.chain)) for x in res.findings)
    return got, calls


def test_an_error_settles_its_place_and_the_findings_are_those_of_every_instance(tmp_path: Path,
                                                                               monkeypatch) -> None:
    f = tmp_path / "k.cpp"
    f.write_text(KERNEL)
    got, calls = run(f, monkeypatch, settle=True)
    all_got, all_calls = run(f, monkeypatch, settle=False)
    assert got == all_got
    oob = [g for g in got if g[0] == "PTO102"]
    assert len(oob) == 1 and oob[0][1] == 10 and oob[0][2] == "error", got
    assert "load_left<half, 64, 64, 64>" in str(oob[0][5])  # the first instantiation failing for every input
    checked = [c for c in calls if c[0] == "PTO102"]
    every = [c for c in all_calls if c[0] == "PTO102"]
    # the warnings of the first instantiation are all checked; after the first error nothing else is
    assert any("128, 64, 0" in str(c[2]) for c in checked)
    assert not any("96, 64, 96" in str(c[2]) for c in checked)
    assert any("96, 64, 96" in str(c[2]) for c in every) and len(checked) < len(every)


def test_proof_mode_still_checks_every_instance(tmp_path: Path, monkeypatch) -> None:
    f = tmp_path / "k.cpp"
    f.write_text(KERNEL)
    calls: list[str] = []
    real = engine.check_site

    def counting(rule, site, *a, **k):
        calls.append(f"{rule.code} {site.chain}")
        return real(rule, site, *a, **k)

    monkeypatch.setattr(engine, "check_site", counting)
    res = check_file(str(f), Options(targets=["a2a3"], rules=list(load_rules().values()), prove=True))
    assert any(e.rule == "PTO102" and e.line == 10 and e.status == "violated" for e in res.proof)
    assert any(c.startswith("PTO102") and "96, 64, 96" in c for c in calls)  # checked after the error
