"""Memoised cursor navigation for one translation unit.

The interpreter walks the same function bodies many times (every call, every loop iteration, every case
of a switch). libclang's Python binding builds new cursor objects on each `get_children()`; keeping the
first list on the parent makes every later walk reuse the same objects, whose own caches (spelling, type,
location, referenced) then stay warm. Cursors reached through `referenced` are mapped to one canonical
object per declaration for the same reason.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import sys
from collections.abc import Iterator

import clang.cindex as ci

#: canonical(): the one object per cursor, by identity_key
_canonical: dict[tuple, ci.Cursor] = {}


#: unsigned integer types: libclang gives a template argument of one sign-extended from the type's width
UNSIGNED_KINDS = frozenset(getattr(ci.TypeKind, k) for k in (
    "CHAR_U", "UCHAR", "CHAR16", "CHAR32", "USHORT", "UINT", "ULONG", "ULONGLONG", "UINT128") if hasattr(ci.TypeKind, k))


def template_int(fn: ci.Cursor, i: int, ptype: ci.Type) -> int:
    """Integral template argument i of an instantiation as the C++ value of its parameter type `ptype`.

    libclang's value is sign-extended from the type's width: `true` reads -1 and `uint16_t` 40000 reads -25536.
    """
    value = fn.get_template_argument_value(i)
    canonical = ptype.get_canonical()
    if canonical.kind == ci.TypeKind.BOOL:
        return 1 if value else 0
    size = canonical.get_size()
    if canonical.kind in UNSIGNED_KINDS and 0 < size <= 8:
        return value & ((1 << (8 * size)) - 1)
    return value


def reset() -> None:
    """Forget the canonical cursors (they keep their translation unit alive)."""
    _canonical.clear()


def file_name(c: ci.Cursor) -> str:
    """The name of the file `c` is located in ("" for none); one libclang query per file, not per cursor."""
    return position(c)[0]


#: clang_getInstantiationLocation with out-parameters allocated once: the binding's SourceLocation.file / line
#: allocates five ctypes objects and a File per location, several times the cost of the query itself, and the
#: interpreter asks for the position of every expression it meets
_where = (ctypes.c_void_p(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint())
_instantiation = None


def _resolved(loc: ci.SourceLocation) -> tuple[int | None, int, int, int]:
    """(CXFile pointer or None, line, column, offset) of a location, as the binding's SourceLocation gives them.

    Near Python's recursion limit (deeply nested C++) converting the arguments fails, and ctypes reports that as
    an ArgumentError: raised as the RecursionError it is, which the walk and the replay handle."""
    global _instantiation
    if _instantiation is None:
        _instantiation = ctypes.CFUNCTYPE(
            None, ci.SourceLocation, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_uint),
            ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint))(("clang_getInstantiationLocation", ci.conf.lib))
    f, line, col, off = _where
    try:
        _instantiation(loc, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col), ctypes.byref(off))
    except ctypes.ArgumentError as exc:
        if "RecursionError" in str(exc):
            raise RecursionError("C++ nested too deeply to analyse") from None
        raise
    return f.value, line.value, col.value, off.value


def at_recursion_limit(exc: BaseException) -> bool:
    """Whether an exception is a RecursionError, or the ctypes.ArgumentError a libclang call raises when Python's
    stack is full while it converts the call's arguments (deeply nested C++): both end the statement or the run
    the same way, never as an internal error."""
    return isinstance(exc, RecursionError) or isinstance(exc, ctypes.ArgumentError) and "RecursionError" in str(exc)


def _resolved_in(tu: ci.TranslationUnit, raw: int, where: ci.SourceLocation | ci.SourceRange,
                 end: bool = False) -> tuple[int | None, int, int, int]:
    """_resolved of a location of `tu` given by its raw encoding `raw` (a location's int_data, a range's
    begin_int_data / end_int_data), remembered per translation unit: each instantiation of a template has its
    own cursors at the same places, and within one unit a raw location is one place. `where` is the location, or
    the range whose start (end, when `end`) it is."""
    cache = tu.__dict__.get("_ptolint_resolved")
    if cache is None:
        cache = tu._ptolint_resolved = {}
    out = cache.get(raw)
    if out is None:
        loc = where if isinstance(where, ci.SourceLocation) else where.end if end else where.start
        out = cache[raw] = _resolved(loc)
    return out


_from_main_file = None


def in_main_file(c: ci.Cursor, main_file: str) -> bool:
    """Whether the cursor's location (its expansion, for a macro) lies in the translation unit's main file, whose
    name is `main_file`: for a location written in a file one libclang query, where file_name() resolves the
    location and names its file (the model PCH puts thousands of header declarations at the top level of every
    unit). libclang's answer is by file, not by name: a main file included into itself (its include guard leaves
    that copy empty) is not the main file there."""
    global _from_main_file
    loc = c.location
    if loc.int_data & _MACRO_ID_BIT:  # libclang would answer for the macro's expansion buffer
        return file_name(c) == main_file
    if _from_main_file is None:
        _from_main_file = ctypes.CFUNCTYPE(ctypes.c_int, ci.SourceLocation)(
            ("clang_Location_isFromMainFile", ci.conf.lib))
    return bool(_from_main_file(loc))


def position(c: ci.Cursor) -> tuple[str, int, int]:
    """(file name, line, column) of the cursor's location, as `c.location` gives them ("" for no file)."""
    known = c.__dict__.get("_ptolint_position")
    if known is not None:
        return known
    loc = c.location
    tu = getattr(c, "_tu", None)
    key, line, col, off = _resolved(loc) if tu is None else _resolved_in(tu, loc.int_data, loc)
    # file names by CXFile pointer, per translation unit: a pointer means nothing in another unit, and a unit
    # freed (memory.dispose) gives its addresses to the next one
    names = {} if tu is None else tu.__dict__.get("_ptolint_file_names")
    if names is None:
        names = tu._ptolint_file_names = {}
    name = "" if key is None else names.get(key)
    if name is None:
        name = names[key] = c.location.file.name
    c._ptolint_offset = off
    out = c._ptolint_position = (name, line, col)
    return out


