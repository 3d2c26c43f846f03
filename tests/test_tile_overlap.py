"""PTO904 pieces: where the frontend says each tile lives, which call triples the rule builds from that, and
what the executor observes when it replays them on one memory."""

from __future__ import annotations

from conftest import ptolint
from test_frontend_calls import sites_of as frontend_sites

from ptolint.executor import replay
from ptolint.ir import Bin, CallSite, Cast, Const, Sym
from ptolint.ruleset import load_rules

HEAD = """
#include <pto/pto-inst.hpp>
using namespace pto;
using T = Tile<TileType::Vec, float, 16, 64>;  // 4096 bytes
using G = GlobalTensor<float, Shape<1, 1, 1, 16, 64>, Stride<1, 1, 1, 64, 1>>;
"""


#: y starts in the middle of x while x's data is live (lines 13-15: write x, write y, read x)
STRADDLE = """
extern "C" __global__ AICORE void k(__gm__ float* p) {
    T x, y, z;
    G g(p);
    TASSIGN(x, 0);
    TASSIGN(y, 2048);
    TASSIGN(z, 8192);
    TLOAD(x, g);
    TLOAD(y, g);
    TADD(z, x, y);
    TSTORE(g, z);
}
"""


def sites_of(tmp_path, body: str, target: str = "a2a3") -> list[CallSite]:
    return frontend_sites(tmp_path, HEAD + body, target)


def placements(sites: list[CallSite], builtin: str) -> list[tuple[int | None, int]]:
    """(constant address or None, placement number) of the first tile operand of each call of `builtin`."""
    out = []
    for s in sites:
        if s.builtin == builtin:
            t = s.tiles()[0][1]
            out.append((t.addr.value if isinstance(t.addr, Const) else None, t.binding))
    return out


def sequences(sites: list[CallSite]) -> list[CallSite]:
    rule = load_rules()["PTO904"]
    assert rule.sequences is not None
    return rule.sequences(sites)


def test_tassign_copies_and_treshape_views_share_a_placement(tmp_path):
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p) {
    using F = Tile<TileType::Vec, float, 1, 1024>;
    T a, b;
    F flat;
    G g(p);
    TASSIGN(a, 0x100);
    T c = a;            // a copy holds the same address
    TLOAD(c, g);
    TRESHAPE(flat, a);  // a view of a's storage
    TSTORE(g, flat);
    TASSIGN(b, 0x2000);
    TLOAD(b, g);
}
""")
    (load_c, n_c), (load_b, n_b) = placements(sites, "TLOAD")
    assert load_c == 0x100 and load_b == 0x2000 and n_c != n_b and n_c > 0
    assert placements(sites, "TSTORE") == [(0x100, n_c)]  # flat: a's address and placement


def test_placements_are_dropped_where_they_cannot_be_followed(tmp_path):
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p, int n, bool c) {
    T arr[2], a, b;
    G g(p);
    TASSIGN(arr[0], 0);
    TLOAD(arr[0], g);      // an array: one state for every element
    TASSIGN(a, 0);
    TASSIGN(b, 0);
    for (int i = 0; i < n; ++i) {
        TLOAD(a, g);       // a is placed again in the body: known in the iterations walked one by one only
        TASSIGN(a, 0x1000);
    }
    TLOAD(a, g);           // nor after the loop
    if (c) {
        TASSIGN(b, 0x2000);
    }
    TLOAD(b, g);           // the arms disagree
}
""")
    got = placements(sites, "TLOAD")
    # arr[0]; the loop's first two iterations (at 0, then at 0x1000), its generic iteration; after it; b
    assert [addr for addr, _ in got] == [None, 0, 0x1000, None, None, None]
    assert got[1][1] != got[2][1] and got[1][1] and got[2][1]  # two different placements


