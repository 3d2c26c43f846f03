"""The differential check script (bench/differential.py) offline: its kernel generator and ptolint's side of the
verdict on the bundled model. The vendor side needs a PTO ISA checkout and is only run by hand."""

from __future__ import annotations

import importlib.util
import json
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


def test_unavailable_builtin_is_a_vendor_rejection(diff) -> None:
    """A builtin the target's header.hpp does not implement: pto_instr.hpp's wrapper names an undeclared *_IMPL."""
    assert diff.UNAVAILABLE.search("use of undeclared identifier 'TROWPROD_IMPL'")
    assert not diff.UNAVAILABLE.search("use of undeclared identifier 'dstReg'")


def test_calls_ptolint_does_not_check_are_left_out_of_the_comparison(diff, rules_info, tmp_path) -> None:
    """A6's TExtract.hpp accepts uint8_t, which A5's list lacks: ptolint/own_impls.py leaves such calls out, no
    rule has facts for them there, so ptolint claims neither acceptance nor rejection and the combination is counted
    apart. (A6's TADD, a5/TAdd.hpp under a byte-identical datatype.hpp, is checked with A5's facts.)"""
    v = verdict(diff, rules_info, tmp_path, find(diff, "TEXTRACT|mat-left|int8_t|R32xC32xH16|-|dtype:dst=uint8_t"),
                "a6")
    assert v["verdict"] == "not-checked" and any(u.startswith("TEXTRACT:") for u in v["unchecked"]), v
    v = verdict(diff, rules_info, tmp_path, find(diff, "TADD|vec|half|R16xC64|-|ok"), "a6")
    assert v["verdict"] == "accept" and not v["unchecked"], v
    assert diff.classify({"vendor": {"verdict": "reject"}, "ptolint": {"verdict": "not-checked"}}) == "not-checked"
    assert diff.model_call_verdict(["PTO602"], ["TADD: ..."]) == "reject"


def test_a_runtime_fault_finding_is_no_compile_time_rejection(diff, rules_info) -> None:
    """PTO901 is header-static for TASSIGN<Addr>; its run-time form TASSIGN(obj, addr) is a runtime-fault finding,
    i.e. a hazard the compiler accepts."""
    runtime = {"rule": "PTO901", "level": "error", "message": "TASSIGN(obj, addr): `t` is a TileType::Acc tile",
               "kind": "runtime-fault"}
    static = {**runtime, "message": "TASSIGN<0>(obj): ...", "kind": "compile-error"}
    assert diff.split_findings([runtime], rules_info) == ([], ["PTO901"])
    assert diff.split_findings([static], rules_info) == (["PTO901"], [])


KERNEL = """#include <pto/pto-inst.hpp>
using namespace pto;
template <typename T, int R, int C>
AICORE void run(__gm__ T* out) {
    // Tile<TileType::Mat, T, 1, 1> in a comment is no site
    using G = GlobalTensor<T, Shape<1, 1, 1, R, C>, Stride<1, 1, 1, C, 1>>;
    using V = Tile<TileType::Vec, T, R, C, BLayout::RowMajor, -1, -1>;
    V t(R, C);
    if (R < C && C > 2) { TASSIGN(t, 0x0); }
}
"""


def test_mutation_edits_change_one_argument_of_one_declaration(diff) -> None:
    edits = diff.mutation_edits(KERNEL)
    whats = [w for w, *_ in edits]
    assert all(" L5 " not in f" {w}" for w in whats)  # the comment
    assert "L7 Tile location: TileType::Vec -> TileType::Mat" in whats
    assert "L7 Tile dtype: T -> float" in whats and "L7 Tile layout: BLayout::RowMajor -> BLayout::ColMajor" in whats
    assert "L7 Tile cols: C -> (C) + 1" in whats and "L7 Tile rows: R -> (R) * 2" in whats
    assert "L6 Shape shape rows: R -> (R) / 2" in whats and "L6 GlobalTensor dtype: T -> float" in whats
    assert not any(w.startswith("L9") for w in whats)  # `R < C && C > 2` is a comparison
    what, a, b, new = next(e for e in edits if e[0] == "L7 Tile cols: C -> (C) + 8")
    mutant = KERNEL[:a] + new + KERNEL[b:]
    assert "Tile<TileType::Vec, T, R, (C) + 8, BLayout::RowMajor, -1, -1>" in mutant
    assert mutant.replace("(C) + 8", "C") == KERNEL