def end_position(c: ci.Cursor) -> tuple[int, int]:
    """(line, column) of the end of the cursor's extent, as `c.extent.end` gives them (without the binding's
    allocations, as position())."""
    ext = c.extent
    return _resolved_in(c._tu, ext.end_int_data, ext, True)[1:3]


def start_position(c: ci.Cursor) -> tuple[int, int]:
    """(line, column) of the start of the cursor's extent, as `c.extent.start` gives them."""
    ext = c.extent
    return _resolved_in(c._tu, ext.begin_int_data, ext, False)[1:3]


def written(c: ci.Cursor) -> bool:
    """Whether the cursor's extent starts in a file (`c.extent.start.file is not None`): an argument the caller
    left out (a defaulted one) has no location."""
    ext = c.extent
    return _resolved_in(c._tu, ext.begin_int_data, ext, False)[0] is not None


def offset(c: ci.Cursor) -> int:
    """`c.location.offset` (the binding allocates a location, four ctypes values and a File for it)."""
    known = c.__dict__.get("_ptolint_offset")
    if known is None:
        position(c)
        known = c._ptolint_offset
    return known


_KINDS = ci.CursorKind._kinds


def kind(c: ci.Cursor) -> ci.CursorKind:
    """`c.kind` without the binding's checks on every call (walks ask it of every cursor they pass)."""
    i = c._kind_id
    k = _KINDS[i] if i < len(_KINDS) else None
    return k if k is not None else ci.CursorKind.from_id(i)


def _collect(child: ci.Cursor, _parent: ci.Cursor, into: list) -> int:
    into.append(child)
    return 1  # CXChildVisit_Continue


#: one visitor for every children() query (the binding builds a closure and a ctypes callback per call, and
#: compares each child with a freshly fetched null cursor: two more libclang calls per child)
_collect_children = None


def children(c: ci.Cursor) -> tuple[ci.Cursor, ...]:
    """The children of `c`, computed once per cursor object (the cursors `c.get_children()` gives)."""
    global _collect_children
    out = c.__dict__.get("_ptolint_kids")
    if out is None:
        _check_headroom()
        if _collect_children is None:
            _collect_children = ci.callbacks["cursor_visit"](_collect)
        kids: list[ci.Cursor] = []
        ci.conf.lib.clang_visitChildren(c, _collect_children, kids)
        tu = c._tu
        for k in kids:
            k._tu = tu  # as the binding does: the cursor keeps its translation unit alive
        out = c._ptolint_kids = tuple(kids)
    return out


