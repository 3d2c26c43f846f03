"""The differential check script (bench/differential.py) offline: its kernel generator and ptolint's side of the
verdict on the bundled model. The vendor side needs a PTO ISA checkout and is only run by hand."""

from __future__ import annotations

import importlib.util
import sys

import pytest
from conftest import ROOT


@pytest.fixture(scope="module")
def diff():
    spec = importlib.util.spec_from_file_location("ptolint_bench_differential", ROOT / "bench" / "differential.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def rules_info(diff):
    return diff.static_rules()


def find(diff, key: str):
    combos = {c.key: c for c in diff.generate([key.split("|")[0]])}
    assert key in combos, f"{key} not generated"
    return combos[key]


def verdict(diff, rules_info, tmp_path, combo, target):
    path = tmp_path / f"{combo.slug}_{target}.cpp"
    path.write_text(combo.kernel())
    return diff.model_verdict(str(path), target, rules_info)


def test_generator_covers_the_seed_instructions_and_is_deterministic(diff) -> None:
    combos = diff.generate()
    names = {c.instr for c in combos}
    assert {"TEXTRACT", "TROWPROD", "TRESHAPE", "TCOLEXPANDMAX", "TDIVS", "TADD", "TMATMUL", "TMOV", "TLOAD",
            "TSTORE", "TCVT"} <= names
    assert len({c.key for c in combos}) == len(combos)
    a, b = diff.sample(combos, 200), diff.sample(combos, 200)
    assert [c.key for c in a] == [c.key for c in b] and len(a) == 200
    assert len({c.instr for c in a}) == len(names)  # spread over every instruction


def test_kernel_is_a_complete_file(diff) -> None:
    text = find(diff, "TADD|vec|half|R16xC64|-|ok").kernel()
    assert "#include <pto/pto-inst.hpp>" in text and "using namespace pto;" in text
    assert 'extern "C" __global__ AICORE void kernel(' in text
    assert "TASSIGN(dst, 0x0);" in text and "TASSIGN(src0, 0x800);" in text  # 16*64*2 bytes apart
    assert "    TADD(dst, src0, src1);\n}" in text


@pytest.mark.parametrize("key, target", [
    ("TADD|vec|half|R16xC64|-|ok", "a2a3"),
    ("TDIVS|vec|float|R16xC64|-|ok", "a5"),
    ("TROWSUM|dn-dst|float|R16xC64|-|ok", "a2a3"),
    ("TCOLEXPANDMAX|row-src1|half|R16xC64|-|ok", "a5"),
    ("TMATMUL|cube|half|M16xK32xN16|-|ok", "a2a3"),
    ("TEXTRACT|mat-left|half|R32xC32xH16|-|ok", "a5"),
    ("TLOAD|vec-nd|float|R16xC64|-|ok", "a2a3"),
])
def test_valid_combinations_parse_cleanly_on_the_model(diff, rules_info, tmp_path, key, target) -> None:
    v = verdict(diff, rules_info, tmp_path, find(diff, key), target)
    assert v["errors"] == [] and v["verdict"] == "accept", v
    assert v["calls"] >= 1


@pytest.mark.parametrize("key, target, rule", [
    ("TDIVS|vec|int8_t|R16xC64|-|ok", "a5", "PTO501"),
    ("TADD|vec|float|R16xC64|-|layout:dst=DN", "a2a3", "PTO603"),
])
def test_invalid_combination_gets_the_static_error(diff, rules_info, tmp_path, key, target, rule) -> None:
    v = verdict(diff, rules_info, tmp_path, find(diff, key), target)
    assert v["verdict"] == "reject" and rule in v["rules"], v


def test_runtime_rules_do_not_count_as_rejections(diff, rules_info) -> None:
    assert rules_info["PTO501"]["static"] and not rules_info["PTO102"]["static"]
    assert not rules_info["PTO006"]["static"]


def test_classification_of_vendor_messages(diff) -> None:
    def res(vendor, model):
        return {"vendor": {"verdict": vendor, "checks": ["/x/include/pto/npu/a5/TDivS.hpp:139: static assertion "
                                                         "failed due to requirement 'x': TDIVS: Invalid data type"]},
                "ptolint": {"verdict": model, "rules": []}}

    assert diff.classify(res("reject", "reject")) == "agree"
    assert diff.classify(res("reject", "accept")) == "vendor-only"
    assert diff.classify(res("accept", "reject")) == "ptolint-only"
    assert diff.classify(res("parse-failure", "reject")) == "vendor-parse-failure"
    assert diff.classify(res("accept", "parse-failure")) == "model-parse-failure"
    sig = diff.cause_signature(res("reject", "accept"), "/x/include", {})
    assert sig == "vendor rejects at pto/npu/a5/TDivS.hpp:139: TDIVS: Invalid data type"
    assert diff.VENDOR_CHECK.search("no matching function for call to 'TADD'")
    assert not diff.VENDOR_CHECK.search("unknown type name 'float8_e4m3_t'")