def test_st_kernels_follow_the_directory_of_each_target(diff, tmp_path) -> None:
    case = tmp_path / "tests" / "npu" / "kirinX90" / "src" / "st" / "testcase" / "tadd"
    case.mkdir(parents=True)
    (case / "tadd_kernel.cpp").write_text(KERNEL)
    (case / "main.cpp").write_text("int main() { return 0; }\n")
    assert [f.name for f in diff.st_kernels(tmp_path, "kirinx90")] == ["tadd_kernel.cpp"]
    originals, muts = diff.mutants(tmp_path, ["kirinx90"], 2, 7)
    again = diff.mutants(tmp_path, ["kirinx90"], 2, 7)[1]
    assert len(originals) == 1 and len(muts) == 2 and [m.what for m in muts] == [m.what for m in again]
    assert all(m.key.startswith("MUTANT|tadd/tadd_kernel.cpp|L") and m.text != KERNEL for m in muts)


def test_the_models_own_no_matching_overload_is_a_rejection(diff, rules_info) -> None:
    """The model declares the vendor's wrapper signatures: a call no overload takes fails to parse on both sides,
    which is agreement; any other parse error is a model parse failure."""
    nomatch = {"errors": ["k.cpp:20: [parse-error] no matching function for call to 'TGEMV_ACC'"], "findings": []}
    assert diff.judge_model(nomatch, rules_info)["verdict"] == "reject" and nomatch["rules"] == ["parse-error"]
    other = {"errors": ["k.cpp:3: [parse-error] unknown type name 'Foo'"], "findings": []}
    assert diff.judge_model(other, rules_info)["verdict"] == "parse-failure"
    assert diff.judge_model({"errors": [], "findings": [], "unchecked": []}, rules_info)["verdict"] == "accept"


def test_mutants_come_round_robin_and_a_stopped_run_resumes(diff, tmp_path) -> None:
    """Every kernel's first mutant before any kernel's second (a run stopped early is spread over the kernels), and
    --resume reuses an earlier run's results for the same jobs only."""
    case = tmp_path / "tests" / "npu" / "a2a3" / "src" / "st" / "testcase"
    for name in ("tadd", "tsub"):
        (case / name).mkdir(parents=True)
        (case / name / f"{name}_kernel.cpp").write_text(KERNEL)
    originals, muts = diff.mutants(tmp_path, ["a2a3"], 2, 7)
    assert [m.path.rsplit("/", 1)[-1] for m in muts] == ["tadd_kernel.cpp", "tsub_kernel.cpp"] * 2
    jobs = [(*o, "inc") for o in originals] + [(m.key, m.path, m.target, "inc", m.text, f"/x/{m.slug}.cpp")
                                               for m in muts]
    earlier = tmp_path / "results.jsonl"
    earlier.write_text("\n".join(json.dumps(r) for r in (
        {"key": originals[0][0], "target": "a2a3", "path": originals[0][1]},
        {"key": muts[0].key, "target": "a2a3", "path": muts[0].path, "kernel": f"/old/{muts[0].slug}.cpp"},
        {"key": muts[1].key, "target": "a5", "path": muts[1].path})) + "\n")
    done, todo = diff.reusable(jobs, str(earlier))
    assert [r["key"] for r in done] == [originals[0][0], muts[0].key]
    assert [j[0] for j in todo] == [originals[1][0]] + [m.key for m in muts[1:]]
    assert diff.reusable(jobs, None) == ([], jobs)