def _check_headroom() -> None:
    """Raise RecursionError when the Python stack is nearly full (deeply nested C++).

    libclang calls back into Python for each child; a RecursionError inside that callback is only printed
    (ctypes cannot raise it) and the list of children comes back silently cut short. Raising it here, where
    it propagates, lets the interpreter skip the statement instead of analysing a truncated tree.

    The depth is asked of the interpreter, which refuses a recursion limit at or below the current depth: O(1),
    where `sys._getframe(limit - 100)` followed the stack frame by frame (7 % of the walk's own time on
    template-heavy kernels, asked at each cursor's first children() query). The LSP's one analysis thread is the
    only deep stack of its process."""
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(limit - 100)
    except RecursionError:  # the current depth is limit - 100 or more
        raise RecursionError("C++ nested too deeply to analyse") from None
    sys.setrecursionlimit(limit)


def walk(c: ci.Cursor) -> Iterator[ci.Cursor]:
    """Preorder walk over `c` and its descendants, through the memoised children."""
    stack = [c]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(reversed(children(x)))


def arguments(c: ci.Cursor) -> tuple[ci.Cursor, ...]:
    """The arguments of a call or the parameters of a function declaration, computed once per object."""
    out = c.__dict__.get("_ptolint_args")
    if out is None:
        out = tuple(c.get_arguments())
        c._ptolint_args = out
    return out


def referenced(c: ci.Cursor) -> ci.Cursor | None:
    """`c.referenced`, as the one canonical object of that declaration in this translation unit."""
    r = c.referenced
    return None if r is None else canonical(r)


def canonical(c: ci.Cursor) -> ci.Cursor:
    """The one object this translation unit's walk uses for the declaration `c`."""
    return _canonical.setdefault(identity_key(c), c)


def identity_key(c: ci.Cursor) -> tuple:
    """What clang_equalCursors compares, as a tuple: the kind and the data pointers, the second pointer
    left out for a declaration (libclang sets it on some declaration cursors and not on others for the same
    declaration). Keying canonical() by the Cursor itself asked libclang to hash and compare it (two calls per
    lookup, most of a referenced() query)."""
    d = c.data
    k = c._kind_id
    return (k, d[0], None if k in _DECLARATION_IDS else d[1], d[2])


#: the kind numbers clang_isDeclaration holds for
_DECLARATION_IDS = frozenset(k.value for k in ci.CursorKind.get_all_kinds() if k.is_declaration())


#: the cursor kinds of a template's parameters
_TEMPLATE_PARAMETER_KINDS = (ci.CursorKind.TEMPLATE_TYPE_PARAMETER, ci.CursorKind.TEMPLATE_NON_TYPE_PARAMETER,
                             ci.CursorKind.TEMPLATE_TEMPLATE_PARAMETER)


def template_parameters(inst: ci.Cursor) -> tuple[ci.Cursor, ...]:
    """The template parameters of the template `inst` instantiates (() when it instantiates none), read from
    the one canonical cursor of that template: each query of the template builds a new cursor whose children
    libclang visits again (on the ST kernels, a quarter of the repeated child visits were templates asked
    for their parameters by every instantiation's display name, bindings and integral arguments)."""
    tmpl = ci.conf.lib.clang_getSpecializedCursorTemplate(inst)
    if tmpl is None:
        return ()
    return memo(canonical(tmpl), "template_parameters",
                lambda t: tuple(c for c in children(t) if c.kind in _TEMPLATE_PARAMETER_KINDS))


def memo(c: ci.Cursor, key: str, compute):
    """`compute(c)`, remembered on the cursor object under `key` (for facts of the syntax, not of a path)."""
    attr = "_ptolint_" + key
    try:
        return c.__dict__[attr]
    except KeyError:  # (a version with dict.get and no handler, measured no faster, made the entry replay of a
        out = compute(c)  # 2,000-deep else-if chain reach the recursion limit: tests/test_fuzz_regressions.py)
        setattr(c, attr, out)
        return out


def usr(c: ci.Cursor) -> str:
    """The cursor's USR, remembered on it (asked at every user call and input-rooted read)."""
    return memo(c, "usr", _get_usr)


def _get_usr(c: ci.Cursor) -> str:
    return c.get_usr()


