"""ptolint.memory: a large first target's translation unit is collected before the next target is parsed, and
collecting it changes nothing in the report."""

from __future__ import annotations

import gc
import weakref

import pytest
from conftest import FIXTURES

from ptolint import memory
from ptolint.cache import result_to_dict
from ptolint.engine import check_file
from ptolint.frontend import cursors
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.program import analyse
from ptolint.result import Options
from ptolint.ruleset import load_rules

KERNEL = FIXTURES / "bugs_detected" / "TEXTRACT" / "PTO102_row_out_of_bounds.cpp"


def test_resident_size_is_measured() -> None:
    before = memory.resident_mb()
    block = bytearray(64 * 2**20)  # touched: resident
    block[:: 4096] = b"\x01" * len(block[:: 4096])
    assert memory.resident_mb() >= before + 60
    del block


def test_a_walked_translation_unit_lives_in_cycles_until_released() -> None:
    gc.disable()  # the automatic collector must not free it first
    try:
        tu, _ = parse(str(KERNEL), "a2a3", ParseOptions())
        program = analyse(tu, "a2a3", str(KERNEL), {"TEXTRACT"}, keep_cursors=True)
        assert program.sites
        alive = weakref.ref(tu)
        del tu, program
        cursors.reset()  # as the engine's replayer does when done with the translation unit
        assert alive() is not None  # its cursors refer to it and to each other: no reference count reaches 0
        assert not memory.release_if_large(high_mb=1e9)  # a small process is left alone
        assert alive() is not None
        assert memory.release_if_large(high_mb=0)
        assert alive() is None
    finally:
        gc.enable()


@pytest.mark.parametrize("high_mb", [0, 1e9])
def test_collecting_between_targets_changes_nothing(high_mb: float, monkeypatch: pytest.MonkeyPatch) -> None:
    opts = Options(targets=["a2a3", "a5"], rules=list(load_rules().values()))
    baseline = result_to_dict(check_file(str(KERNEL), opts))
    assert baseline["findings"]
    calls: list[bool] = []
    release = memory.release_if_large
    monkeypatch.setattr(memory, "HIGH_MB", high_mb)
    monkeypatch.setattr("ptolint.engine.release_if_large", lambda **kw: calls.append(release()) or calls[-1])
    assert result_to_dict(check_file(str(KERNEL), opts)) == baseline
    assert calls == [high_mb == 0]  # asked once, between the two targets; collected only when over the size


def test_a_first_target_that_grew_much_is_collected_before_the_second(monkeypatch: pytest.MonkeyPatch) -> None:
    # A5 tcvt: 81 MB before its first target, 216 after: the second adds about as much again, past the budget,
    # though 216 is under HIGH_MB; A5 tinsert (81 -> 196) ends at 276 and is left alone
    collected: list[int] = []
    monkeypatch.setattr(memory.gc, "collect", lambda: collected.append(1) or 0)
    monkeypatch.setattr(memory, "resident_mb", lambda: 216.0)
    assert memory.release_if_large(start_mb=81.0) and collected
    collected.clear()
    monkeypatch.setattr(memory, "resident_mb", lambda: 196.0)
    assert not memory.release_if_large(start_mb=81.0) and not collected
    assert not memory.release_if_large()  # without the start: HIGH_MB alone
    monkeypatch.setattr(memory, "resident_mb", lambda: 230.0)
    assert memory.release_if_large() and memory.release_if_large(start_mb=229.0)


def test_the_first_targets_unit_is_disposed_before_the_second_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """libclang's memory of a finished target is freed at once (the next parse reuses it), not when a collection
    finds the unit's cycles; the report is the one a run that keeps it gives."""
    import ptolint.engine as engine

    opts = Options(targets=["a2a3", "a5"], rules=list(load_rules().values()))
    units: list[tuple[str, object]] = []
    real_parse = engine.parse

    def parse_and_look(path, target, *args, **kwargs):
        if units:  # the previous target's unit, when this one is parsed
            units.append(("before " + target, units[-1][1].obj))
        tu, diags = real_parse(path, target, *args, **kwargs)
        units.append((target, tu))
        return tu, diags

    monkeypatch.setattr(engine, "parse", parse_and_look)
    disposed = result_to_dict(check_file(str(KERNEL), opts))
    assert [name for name, _ in units] == ["a2a3", "before a5", "a5"]
    assert units[1][1] is None  # a2a3's unit was disposed before a5's parse
    assert units[0][1].obj is None and units[2][1].obj  # the last one is left to the process
    memory.dispose(units[0][1])  # disposing again does nothing
    units.clear()
    monkeypatch.setattr(engine, "dispose", lambda tu: None)
    kept = result_to_dict(check_file(str(KERNEL), opts))
    assert units[1][1] is not None and disposed == kept and disposed["findings"]