def test_branch_arms_that_agree_keep_the_placement(tmp_path):
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p, bool c) {
    T a;
    G g(p);
    TASSIGN(a, 0x400);
    if (c) {
        TLOAD(a, g);
    } else {
        TSTORE(g, a);
    }
    TLOAD(a, g);
}
""")
    loads = [s for s in sites if s.builtin == "TLOAD"]
    assert [p[0] for p in placements(sites, "TLOAD")] == [0x400, 0x400]
    stores = [s for s in sites if s.builtin == "TSTORE"]
    (b1, a1), = loads[0].arms
    (b2, a2), = stores[0].arms
    assert b1 == b2 and a1 != a2 and loads[1].arms == ()


def test_placements_through_nested_branches_returns_and_switches(tmp_path):
    # the branches undo an arm's placements from a journal (Tiles.set_placement): an inner branch's undo keeps
    # what its arm's outer arm did before it; an arm that returns leaves nothing; a switch merges its ends
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p, bool c, bool d, int s) {
    T a, b, e;
    G g(p);
    TASSIGN(a, 0x400);
    TASSIGN(b, 0x800);
    TASSIGN(e, 0xC00);
    if (c) {
        TASSIGN(a, 0x1000);
        if (d) {
            TASSIGN(e, 0x2000);
            T f = e;           // made in the arm: where the arm left it
            TLOAD(f, g);
        }
        TLOAD(a, g);
        TLOAD(e, g);
    } else {
        TASSIGN(b, 0x3000);
        return;
    }
    TLOAD(a, g);
    TLOAD(b, g);
    TLOAD(e, g);
    switch (s) {
        case 0: TASSIGN(a, 0x5000); break;
        case 1: TASSIGN(b, 0x6000);
        default: break;
    }
    TLOAD(a, g);
    TLOAD(b, g);
    TLOAD(e, g);
}
""")
    got = [addr for addr, _ in placements(sites, "TLOAD")]
    # f; a and e after the inner branch (its arms disagree on e); after the if: the arm that returns is left
    # out (a as the other arm left it, b as before); after the switch: a and b unknown, e as before
    assert got == [0x2000, 0x1000, None, 0x1000, 0x800, None, None, None, None], got


def test_a_straddling_write_between_write_and_read_is_one_sequence(tmp_path):
    sites = sites_of(tmp_path, STRADDLE)
    seqs = sequences(sites)
    assert len(seqs) == 1
    assert [s.builtin for s in seqs[0].steps] == ["TLOAD", "TLOAD", "TADD"]
    assert [s.line for s in seqs[0].steps] == [13, 14, 15]
    assert seqs[0].arg("live").name == "x" and seqs[0].arg("clobber").name == "y"


def test_no_sequence_for_nested_or_dead_or_exclusive_placements(tmp_path):
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p, bool c) {
    using H = Tile<TileType::Vec, float, 8, 64>;  // 2048 bytes
    T x, y, z;
    H h;
    G g(p);
    TASSIGN(x, 0);
    TASSIGN(y, 2048);
    TASSIGN(h, 1024);      // inside x
    TASSIGN(z, 8192);
    TLOAD(x, g);
    TEXPANDS(h, 0.0f);     // a window inside x: nested
    TADD(z, x, x);
    TLOAD(y, g);           // x is dead by now
    TSTORE(g, y);
    if (c) {
        TLOAD(x, g);
    } else {
        TLOAD(y, g);       // exclusive with the write of x
    }
    TSTORE(g, z);
}
""")
    assert sequences(sites) == []


def test_executor_observes_the_clobber_and_only_the_clobber(tmp_path):
    body = """
extern "C" __global__ AICORE void k(__gm__ float* p, int off) {
    T x, y, z;
    G g(p);
    TASSIGN(x, 0);
    TASSIGN(y, off);
    TASSIGN(z, 16384);
    TLOAD(x, g);
    TLOAD(y, g);
    TADD(z, x, y);
}
"""
    seq = sequences(sites_of(tmp_path, body))[0]
    hit = replay(seq, {"off": 1024})
    assert hit.refused is None and "live-overlap" in hit.kinds()
    detail = next(f.detail for f in hit.faults if f.kind == "live-overlap")
    assert detail.startswith("768 of the 1024 elements of x")  # rows 4..15 of x lie under y
    assert hit.values["live.addr"] == 0 and hit.values["clobber.addr"] == 1024
    apart = replay(seq, {"off": 4096})
    assert apart.refused is None and "live-overlap" not in apart.kinds()


def test_cli_reports_the_path_in_every_format(tmp_path):
    p = tmp_path / "k.cpp"
    p.write_text(HEAD + STRADDLE)
    doc = ptolint("check", "--format", "json", "--select", "PTO904", str(p)).json
    assert {(f["rule"], f["line"], f["level"]) for f in doc["findings"]} == {("PTO904", 14, "error")}
    f = doc["findings"][0]
    assert [s["line"] for s in f["steps"]] == [13, 14, 15]
    assert f["witness"]["values"]["b"] == 2048 and f["witness"]["values"]["a_end"] == 4096
    sarif = ptolint("check", "--format", "sarif", "--select", "PTO904", str(p)).json
    flow = sarif["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [loc["location"]["physicalLocation"]["region"]["startLine"] for loc in flow][-3:] == [13, 14, 15]
    text = ptolint("check", "--select", "PTO904", str(p)).stdout
    assert "here: `y` written at UB [2048, 6144), over `x`'s bytes" in text


def test_an_address_taken_from_a_placed_tile_is_followed(tmp_path):
    sites = sites_of(tmp_path, """