def type_memo(t: ci.Type, key: str, compute):
    """`compute(t)` for a pure function of the type, remembered on its translation unit under `key`.

    The binding returns a new Type object for every `c.type` or `get_canonical()`, so a memo on the object
    rarely hits; libclang identifies a type of one translation unit by its kind and data pointers (what
    clang_equalTypes compares), and the memo lives and dies with that translation unit."""
    tu = getattr(t, "_tu", None)
    if tu is None:
        return compute(t)
    try:
        cache = tu.__dict__["_ptolint_types"]
    except KeyError:
        cache = tu._ptolint_types = {}
    k = (key, t._kind_id, t.data[0], t.data[1])
    try:
        return cache[k]
    except KeyError:
        out = cache[k] = compute(t)
        return out


def tokens(c: ci.Cursor) -> tuple[str, ...]:
    """The spellings of the cursor's tokens, remembered on the cursor and, for every cursor with the same extent,
    on its translation unit.

    Tokens are a function of the source range alone, and every instantiation of a template has its own cursors
    over the very same ranges (a kernel's helper instantiated for 20 shapes): tokenizing costs far more than
    reading a cursor's extent, so each range is tokenized once per translation unit. libclang's raw locations
    (`int_data`) identify a range within its translation unit, macro expansions included."""
    known = c.__dict__.get("_ptolint_tokens")
    if known is None:
        by_extent, key = _by_extent(c, "_ptolint_extent_tokens")
        known = by_extent.get(key)
        if known is None:
            known = by_extent[key] = spellings(c)
        c._ptolint_tokens = known
    return known


def token_text(c: ci.Cursor) -> str:
    """`" ".join(tokens(c))` (an operand's text in a call site), remembered like the tokens: per cursor and per
    extent of its translation unit."""
    known = c.__dict__.get("_ptolint_token_text")
    if known is None:
        by_extent, key = _by_extent(c, "_ptolint_extent_text")
        known = by_extent.get(key)
        if known is None:
            known = by_extent[key] = " ".join(tokens(c))
        c._ptolint_token_text = known
    return known


def _by_extent(c: ci.Cursor, table: str) -> tuple[dict, tuple[int, int]]:
    """The translation unit's table named `table` (made on first use) and the key of the cursor's extent in it."""
    ext = c.extent
    tu = c._tu
    out = tu.__dict__.get(table)
    if out is None:
        out = tu.__dict__[table] = {}
    return out, (ext.begin_int_data, ext.end_int_data)


def first_token(c: ci.Cursor) -> str | None:
    """The spelling of the cursor's first token: `tokens(c)[0]` without spelling the others. A literal written in
    a macro's body has an extent from the macro's definition to its expansion (PTO_CEIL(x, 32) on line 102 of the
    A5 tquant kernel: the `1` of the `#define` on line 18 spans 754 tokens); reading a number needs only the
    first."""
    known = c.__dict__.get("_ptolint_tokens")
    if known is not None:
        return known[0] if known else None
    # by extent, as tokens(): each instantiation of a template has its own literal cursors over the same text
    by_extent, key = _by_extent(c, "_ptolint_first_tokens")
    try:
        return by_extent[key]
    except KeyError:
        pass
    text = one_token_text(c)
    if text is None:
        text = scan_tokens(c, lambda spelled: next(spelled, None))
    by_extent[key] = text
    return text


#: one token of the source: a pp-number that starts with a digit, or an identifier (no line splices, trigraphs
#: or universal character names: anything else is tokenized by libclang)
_ONE_TOKEN = re.compile(r"[0-9][0-9A-Za-z_'.]*|[A-Za-z_][0-9A-Za-z_]*")
#: the cursors whose extent is usually one token: number literals, and names (the template parameters a literal
#: of an instantiation is spelled with, variables)
_ONE_TOKEN_KINDS = frozenset(k.value for k in (ci.CursorKind.INTEGER_LITERAL, ci.CursorKind.FLOATING_LITERAL,
                                               ci.CursorKind.DECL_REF_EXPR))
#: SourceLocation::MacroIDBit of a raw source location (libclang's CXSourceLocation.int_data): set for a location
#: inside a macro expansion, whose tokens libclang reads at the spelling location, not at the expansion
_MACRO_ID_BIT = 1 << 31
_file_contents = None


def in_macro_expansion(c: ci.Cursor) -> bool:
    """Whether the cursor's location lies in a macro expansion (its raw location has the MacroIDBit): a file
    location is where the preprocessor read a token from the file unexpanded."""
    return bool(c.location.int_data & _MACRO_ID_BIT)


