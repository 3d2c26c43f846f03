"""ptolint/frontend/fastbind.py: every replaced libclang accessor answers as the binding's original does, on
every cursor of a real kernel's translation unit (and the types, arguments and references reached from them);
the symbolic walk and the tokens a call's template arguments are read from stay the same."""

from __future__ import annotations

import clang.cindex as ci
from conftest import FIXTURES

from ptolint.frontend import cursors, fastbind
from ptolint.frontend.parse import ParseOptions, parse
from ptolint.frontend.values import spelled_template_args

KERNEL = FIXTURES / "bugs_detected" / "TDIVS" / "PTO505_divide_by_zero.cpp"


def _fields(x: object) -> tuple:
    """A cursor, type or location as comparable plain values (None stays None)."""
    if x is None:
        return ()
    if isinstance(x, ci.Cursor):
        return ("cursor", x._kind_id, x.xdata, tuple(x.data))
    if isinstance(x, ci.Type):
        return ("type", x._kind_id, tuple(x.data))
    if isinstance(x, ci.SourceLocation):
        return ("loc", tuple(x.ptr_data), x.int_data)
    if isinstance(x, ci.SourceRange):
        return ("range", _fields(x.start), _fields(x.end))
    return ("value", x)


def _original(name: str, obj: object) -> object:
    attr = fastbind.ORIGINAL[name]
    return attr.fget(obj) if isinstance(attr, property) else attr(obj)


def test_replacements_answer_as_the_binding_does() -> None:
    tu, _ = parse(str(KERNEL), "a2a3", ParseOptions(), KERNEL.read_text())
    assert tu is not None and fastbind.ORIGINAL  # parsing installs the replacements
    seen = 0
    decls = cursors.top_level(tu)[0]
    main = [c for c in decls if cursors.file_name(c) == str(KERNEL)]
    headers = [c for c in decls if "pto" in cursors.file_name(c)][-40:]  # the model's templates, enums, classes
    for top in main + headers:
        for c in cursors.walk(top):
            fresh = ci.Cursor.from_buffer_copy(c)  # no cached attributes: the originals ask libclang again
            fresh._tu = c._tu
            for name in ("kind", "spelling", "referenced", "location", "extent", "type"):
                assert _fields(getattr(c, name)) == _fields(_original(f"Cursor.{name}", fresh)), (name, c.kind)
            assert c.get_usr() == _original("Cursor.get_usr", fresh)
            assert [_fields(a) for a in c.get_arguments()] == [
                _fields(a) for a in _original("Cursor.get_arguments", fresh)]
            ref = c.referenced
            if ref is not None:
                assert ref._tu is tu
            t = c.type
            assert t._tu is tu and t.kind == _original("Type.kind", t)
            assert t.spelling == _original("Type.spelling", t)
            canon = t.get_canonical()
            assert canon._tu is tu and _fields(canon) == _fields(_original("Type.get_canonical", t))
            seen += 1
    assert seen > 1000
    for k in ci.CursorKind.get_all_kinds():
        for pred in ("is_declaration", "is_reference", "is_expression", "is_statement", "is_attribute", "is_invalid",
                     "is_translation_unit", "is_preprocessing", "is_unexposed"):
            assert getattr(k, pred)() == _original(f"CursorKind.{pred}", k), (k, pred)


def test_template_arguments_read_from_the_first_tokens() -> None:
    """spelled_template_args stops reading tokens after the argument list; the answer is the one the whole
    token list gives."""
    tu, _ = parse(str(KERNEL), "a2a3", ParseOptions(), KERNEL.read_text())
    assert tu is not None
    calls = [c for top in cursors.top_level(tu)[0] if cursors.file_name(top) == str(KERNEL)
             for c in cursors.walk(top) if c.kind == ci.CursorKind.CALL_EXPR and c.referenced is not None]
    assert calls
    for c in calls:
        name = c.referenced.spelling
        toks = list(cursors.spellings(c))
        lazy = spelled_template_args(c, name)
        if name in toks and toks.index(name) + 1 < len(toks) and toks[toks.index(name) + 1] == "<":
            assert lazy, (name, toks)
        else:
            assert lazy == []
        c._ptolint_tokens = tuple(toks)  # the memoised token list gives the same answer
        assert spelled_template_args(c, name) == lazy


def _tokenized(c: ci.Cursor) -> tuple[str, ...]:
    """The cursor's tokens as libclang spells them (what cursors.spellings gave before one_token_text)."""
    import ctypes

    tu, lib = c._tu, ci.conf.lib
    mem, count = ctypes.POINTER(ci.Token)(), ctypes.c_uint()
    lib.clang_tokenize(tu, c.extent, ctypes.byref(mem), ctypes.byref(count))
    try:
        arr = ctypes.cast(mem, ctypes.POINTER(ci.Token * count.value)).contents if count.value else []
        return tuple(lib.clang_getTokenSpelling(tu, arr[i]) for i in range(count.value))
    finally:
        lib.clang_disposeTokens(tu, mem, count)


def test_single_tokens_read_from_the_buffer_as_libclang_tokenizes_them(tmp_path) -> None:
    """one_token_text answers exactly the single token libclang gives, and only for a number or a name written
    in the file: a literal or name that comes from a macro, or a line splice, goes to libclang. The text comes
    from libclang's own buffer (an unsaved source differs from the file on disk)."""
    src = tmp_path / "lits.cpp"
    text = ("#include <pto/pto-inst.hpp>\n#define N 60\n"
            "template <int K> int f(int x) { return x * K + 0x1F + 1'000 + 07u + N; }\n"
            "#define Y y\n"
            "int g(int y) { float h = 1.5f + 2.; return f<3>(Y) + 4\\\n2 + (int)h + 100000000000LL + y; }\n")
    src.write_text("// on disk: another text\n")  # what libclang parses is the unsaved text
    tu, _ = parse(str(src), "a2a3", ParseOptions(), text)
    assert tu is not None
    fast = slow = 0
    for top in cursors.top_level(tu)[0]:
        if cursors.file_name(top) != str(src):
            continue
        for c in cursors.walk(top):
            if c.kind not in (ci.CursorKind.INTEGER_LITERAL, ci.CursorKind.FLOATING_LITERAL,
                              ci.CursorKind.DECL_REF_EXPR):
                continue
            got = cursors.one_token_text(c)
            if got is None:
                slow += 1
            else:
                fast += 1
                assert (got,) == _tokenized(c)
            assert cursors.spellings(c) == _tokenized(c)
    assert fast >= 9 and slow >= 3  # N, Y and 4\<newline>2 take libclang's path