extern "C" __global__ AICORE void k(__gm__ float* p) {
    using R = Tile<TileType::Vec, float, 1, 64>;
    T x;
    R row, other;
    G g(p);
    TASSIGN(x, 0x1000);
    TASSIGN(row, (uint64_t)x.data() + 15 * 64 * sizeof(float));
    TASSIGN(other, (uint64_t)other.data() + 256);  // other is not placed: nothing to follow
    TEXPANDS(row, 0.0f);
    TEXPANDS(other, 0.0f);
}
""")
    assert placements(sites, "TEXPANDS")[0][0] == 0x1000 + 15 * 64 * 4
    assert placements(sites, "TEXPANDS")[1] == (None, 0)


def test_a_triple_repeated_by_a_loop_is_checked_once(tmp_path, monkeypatch):
    import ptolint.engine as engine
    from ptolint.engine import Options, check_file

    p = tmp_path / "k.cpp"
    p.write_text(HEAD + """
extern "C" __global__ AICORE void k(__gm__ float* p, int off) {
    T x, y, z;
    G g(p);
    TASSIGN(x, 0);
    TASSIGN(y, off);
    TASSIGN(z, 8192);
    for (int i = 0; i < 6; ++i) {
        TLOAD(x, g);
        TLOAD(y, g);
        TADD(z, x, y);
    }
}
""")
    seqs = sequences(sites_of(tmp_path, p.read_text()[len(HEAD):]))
    assert len(seqs) >= 6 and len({(s.line, s.template_args["define_line"]) for s in seqs}) < len(seqs)
    checked: list[CallSite] = []
    real = engine.check_site

    def counting(rule, site, *a, **k):
        if rule.code == "PTO904":
            checked.append(site)
        return real(rule, site, *a, **k)

    monkeypatch.setattr(engine, "check_site", counting)
    rules = [load_rules()["PTO904"]]
    res = check_file(str(p), Options(targets=["a2a3"], rules=rules))
    # the iterations repeat one triple (write x, write y, read x): one check, one finding with its path
    assert len(checked) == len({engine.site_key(s) for s in checked}) < len(seqs)
    (f,) = res.findings
    assert (f.rule_id, f.site.line, f.level) == ("PTO904", 15, "warning")
    assert [s[1] for s in f.steps] == [14, 15, 16] and 0 < f.witness.inputs["off"] < 4096
    checked.clear()
    check_file(str(p), Options(targets=["a2a3"], rules=rules, prove=True))  # proof mode: every triple
    assert len(checked) == len(seqs)


def test_addresses_a_constant_apart_are_decided_without_the_solver(tmp_path):
    from ptolint.rules.tile_overlap import _static_clash

    # a generated kernel's double buffers: `C + ((i / 16) % 2) * 2048` for C = 0, 4096, ...: a constant apart
    body = """
extern "C" __global__ AICORE void k(__gm__ float* p, int64_t n, int64_t shift) {
    T x, y, z;
    G g(p);
    for (int64_t i = 0; i < n; i += 16) {
        int64_t pp = (i / 16) % 2;
        TASSIGN(x, (uint64_t)((int64_t)0 + pp * (int64_t)8192));
        TASSIGN(y, (uint64_t)((int64_t)4096 + pp * (int64_t)8192));
        TASSIGN(z, (uint64_t)((int64_t)SHIFT + pp * (int64_t)8192));
        TLOAD(x, g);
        TLOAD(z, g);
        TADD(y, x, x);
    }
}
"""
    apart = sites_of(tmp_path, body.replace("SHIFT", "4096"))  # z is y's bytes: nested, not a straddle
    assert sequences(apart) == []
    straddle = sequences(sites_of(tmp_path, body.replace("SHIFT", "2048")))  # z over x's second half
    # the write of z between the write and the read of x, in each iteration the walk makes
    assert straddle and {(q.line, q.template_args["define_line"], q.template_args["reader_line"])
                         for q in straddle} == {(16, "15", "17")}
    unknown = sequences(sites_of(tmp_path, body.replace("(int64_t)SHIFT", "shift")))  # not a constant apart
    assert len(unknown) == len(straddle)
    # the filter on IR values directly: a constant apart modulo 2**32
    base = Sym("b", "long")
    at = lambda c: Cast("unsigned long", Bin("+", Const(c, "long"), base, "long"))  # noqa: E731
    assert not _static_clash(at(0), 4096, at(4096), 4096) and _static_clash(at(0), 4096, at(2048), 4096)
    assert _static_clash(Cast("unsigned short", base), 4096, Cast("unsigned short", Bin("+", base, Const(
        65536, "long"), "long")), 4096)  # a 16-bit address wraps: not looked through