def one_token_text(c: ci.Cursor) -> str | None:
    """The source text of a literal or name cursor whose extent is exactly one number or identifier token
    written in a file (outside any macro expansion): what tokenizing the extent gives. None otherwise.

    libclang spells a token by finding its file buffer from the token's location, which costs tens of times a
    cursor query on a translation unit built with the model PCH (a generated kernel's 5,000 literals: a tenth
    of its whole check). The text is read here from the same buffer, the one libclang parsed
    (clang_getFileContents: an editor's unsaved text too), between the extent's offsets."""
    if c._kind_id not in _ONE_TOKEN_KINDS:
        return None
    where = _file_range(c, 64)
    if where is None:
        return None
    file, start, end = where
    text = file_contents(c._tu, file)[start:end].decode("ascii", "replace")
    return text if _ONE_TOKEN.fullmatch(text) else None


def _file_range(c: ci.Cursor, most: int) -> tuple[int, int, int] | None:
    """(CXFile pointer, start offset, end offset) of the cursor's extent when it is a range of one file outside any
    macro expansion, at most `most` bytes long; None otherwise."""
    ext = c.extent
    if (ext.begin_int_data | ext.end_int_data) & _MACRO_ID_BIT:
        return None
    tu = c._tu
    start_file, _, _, start = _resolved_in(tu, ext.begin_int_data, ext, False)
    end_file, _, _, end = _resolved_in(tu, ext.end_int_data, ext, True)
    if start_file is None or end_file != start_file or not 0 < end - start <= most:
        return None
    return start_file, start, end


#: what source_tokens reads: identifiers and keywords, numbers (pp-numbers), punctuators longest first, space
_SOURCE_TOKEN = re.compile(
    r"\s*(?:(?P<word>[A-Za-z_]\w*)|(?P<number>\.?\d(?:[eEpP][+-]|[\w.'])*)|(?P<punct>"
    r"->\*|<<=|>>=|<=>|\.\.\.|::|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=|\.\*|"
    r"[{}\[\]()<>;:,.?~!%^&*+=|/-]))")
#: C++ keywords (libclang's tokens of kind Keyword) whose meaning does not depend on the language standard
_KEYWORDS = frozenset("""alignas alignof asm auto bool break case catch char char16_t char32_t class const constexpr
    const_cast continue decltype default delete do double dynamic_cast else enum explicit export extern false float for
    friend goto if inline int long mutable namespace new noexcept nullptr operator private protected public register
    reinterpret_cast return short signed sizeof static static_assert static_cast struct switch template this
    thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
    while""".split())
#: words whose kind depends on the standard or on clang (alternative tokens, C++20 keywords, reserved names): a text
#: holding one is left to libclang's tokenizer
_UNSURE_WORD = re.compile(r"(?:and|and_eq|bitand|bitor|compl|not|not_eq|or|or_eq|xor|xor_eq|char8_t|concept|requires|"
                          r"co_await|co_return|co_yield|consteval|constinit|typeof|_[A-Z_]\w*)$")


def source_tokens(c: ci.Cursor) -> tuple[int, list[tuple[str, bool, int]]] | None:
    """(the file's CXFile pointer, [(spelling, whether an identifier, file offset)]) of the tokens of a cursor's
    extent, read from the buffer libclang parsed: what clang_tokenize gives, without spelling each token through
    libclang (which looks its file buffer up again for every token: a callee's dozen tokens cost as much as a
    hundred cursor queries). None, for libclang's own tokenizer to answer, when the extent is not a range of one file
    or its text holds what this small reader leaves alone: a comment, a character or string literal, a line splice,
    a preprocessor line, a non-ASCII byte, a word whose kind depends on the standard."""
    where = _file_range(c, 4096)
    if where is None:
        return None
    start_file, start, end = where
    raw = file_contents(c._tu, start_file)[start:end]
    if not raw.isascii() or any(b in raw for b in (b"/", b"'", b'"', b"\\", b"#", b"<=>", b"<%", b"%>", b"%:", b":>")) \
            or _DIGRAPH.search(raw):
        return None
    text = raw.decode("ascii")
    out: list[tuple[str, bool, int]] = []
    pos = 0
    while pos < len(text):
        m = _SOURCE_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip():
                return None
            break
        word = m.group("word")
        if word is not None and _UNSURE_WORD.match(word):
            return None
        spelled = word or m.group("number") or m.group("punct")
        out.append((spelled, word is not None and word not in _KEYWORDS, start + m.start(m.lastgroup)))
        pos = m.end()
    return start_file, out


#: `<:` that the lexer reads as the digraph of `[` (not `<::` followed by another character than `:` or `>`)
_DIGRAPH = re.compile(rb"<:(?!:[^:>])")

_location_for_offset = None


def location_at(tu: ci.TranslationUnit, file: int, offset: int) -> ci.SourceLocation:
    """The location of a byte offset in a file of the translation unit (clang_getLocationForOffset)."""
    global _location_for_offset
    if _location_for_offset is None:
        _location_for_offset = ctypes.CFUNCTYPE(ci.SourceLocation, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint)(
            ("clang_getLocationForOffset", ci.conf.lib))
    return _location_for_offset(tu.obj, file, offset)


def text_at(c: ci.Cursor, size: int) -> bytes | None:
    """Up to `size` bytes of the source text where the cursor's extent starts, when it starts in a file (not in a
    macro expansion); None otherwise. Read from the buffer libclang parsed, without tokenizing the extent."""
    ext = c.extent
    if ext.begin_int_data & _MACRO_ID_BIT:
        return None
    file, _, _, start = _resolved_in(c._tu, ext.begin_int_data, ext, False)
    return None if file is None else file_contents(c._tu, file)[start:start + size]


def file_contents(tu: ci.TranslationUnit, file: int) -> bytes:
    """The buffer libclang parsed for the file (a CXFile pointer) of `tu`, read once per translation unit."""
    global _file_contents
    buffers = tu.__dict__.get("_ptolint_buffers")
    if buffers is None:
        buffers = tu._ptolint_buffers = {}
    data = buffers.get(file)
    if data is None:
        if _file_contents is None:
            _file_contents = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                              ctypes.POINTER(ctypes.c_size_t))(("clang_getFileContents", ci.conf.lib))
        size = ctypes.c_size_t()
        ptr = _file_contents(tu.obj, file, ctypes.byref(size))
        data = buffers[file] = ctypes.string_at(ptr, size.value) if ptr else b""
    return data


#: a line splice (backslash, optional horizontal space, newline): the lexer joins the lines around it
_SPLICE = re.compile(rb"\\[ \t\v\f]*(?:\r\n|\n|\r)")


def may_spell(text: bytes, identifier: bytes) -> bool:
    """False when no token of the source `text` can be the identifier: it is not in the text once line splices
    are joined, and there is no universal character name or trigraph that could spell it otherwise. A byte search
    costs far less than tokenizing a file with the binding's Token objects."""
    return identifier in _SPLICE.sub(b"", text) or any(x in text for x in (b"\\u", b"\\U", b"??/"))


def main_file_contents(tu: ci.TranslationUnit) -> bytes:
    """The buffer libclang parsed for the main file (the translation unit's extent), b"" when there is none."""
    f = _resolved(tu.cursor.extent.start)[0]
    return b"" if f is None else file_contents(tu, f)


def spellings(c: ci.Cursor) -> tuple[str, ...]:
    """The spellings of the tokens of the cursor's extent, as `t.spelling for t in c.get_tokens()` gives them,
    without the binding's Token objects: it allocates one per token, with a reference to a group whose
    destructor frees the tokens later; here the spellings are read from libclang's array, which is freed at
    once (integer literals, template argument lists: tens of thousands of small extents per kernel). A number
    literal's or a name's single token is read from the file buffer (one_token_text)."""
    text = one_token_text(c)
    if text is not None:
        return (text,)
    tu = c._tu
    lib = ci.conf.lib
    mem, count = ctypes.POINTER(ci.Token)(), ctypes.c_uint()
    lib.clang_tokenize(tu, c.extent, ctypes.byref(mem), ctypes.byref(count))
    n = count.value
    if n < 1:
        return ()
    try:
        arr = ctypes.cast(mem, ctypes.POINTER(ci.Token * n)).contents
        spell = lib.clang_getTokenSpelling
        return tuple([spell(tu, arr[i]) for i in range(n)])
    finally:
        lib.clang_disposeTokens(tu, mem, count)


def scan_tokens(c: ci.Cursor, consume):
    """`consume(spellings)` over the cursor's tokens, each token spelled only when `consume` reaches it: a
    reader that stops early (the template argument list after a call's name) does not pay for the rest of a
    long extent (a call written in a macro spans the whole expansion: 1,500 tokens in one pto-isa kernel)."""
    known = c.__dict__.get("_ptolint_tokens")
    if known is not None:
        return consume(iter(known))
    tu = c._tu
    lib = ci.conf.lib
    mem, count = ctypes.POINTER(ci.Token)(), ctypes.c_uint()
    lib.clang_tokenize(tu, c.extent, ctypes.byref(mem), ctypes.byref(count))
    n = count.value
    if n < 1:
        return consume(iter(()))
    try:
        arr = ctypes.cast(mem, ctypes.POINTER(ci.Token * n)).contents
        spell = lib.clang_getTokenSpelling
        return consume(spell(tu, arr[i]) for i in range(n))
    finally:
        lib.clang_disposeTokens(tu, mem, count)


def top_level(tu: ci.TranslationUnit) -> tuple[list[ci.Cursor], list[ci.Cursor]]:
    """The translation unit's top-level declarations and its macro definitions, in one pass.

    With a detailed preprocessing record most top-level entries are macro expansions and #includes,
    which neither list needs: they are skipped inside the visitor, before a Python object is kept.
    """
    decls: list[ci.Cursor] = []
    macros: list[ci.Cursor] = []
    macro_kind = ci.CursorKind.MACRO_DEFINITION.value
    skipped = {ci.CursorKind.MACRO_INSTANTIATION.value, ci.CursorKind.INCLUSION_DIRECTIVE.value}

    def visit(child, _parent, _data):
        k = child._kind_id
        if k in skipped:
            return 1
        child._tu = tu
        (macros if k == macro_kind else decls).append(child)
        return 1

    ci.conf.lib.clang_visitChildren(tu.cursor, ci.callbacks["cursor_visit"](visit), [])
    if "_ptolint_macros" not in tu.__dict__:
        tu._ptolint_macros = macros  # for macro_index: the definitions are the same whoever asks
    return decls, macros


def kept_top_level(tu: ci.TranslationUnit) -> tuple[list[ci.Cursor], list[ci.Cursor]]:
    """top_level(tu), computed once per translation unit (each visit of the top level is thousands of callbacks
    from libclang): the symbolic walk's, which the entry replay then searches for its entry points. Kept on the
    translation unit until forget_top_level (the engine's replayer, when it is done with the unit)."""
    known = tu.__dict__.get("_ptolint_top_level")
    if known is None:
        known = tu._ptolint_top_level = top_level(tu)
    return known


def forget_top_level(tu: ci.TranslationUnit) -> None:
    """Let kept_top_level's cursors go (with everything remembered on them) before the translation unit does."""
    tu.__dict__.pop("_ptolint_top_level", None)


class MacroDef:
    """A macro definition of the model PCH, which holds no preprocessing record (ptolint/frontend/pch.py): what
    the macro lookups read of a definition cursor (`spelling`, its tokens from the name on, whether it is
    function-like), from the PCH's record."""

    def __init__(self, name: str, toks: tuple[str, ...], function_like: bool) -> None:
        self.spelling = name
        self._ptolint_tokens = toks  # what tokens() returns for it
        self.function_like = function_like


def is_function_like(m: ci.Cursor | MacroDef) -> bool:
    """Whether a macro definition takes arguments: `(` right after the name, with no space between."""
    if isinstance(m, MacroDef):
        return m.function_like
    toks = list(m.get_tokens())
    return len(toks) > 1 and toks[1].spelling == "(" and toks[1].extent.start.offset == toks[0].extent.end.offset


def macro_index(tu: ci.TranslationUnit) -> dict[str, list[ci.Cursor | MacroDef]]:
    """The translation unit's macro definitions by name, in order (built once per translation unit: the symbolic
    walk and the entry replay both look macros up; the headers define over a thousand): those of the model PCH
    it was parsed with first (`ptolint_pch_macros`, set by the parse), then its own."""
    known = tu.__dict__.get("_ptolint_macro_index")
    if known is None:
        macros = tu.__dict__.get("_ptolint_macros")
        if macros is None:
            macros = top_level(tu)[1]
        known = {}
        for name, toks, function_like in getattr(tu, "ptolint_pch_macros", ()):
            known.setdefault(name, []).append(MacroDef(name, toks, function_like))
        for m in macros:
            known.setdefault(m.spelling, []).append(m)
        tu._ptolint_macro_index = known
    return known


_EVALUATE: list = []

#: off for a file whose first check crashed (ptolint.parallel checks it again without clang's constants)
CLANG_CONSTANTS = True

#: test hook: a substring of the path of a file where evaluating a constant crashes the process
_CRASH_TEST = os.environ.get("PTOLINT_TEST_CRASH_CONSTANT", "")

#: declarations whose members are template patterns
_PATTERNS = frozenset((ci.CursorKind.CLASS_TEMPLATE, ci.CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
                       ci.CursorKind.FUNCTION_TEMPLATE))


def in_pattern(decl: ci.Cursor) -> bool:
    """Whether `decl` (a function, a variable) is or lies in a template pattern (libclang shows a function
    template's pattern as a FUNCTION_TEMPLATE, a class template's as a CLASS_TEMPLATE), or is not a declaration
    known to be instantiated (a lambda, a block): there an expression may depend on template parameters."""
    return memo(decl, "in_pattern", _in_pattern)


def _in_pattern(decl: ci.Cursor) -> bool:
    if decl.kind not in (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.CXX_METHOD, ci.CursorKind.VAR_DECL):
        return True
    outer = decl.semantic_parent
    while outer is not None and outer.kind != ci.CursorKind.TRANSLATION_UNIT:
        if outer.kind in _PATTERNS:
            return True
        outer = outer.semantic_parent
    return False


def declared_constexpr(d: ci.Cursor) -> bool:
    """Whether the declaration is written `constexpr` (before its name's `=`, `{` or `(`)."""
    for t in tokens(d):
        if t in ("=", "{", "("):
            return False
        if t == "constexpr":
            return True
    return False


def is_if_constexpr(c: ci.Cursor) -> bool:
    """Whether an if statement is written `if constexpr`: read from the source text after `if` (an if statement's
    tokens are its whole body), by its tokens when that text is not plain (a macro, a comment after `if`)."""
    text = text_at(c, 64)
    m = _IF_HEAD.match(text) if text is not None else None
    if m is not None:
        return m.group(1) == b"constexpr"
    return scan_tokens(c, lambda spelled: (next(spelled, None), next(spelled, None))) == ("if", "constexpr")


#: `if`, blanks, then `constexpr` or the condition's parenthesis
_IF_HEAD = re.compile(rb"if[ \t\r\n]*(constexpr\b|\()")


def evaluated_int(c: ci.Cursor) -> int | None:
    """The integer clang computes for the expression `c` (clang_Cursor_Evaluate), None when it computes none.

    Asked only of constant expressions outside template patterns (see in_pattern): a constexpr variable's
    initialiser, an `if constexpr` condition, a const global's initialiser, which clang has already computed with no
    dependent part (evaluating a dependent expression is what can crash libclang). None for every query when
    CLANG_CONSTANTS is off."""
    if not CLANG_CONSTANTS:
        return None
    if not _EVALUATE:
        lib = ci.conf.lib
        ev = ctypes.CFUNCTYPE(ctypes.c_void_p, ci.Cursor)(("clang_Cursor_Evaluate", lib))
        kind = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(("clang_EvalResult_getKind", lib))
        unsigned = ctypes.CFUNCTYPE(ctypes.c_uint, ctypes.c_void_p)(("clang_EvalResult_isUnsignedInt", lib))
        as_unsigned = ctypes.CFUNCTYPE(ctypes.c_ulonglong, ctypes.c_void_p)(("clang_EvalResult_getAsUnsigned", lib))
        as_signed = ctypes.CFUNCTYPE(ctypes.c_longlong, ctypes.c_void_p)(("clang_EvalResult_getAsLongLong", lib))
        dispose = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(("clang_EvalResult_dispose", lib))
        _EVALUATE.append((ev, kind, unsigned, as_unsigned, as_signed, dispose))
    if _CRASH_TEST and _CRASH_TEST in position(c)[0]:  # tests/test_parallel.py: as if libclang crashed here
        os.kill(os.getpid(), signal.SIGSEGV)
    ev, kind, unsigned, as_unsigned, as_signed, dispose = _EVALUATE[0]
    r = ev(c)
    if not r:
        return None
    try:
        if kind(r) != 1:  # CXEval_Int
            return None
        return int(as_unsigned(r)) if unsigned(r) else int(as_signed(r))
    finally:
        dispose(r)
