"""dtypes.yaml + ops.yaml -> a validated, frozen model.

This is the one place that knows the YAML schema.  Parsing never stops at the
first problem: every problem is collected as `file:line: what was expected`,
and `load_model` raises ModelError with all of them, sorted by file and line.
"""
from __future__ import annotations

import ast
import difflib
import itertools
import string
import struct
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import minifloat, reduce, schema
from .yamlload import LinedDict, YAMLSyntaxError, load

CATEGORY_NAMES = ("bool", "integral", "floating", "complex")
# dtypes.yaml `storage`: C's own type, or a format C converts to and from its opmath type
STORAGE_KINDS = ("native", "half", "bfloat", "complex_half", "minifloat")
# dtypes.yaml `minifloat`: its keys and their allowed values (None: an integer)
MINIFLOAT_KEYS = {"bias": None, "infinity": (True, False), "nan": ("ieee", "all_ones", "negative_zero", "none"),
                  "nan_float32": None, "overflow": ("saturate", "infinity", "nan"), "zero": (True, False),
                  "packed": None, "eps": float}
# dtypes.yaml `dlpack`: DLPack's DLDataTypeCode values (dlpack.h)
DLPACK_CODES = {"kDLInt": 0, "kDLUInt": 1, "kDLFloat": 2, "kDLBfloat": 4, "kDLComplex": 5, "kDLBool": 6,
                "kDLFloat8_e3m4": 7, "kDLFloat8_e4m3": 8, "kDLFloat8_e4m3b11fnuz": 9, "kDLFloat8_e4m3fn": 10,
                "kDLFloat8_e4m3fnuz": 11, "kDLFloat8_e5m2": 12, "kDLFloat8_e5m2fnuz": 13, "kDLFloat8_e8m0fnu": 14,
                "kDLFloat6_e2m3fn": 15, "kDLFloat6_e3m2fn": 16, "kDLFloat4_e2m1fn": 17}
# memoryview formats by category: the ones Python reads as bool/int, float (a complex's parts)
_FORMATS = {"bool": "B", "integral": "bBhHiIlLqQ", "floating": "fd", "complex": "fd"}
# NumPy typestr kind letters by category
_TYPESTR_KINDS = {"bool": "b", "integral": "i", "floating": "f", "complex": "c"}   # integral: u if unsigned
UNDEFINED = "ud"  # the promotion table's marker for torch's uint16/uint32/uint64 error (one of promotion_errors)


# --------------------------------------------------------------------------- data classes
@dataclass(frozen=True)
class DType:
    name: str
    code: str
    c10: str            # c10 ScalarType name, as torch's messages print it
    cpp: str            # C++ type name, as a few torch messages print it
    ctype: str          # C storage type
    category: str
    itemsize: int
    signed: bool
    aliases: tuple = ()
    opmath: str | None = None    # dtype the kernels compute in, when not itself
    complex: str | None = None   # floating -> its complex counterpart (toComplexType)
    real: str | None = None      # complex -> its real counterpart
    scalar: str = ""             # C++ name in "value cannot be converted to type X without overflow"
    max: float | None = None     # largest finite value (floating dtypes), from the two widths below
    exponent_bits: int | None = None
    mantissa_bits: int | None = None
    legacy_type: bool = False    # has a legacy torch.<c10>Tensor type, which torch's error texts print
    storage: str = "native"      # one of STORAGE_KINDS: how C reads and writes it
    format: str | None = None    # memoryview format of an element (of each part of a complex one)
    typestr: str | None = None   # NumPy's typestr, for the dtypes NumPy has
    dlpack: int | None = None    # DLPack type code
    method: str | None = None    # Tensor method converting to it (half, cfloat, ...)
    unchecked_fill: bool = False  # setitem stores a Python number without c10's range check
    as_index: str | None = None  # dtypes.yaml's `index`: "mask" or "positions", what a tensor of it is as an index
    minifloat: tuple = ()        # ((key, value), ...): a minifloat's format (dtypes.yaml's `minifloat`, defaults filled)
    ml_dtypes: str | None = None  # its name in the ml_dtypes package (NumPy exchange of dtypes NumPy lacks)
    index: int = 0
    line: int = 0


@dataclass(frozen=True)
class Config:
    name: str
    arity: int
    promote_inputs: bool
    int_to_float: bool
    cast_to_outputs: bool
    safe_cast: bool
    output_dtype: str | None
    output: str            # "same" | "real" | "complex"
    condition: bool = False      # the first input is a condition (where): not promoted, bool/uint8
    exact_out: bool = False      # out= must have exactly the result dtype
    check_scalars: object = False  # Python numbers must fit the common dtype (all, or these dtypes)
    meta: str | None = None      # the op's meta function (type resolver) in runtime/_meta.py
    line: int = 0


@dataclass(frozen=True)
class Op:
    name: str
    config: str
    arity: int
    dtypes: tuple          # computation dtypes with a kernel
    label: str
    exprs: tuple           # ((dtype name, C expression), ...) for every dtype in `dtypes`
    kernel_of: str         # op whose kernels run (itself unless `kernel:` reuses another)
    compose: tuple         # the kernel's operands, from this op's arguments: (("arg", index) | ("number", v), ...);
                           # () when they are this op's own (`kernel: add(other, input, alpha=-alpha)`)
    negate: tuple          # params negated before they reach the kernel (`alpha=-alpha`)
    params: tuple          # ((name, default), ...)
    checks: tuple
    signatures: tuple      # ((Python name, (schema.Signature, ...)), ...): the function's and its aliases'
    scalar_opmath: bool
    function: str | None
    method: str | None
    inplace: str | None
    aliases: tuple
    select: tuple | None   # (keyword, value)
    operators: tuple       # ((dunder, python call), ...)
    args: tuple = ()       # Python argument names (torch's)
    when: tuple = ()       # ((arg, kind), ...): this variant of the function serves these argument kinds
    shortcuts: tuple = ()  # (operand position, ((value, "ones" | "self"), ...)): results without a kernel
    optional: tuple = ()   # arguments some signature lets be None (then left out: clamp's min/max)
    param_args: tuple = () # arguments that are params too: the kernel takes them as numbers (lerp's weight)
    exact_params: bool = False   # params reach float16/bfloat16 kernels unrounded (torch's opmath)
    errors: tuple = ()     # ((key, text), ...): `out`, `inplace`, `value` or a category (see ops.yaml)
    inplace_functions: tuple = ()  # names whose in-place method is a function too (torch.sin_)
    scalar_label: tuple = ()   # ((dtype, label), ...): the label torch's 1-element-second-operand path raises
    raw: tuple = ()        # dtypes whose loop works on the stored values (ew_load(x) decodes one)
    has_out: bool = True   # the function takes out= (some signature has it)
    returns_self: bool = False   # after its checks the op returns its input (torch.positive)
    unstructured: bool = False   # torch's kernel is not structured: a resized out= warns once
    simd: tuple = ()       # dtypes whose kernels also get an AVX2 flavour (float16/bfloat16 always do)
    block: tuple = ()      # ((dtype, C function), ...): the AVX2 flavour's contiguous loop of a unary or binary kernel
    fuse: bool = False     # its simd kernels also get loops reading an input of another dtype (ops.yaml `fuse`)
    no_simd: tuple = ()    # float16/bfloat16 dtypes whose kernels get no AVX2 flavour (ops.yaml `no_simd`)
    line: int = 0


@dataclass(frozen=True)
class Model:
    dtypes: tuple
    categories: tuple
    default_dtype: str
    default_complex: tuple          # ((float dtype, complex dtype), ...)
    promotion: tuple                # promotion[i][j] = dtype name or None
    promotion_errors: tuple         # ((marker, text), ...)
    configs: tuple
    checks: tuple                   # ((check name, ((key, text), ...)), ...)
    ops: tuple
    sources: tuple = field(default=())
    dtype_groups: tuple = ()        # ((group name, (dtype name, ...)), ...), as declared in ops.yaml
    promotion_marks: tuple = ()     # promotion_marks[i][j]: the promotion_errors marker where promotion[i][j] is None
    reductions: object = None       # reduce.Reductions: ops.yaml's reduce_configs and reductions
    namespaces: tuple = ()          # ((namespace, prefix), ...): `special` -> rt.special, torch's `special_` in errors

    def dtype(self, name) -> DType:
        return next(d for d in self.dtypes if d.name == name)

    def config(self, name) -> Config:
        return next(c for c in self.configs if c.name == name)

    def op(self, name) -> Op:
        return next(o for o in self.ops if o.name == name)


# --------------------------------------------------------------------------- problems
@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    message: str

    def __str__(self):
        return f"{self.path}:{self.line}: {self.message}"


class ModelError(Exception):
    def __init__(self, problems):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(map(str, self.problems)))


class _Reporter:
    def __init__(self, path):
        self.path = Path(path).name
        self.problems = []

    def __call__(self, line, message):
        self.problems.append(Problem(self.path, line or 1, message))


def _suggest(word, choices):
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _check_keys(report, where, mapping, required, optional):
    """Unknown keys (with a suggestion) and missing keys of one YAML mapping."""
    allowed = tuple(required) + tuple(optional)
    for key in mapping:
        if key not in allowed:
            report(mapping.key_lines.get(key, mapping.line),
                   f"{where}: unknown key {key!r}{_suggest(key, allowed)}")
    for key in required:
        if key not in mapping:
            report(mapping.line, f"{where}: missing key {key!r}")


def _typed(report, where, mapping, key, types, what, default=None):
    """mapping[key] if it has one of `types`, else report and return default."""
    if key not in mapping:
        return default
    value = mapping[key]
    if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        ok = False
    else:
        ok = isinstance(value, types)
    if not ok:
        report(mapping.key_lines.get(key, mapping.line),
               f"{where}: {key!r} must be {what}, got {type(value).__name__} {value!r}")
        return default
    return value


# --------------------------------------------------------------------------- dtypes.yaml
# every key the header of dtypes.yaml documents (a test holds them to it)
DTYPES_FILE_KEYS = ("categories", "default_dtype", "default_dtype_choices", "dtypes", "promotion_errors", "promotion")
DTYPE_REQUIRED = ("name", "code", "c10", "cpp", "ctype", "category", "itemsize", "signed", "scalar")
DTYPE_OPTIONAL = ("aliases", "opmath", "storage", "complex", "real", "exponent_bits", "mantissa_bits", "legacy_type", "format", "typestr",
                  "dlpack", "method", "unchecked_fill", "index", "minifloat", "ml_dtypes")
INDEX_KINDS = ("mask", "positions")


def _parse_dtypes(data, report):
    _check_keys(report, "dtypes.yaml", data, DTYPES_FILE_KEYS, ())
    categories = tuple(_typed(report, "dtypes.yaml", data, "categories", list, "a list") or CATEGORY_NAMES)
    if categories != CATEGORY_NAMES:
        report(data.key_lines.get("categories", 1),
               f"categories must be {list(CATEGORY_NAMES)} (lowest to highest), got {list(categories)}")
        categories = CATEGORY_NAMES

    dtypes, seen_names, seen_codes = [], {}, {}
    for i, (entry, line) in enumerate(zip(data.get("dtypes") or [], getattr(data.get("dtypes"), "item_lines", []))):
        if not isinstance(entry, LinedDict):
            report(line, "dtype entry must be a mapping")
            continue
        where = f"dtype {entry.get('name', '?')!r}"
        _check_keys(report, where, entry, DTYPE_REQUIRED, DTYPE_OPTIONAL)
        values = {}
        for key in ("name", "code", "c10", "cpp", "ctype", "category", "scalar"):
            values[key] = _typed(report, where, entry, key, str, "a string", "?")
        for key in ("format", "typestr", "method", "ml_dtypes"):
            values[key] = _typed(report, where, entry, key, str, "a string")
        values["storage"] = _typed(report, where, entry, "storage", str, "a string", "native")
        values["unchecked_fill"] = _typed(report, where, entry, "unchecked_fill", bool, "true or false", False)
        values["as_index"] = _typed(report, where, entry, "index", str, "a string")
        if values["as_index"] is not None and values["as_index"] not in INDEX_KINDS:
            report(entry.key_lines["index"], f"{where}: index must be one of {list(INDEX_KINDS)}, "
                                             f"got {values['as_index']!r}{_suggest(values['as_index'], INDEX_KINDS)}")
        dlpack = _typed(report, where, entry, "dlpack", str, "a DLPack type code name")
        if dlpack is not None and dlpack not in DLPACK_CODES:
            report(entry.key_lines["dlpack"], f"{where}: unknown dlpack code {dlpack!r}, expected one of "
                                              f"{list(DLPACK_CODES)}{_suggest(dlpack, DLPACK_CODES)}")
        values["dlpack"] = DLPACK_CODES.get(dlpack)
        bits = [_typed(report, where, entry, k, int, "an integer") for k in ("exponent_bits", "mantissa_bits")]
        if (values["category"] == "floating") != (bits != [None, None]) or None in bits and bits != [None, None]:
            report(entry.key_lines.get("exponent_bits", entry.line),
                   f"{where}: 'exponent_bits' and 'mantissa_bits' are required for floating dtypes only")
        elif bits != [None, None]:
            values["exponent_bits"], values["mantissa_bits"] = bits
            values["max"] = (2 - 2.0 ** -bits[1]) * 2.0 ** (2 ** (bits[0] - 1) - 1)
        values["itemsize"] = _typed(report, where, entry, "itemsize", int, "an integer", 1)
        values["signed"] = _typed(report, where, entry, "signed", bool, "true or false", False)
        values["legacy_type"] = _typed(report, where, entry, "legacy_type", bool, "true or false", False)
        aliases = _typed(report, where, entry, "aliases", list, "a list of names", [])
        if values["category"] not in categories and values["category"] != "?":
            report(entry.key_lines.get("category", entry.line),
                   f"{where}: unknown category {values['category']!r}, expected one of {list(categories)}")
        for key, table in (("name", seen_names), ("code", seen_codes)):
            if values[key] in table:
                report(entry.key_lines.get(key, entry.line),
                       f"{where}: duplicate {key} {values[key]!r} (first on line {table[values[key]]})")
            table[values[key]] = entry.line
        for alias in aliases:
            if alias in seen_names:
                report(entry.key_lines.get("aliases", entry.line), f"{where}: duplicate alias {alias!r}")
            seen_names[alias] = entry.line
        _check_formats(report, where, entry, values)
        values["minifloat"] = _parse_minifloat(report, where, entry, values)
        if values["minifloat"]:      # the largest finite value follows from the whole format
            values["max"] = minifloat.Format(values["name"], values["exponent_bits"], values["mantissa_bits"],
                                             values["signed"], **dict(values["minifloat"])).max
        dtypes.append(DType(aliases=tuple(aliases), opmath=entry.get("opmath"), complex=entry.get("complex"),
                            real=entry.get("real"), index=i, line=entry.line, **values))

    names = {d.name for d in dtypes}
    for d in dtypes:
        for key in ("opmath", "complex", "real"):
            ref = getattr(d, key)
            if ref is not None and ref not in names:
                report(d.line, f"dtype {d.name!r}: {key} {ref!r} is not a declared dtype{_suggest(ref, names)}")
    by_name = {d.name: d for d in dtypes}
    for d in dtypes:
        # a dtype without a format is read through its opmath dtype, which must have one
        if d.format is None and (d.opmath not in by_name or by_name[d.opmath].format is None):
            report(d.line, f"dtype {d.name!r}: needs a 'format', or an 'opmath' dtype that has one")
    methods = {}
    for d in dtypes:
        if d.method is None:
            continue
        if d.method in methods:
            report(d.line, f"dtype {d.name!r}: duplicate method {d.method!r} (first on line {methods[d.method]})")
        methods[d.method] = d.line

    default = _typed(report, "dtypes.yaml", data, "default_dtype", str, "a dtype name", "float32")
    choices = _typed(report, "dtypes.yaml", data, "default_dtype_choices", dict, "a mapping", {}) or {}
    for f, c in choices.items():
        if f not in names or c not in names:
            report(choices.key_lines.get(f, choices.line),
                   f"default_dtype_choices: {f!r}: {c!r} must map a declared floating dtype to a complex one")
    if default not in choices:
        report(data.key_lines.get("default_dtype", 1),
               f"default_dtype {default!r} must be one of default_dtype_choices {list(choices)}")

    errors = _typed(report, "dtypes.yaml", data, "promotion_errors", dict, "a mapping of marker to text", {}) or {}
    for marker, text in errors.items():
        if marker in {d.code for d in dtypes} or not isinstance(text, str):
            report(errors.key_lines.get(marker, errors.line),
                   f"promotion_errors: {marker!r} must be a marker that is no dtype code, mapped to a text")
    promotion, marks = _parse_promotion(data, report, dtypes, categories, errors)
    return dtypes, categories, default, tuple(choices.items()), (promotion, marks), tuple(errors.items())


def _parse_minifloat(report, where, entry, values):
    """dtypes.yaml's `minifloat`, with its defaults: for dtypes of storage minifloat, and only them."""
    mf = entry.get("minifloat")
    if (mf is not None) != (values["storage"] == "minifloat"):
        report(entry.key_lines.get("minifloat", entry.line),
               f"{where}: 'minifloat' is required for storage minifloat, and only for it")
        return ()
    if mf is None:
        return ()
    if not isinstance(mf, dict):
        report(entry.key_lines["minifloat"], f"{where}: minifloat must be a mapping")
        return ()
    out = {"zero": True, "packed": 1, "nan_float32": "quiet"}
    for key, value in mf.items():
        allowed = MINIFLOAT_KEYS.get(key, ())
        if key not in MINIFLOAT_KEYS:
            report(entry.key_lines["minifloat"], f"{where}: unknown minifloat key {key!r}, expected one of "
                                                 f"{list(MINIFLOAT_KEYS)}{_suggest(key, MINIFLOAT_KEYS)}")
        elif allowed is float and not isinstance(value, float):
            report(entry.key_lines["minifloat"], f"{where}: minifloat {key} must be a number, got {value!r}")
        elif allowed is float:
            out[key] = value
        elif allowed is None and not (isinstance(value, int) and not isinstance(value, bool)) \
                and not (key == "nan_float32" and value == "quiet"):
            report(entry.key_lines["minifloat"], f"{where}: minifloat {key} must be an integer, got {value!r}")
        elif allowed is not None and value not in allowed:
            report(entry.key_lines["minifloat"], f"{where}: minifloat {key} must be one of {list(allowed)}, "
                                                 f"got {value!r}")
        else:
            out[key] = value
    for key in ("bias", "infinity", "nan", "overflow"):
        if key not in out:
            report(entry.key_lines["minifloat"], f"{where}: minifloat needs {key!r}")
            return ()
    bits = (values.get("exponent_bits") or 0) + (values.get("mantissa_bits") or 0) + (1 if values["signed"] else 0)
    if bits * out["packed"] != 8 * values["itemsize"]:
        report(entry.key_lines["minifloat"], f"{where}: sign, exponent and mantissa bits ({bits}) times packed "
                                             f"({out['packed']}) must fill the {values['itemsize']}-byte element")
    if values.get("mantissa_bits") == 0 and (values.get("exponent_bits"), out["bias"], out["zero"]) != (8, 127, False):
        # the encoder rounds float32's own exponent field (c10's e8m0fnu); no other such format exists
        report(entry.key_lines["minifloat"], f"{where}: a minifloat without mantissa bits must have 8 exponent "
                                             "bits, bias 127 and zero: false")
    if out["nan"] == "negative_zero" and not values["signed"]:
        report(entry.key_lines["minifloat"], f"{where}: nan negative_zero needs a sign bit")
    return tuple(sorted(out.items()))


def _check_formats(report, where, entry, values):
    """storage, format, typestr and method against the dtype's category and size."""
    line = entry.key_lines.get
    category, size, storage = values["category"], values["itemsize"], values["storage"]
    if storage not in STORAGE_KINDS:
        report(line("storage", entry.line), f"{where}: unknown storage {storage!r}, expected one of "
                                            f"{list(STORAGE_KINDS)}{_suggest(storage, STORAGE_KINDS)}")
    elif (storage == "native") == ("opmath" in entry):
        report(line("storage", entry.line), f"{where}: a dtype with an 'opmath' needs a 'storage' other than "
                                            "'native', and only such a dtype")
    fmt = values["format"]
    if fmt is not None and category in _FORMATS and (len(fmt) != 1 or fmt not in _FORMATS[category]):
        report(line("format"), f"{where}: format {fmt!r} is not a memoryview format of a {category} dtype, "
                               f"expected one of {list(_FORMATS[category])}")
    elif fmt is not None and struct.calcsize(fmt) * (2 if category == "complex" else 1) != size:
        report(line("format"), f"{where}: format {fmt!r} reads {struct.calcsize(fmt)} bytes, not the "
                               f"{'half of ' if category == 'complex' else ''}{size} bytes of an element")
    typestr = values["typestr"]
    if typestr is not None and category in _TYPESTR_KINDS:
        kind = ("i" if values["signed"] else "u") if category == "integral" else _TYPESTR_KINDS[category]
        expected = f"{'|' if size == 1 else '<'}{kind}{size}"
        if typestr != expected:
            report(line("typestr"), f"{where}: typestr {typestr!r} does not describe a little-endian {category} "
                                    f"dtype of {size} bytes, expected {expected!r}")
    method = values["method"]
    if method is not None and not method.isidentifier():
        report(line("method"), f"{where}: method {method!r} must be a Python identifier")


def _parse_promotion(data, report, dtypes, categories, errors):
    block = data.get("promotion")
    if not isinstance(block, LinedDict):
        report(data.key_lines.get("promotion", 1), "promotion: expected a mapping with 'columns' and 'rows'")
        return (), ()
    _check_keys(report, "promotion", block, ("columns", "rows"), ())
    by_code = {d.code: d for d in dtypes}
    columns = block.get("columns") or []
    rows = block.get("rows") or LinedDict()
    col_line = block.key_lines.get("columns", block.line)
    for code in columns:
        if code not in by_code:
            report(col_line, f"promotion columns: unknown dtype code {code!r}{_suggest(code, by_code)}")
    for d in dtypes:
        if d.code not in columns:
            report(col_line, f"promotion columns: no column for dtype {d.name!r} (code {d.code!r})")
        if d.code not in rows:
            report(block.key_lines.get("rows", block.line),
                   f"promotion rows: missing row for dtype {d.name!r} (code {d.code!r})")
    table, marks = {}, {}
    for code, row in rows.items():
        line = rows.key_lines.get(code, rows.line)
        if code not in by_code:
            report(line, f"promotion rows: unknown dtype code {code!r}{_suggest(code, by_code)}")
            continue
        if not isinstance(row, list) or len(row) != len(columns):
            report(line, f"promotion row {code!r}: expected {len(columns)} entries (one per column), "
                         f"got {len(row) if isinstance(row, list) else row!r}")
            continue
        for col, value in zip(columns, row):
            if value not in errors and value not in by_code:
                report(line, f"promotion row {code!r}, column {col!r}: unknown dtype code {value!r}, "
                             f"expected one of {sorted(by_code)} or a marker of promotion_errors {list(errors)}")
                continue
            table[(code, col)] = None if value in errors else value
            marks[(code, col)] = value if value in errors else None
    # The lattice properties PyTorch's table has; a broken row is named by its line.
    rank = {c: i for i, c in enumerate(categories)}
    codes = [d.code for d in dtypes]
    if all((a, b) in table for a in codes for b in codes) and all(d.category in rank for d in dtypes):
        for a in codes:
            line = rows.key_lines.get(a, rows.line)
            if table[(a, a)] != a:
                report(line, f"promotion row {a!r}: promote({a}, {a}) must be {a!r} (idempotent), got {table[(a, a)]!r}")
            for b in codes:
                r = table[(a, b)]
                if r != table[(b, a)]:
                    report(line, f"promotion row {a!r}: not symmetric: promote({a}, {b}) = {r!r} "
                                 f"but promote({b}, {a}) = {table[(b, a)]!r}")
                if r is not None and rank[by_code[r].category] < max(rank[by_code[a].category], rank[by_code[b].category]):
                    report(line, f"promotion row {a!r}: promote({a}, {b}) = {r!r} lowers the category")
        for a, b, c in itertools.product(codes, repeat=3):
            ab, bc = table[(a, b)], table[(b, c)]
            if ab is None or bc is None:
                continue
            left, right = table[(ab, c)], table[(a, bc)]
            if left is not None and right is not None and left != right:
                report(rows.key_lines.get(a, rows.line),
                       f"promotion row {a!r}: not associative: promote(promote({a}, {b}), {c}) = {left!r} "
                       f"but promote({a}, promote({b}, {c})) = {right!r}")
                return (), ()
        return (tuple(tuple(None if table[(a, b)] is None else by_code[table[(a, b)]].name for b in codes)
                      for a in codes), tuple(tuple(marks[(a, b)] for b in codes) for a in codes))
    return (), ()


# --------------------------------------------------------------------------- ops.yaml
_CONFIG_KEYS = ("arity", "promote_inputs_to_common_dtype", "promote_integer_inputs_to_float",
                "cast_common_dtype_to_outputs", "enforce_safe_casting_to_output", "output_dtype", "output",
                "condition", "exact_out", "check_scalars", "meta")
# the named type resolvers of runtime/_meta.py (a test keeps the two lists equal)
META_NAMES = ("where", "float_power", "clamp_scalar", "lerp", "isclose")
_OP_KEYS = ("config", "signatures", "dtypes", "label", "expr", "params", "checks", "kernel",
            "names", "loop", "when", "shortcuts", "errors", "unstructured")
# the sub-keys of an op's `names:` (its Python names) and `loop:` (what shapes its C loop)
NAMES_KEYS = ("function", "method", "inplace", "aliases", "operators")
LOOP_KEYS = ("opmath", "raw", "simd", "fuse", "no_simd")
SHORTCUT_KEYS = ("operand", "values", "bools")
SHORTCUT_RESULTS = ("ones", "self")
OPMATH_KINDS = ("scalar", "params")


def _parse_configs(data, report, dtype_names):
    configs = []
    block = data.get("configs") or LinedDict()
    for name, entry in block.items():
        where = f"config {name!r}"
        if not isinstance(entry, LinedDict):
            report(block.key_lines[name], f"{where}: expected a mapping of flags")
            continue
        _check_keys(report, where, entry, ("arity",), _CONFIG_KEYS[1:])
        flags = [_typed(report, where, entry, k, bool, "true or false", False) for k in _CONFIG_KEYS[1:5]]
        arity = _typed(report, where, entry, "arity", int, "1 or 2", 1)
        out_dtype = _typed(report, where, entry, "output_dtype", str, "a dtype name")
        if out_dtype is not None and out_dtype not in dtype_names:
            report(entry.key_lines["output_dtype"], f"{where}: unknown dtype {out_dtype!r}{_suggest(out_dtype, dtype_names)}")
        output = _typed(report, where, entry, "output", str, "'same', 'real' or 'complex'", "same")
        if output not in ("same", "real", "complex"):
            report(entry.key_lines["output"], f"{where}: output must be 'same', 'real' or 'complex', got {output!r}")
        if arity not in (1, 2, 3):
            report(entry.key_lines.get("arity", entry.line), f"{where}: arity must be 1, 2 or 3, got {arity!r}")
        extra = {k: _typed(report, where, entry, k, bool, "true or false", False)
                 for k in ("condition", "exact_out")}
        checked = _typed(report, where, entry, "check_scalars", (bool, list), "true, or a list of dtypes", False)
        extra["check_scalars"] = tuple(checked) if isinstance(checked, list) else checked
        meta = _typed(report, where, entry, "meta", str, "a meta function's name", None)
        if meta is not None and meta not in META_NAMES:
            report(entry.key_lines["meta"], f"{where}: unknown meta function {meta!r}, expected one of "
                                            f"{list(META_NAMES)}{_suggest(meta, META_NAMES)}")
        configs.append(Config(name, arity, *flags, out_dtype, output, meta=meta, line=entry.line, **extra))
    return configs


def _resolve_dtypes(report, where, line, items, groups, dtype_names, stack=()):
    out = []
    for item in items:
        if item in dtype_names:
            out.append(item)
        elif item in groups and item not in stack:   # a group's own problems are reported at its line
            out.extend(_resolve_dtypes(report, f"dtype group {item!r}", getattr(groups, "key_lines", {}).get(item, line),
                                       groups[item], groups, dtype_names, stack + (item,)))
        else:
            report(line, f"{where}: unknown dtype or dtype group {item!r}"
                         f"{_suggest(item, list(dtype_names) + list(groups))}")
    return list(dict.fromkeys(out))


def _by_dtype(report, where, line, mapping, groups, dtypes):
    """A mapping keyed by dtype, ops.yaml dtype group, category or `default`, resolved to
    ((dtype name, value), ...) for every dtype it covers (a dtype's own key first, then its
    groups in declaration order, its category, the default), plus ("default", value) if given."""
    names = [d.name for d in dtypes]
    members = {g: _resolve_dtypes(lambda *a: None, "", 0, [g], groups, names) for g in groups}
    for key in mapping:
        if key != "default" and key not in names and key not in groups and key not in CATEGORY_NAMES:
            report(line, f"{where}: key {key!r} is not a dtype, a dtype group, a category or 'default'"
                         f"{_suggest(key, names + list(groups))}")
    out = []
    for d in dtypes:
        keys = [d.name] + [g for g in groups if d.name in members[g]] + [d.category, "default"]
        key = next((k for k in keys if k in mapping), None)
        if key is not None:
            out.append((d.name, mapping[key]))
    if "default" in mapping:
        out.append(("default", mapping["default"]))
    return tuple(out)


def _flatten(report, name, entry, namespaces):
    """The entry with its `names:` and `loop:` sub-keys lifted to its own level (each keeps its
    line), which the rest of the parser reads; an old flat key is reported where it belongs.
    An op named with a namespace's prefix is that namespace's function (special_i0e is
    special.i0e, as aten names torch.special's ops) unless `names:` gives a function."""
    flat = LinedDict((k, v) for k, v in entry.items() if k not in ("names", "loop"))
    flat.line, flat.key_lines = entry.line, dict(entry.key_lines)
    for group, keys in (("names", NAMES_KEYS), ("loop", LOOP_KEYS)):
        for key in keys:
            if key in entry:
                report(entry.key_lines[key], f"op {name!r}: {key!r} belongs under '{group}:' "
                                             f"(`{group}: {{{key}: ...}}`)")
        sub = entry.get(group)
        if sub is None:
            continue
        if not isinstance(sub, LinedDict) or not sub:
            report(entry.key_lines[group], f"op {name!r}: {group} must be a mapping with some of "
                                           f"{', '.join(keys)}, got {sub!r}")
            continue
        _check_keys(report, f"op {name!r}: {group}", sub, (), keys)
        for key in keys:
            if key in sub:
                flat[key] = sub[key]
                flat.key_lines[key] = sub.key_lines[key]
    if "function" not in flat:
        for ns, prefix in namespaces.items():
            if prefix and name.startswith(prefix) and name[len(prefix):].isidentifier():
                flat["function"] = f"{ns}.{name[len(prefix):]}"
    return flat


def _parse_ops(data, report, dtypes, configs, namespaces):
    dtype_names = [d.name for d in dtypes]
    by_name = {d.name: d for d in dtypes}
    config_by = {c.name: c for c in configs}
    groups = data.get("dtype_groups") or {}
    check_texts = data.get("checks") or {}
    block = data.get("ops") or LinedDict()
    raw = {}
    for name, entry in block.items():
        if not isinstance(entry, LinedDict):
            report(block.key_lines[name], f"op {name!r}: expected a mapping")
            continue
        # (an old flat key of names:/loop: is reported by _flatten, with where it goes)
        _check_keys(report, f"op {name!r}", entry, ("config",), _OP_KEYS[1:] + NAMES_KEYS + LOOP_KEYS)
        raw[name] = _flatten(report, name, entry, namespaces)

    ops, functions, operators = [], {}, {}
    for name, entry in raw.items():
        where = f"op {name!r}"
        line_of = lambda key, e=entry: e.key_lines.get(key, e.line)  # noqa: E731
        config_name = _typed(report, where, entry, "config", str, "a config name", "")
        config = config_by.get(config_name)
        if config is None and config_name:
            report(line_of("config"), f"{where}: unknown config {config_name!r}{_suggest(config_name, config_by)}")
        arity = config.arity if config else 1
        kernel_call = _typed(report, where, entry, "kernel", str, "an op name, a call of one, or input", name)
        returns_self = kernel_call.strip() == "input"       # torch.positive: its checks, then its input
        if returns_self:
            kernel_call = name
        kernel_of = kernel_call.split("(")[0].strip()
        source = entry
        if kernel_of != name:
            if kernel_of not in raw:
                report(line_of("kernel"), f"{where}: kernel {kernel_of!r} is not an op{_suggest(kernel_of, raw)}")
                source = None
            else:
                source = raw[kernel_of]
                for key in ("dtypes", "expr", "label"):
                    if key in entry:
                        report(line_of(key), f"{where}: {key!r} comes from kernel {kernel_of!r}; remove it here")
                if "kernel" in source:
                    report(line_of("kernel"), f"{where}: kernel {kernel_of!r} itself reuses another op's kernel")
        else:
            for key in ("dtypes", "expr", "label"):
                if key not in entry:
                    report(entry.line, f"{where}: missing key {key!r}")
        supported, exprs, label, scalar_label = [], [], (("default", "?"),), ()
        if source is not None:
            sline = lambda key: source.key_lines.get(key, source.line)  # noqa: E731
            items = _typed(report, f"op {kernel_of!r}", source, "dtypes", list, "a list of dtypes or groups", [])
            supported = _resolve_dtypes(report, f"op {kernel_of!r}", sline("dtypes"), items, groups, dtype_names)
            label = _typed(report, f"op {kernel_of!r}", source, "label", (str, dict),
                           "a kernel label, or a mapping by dtype, group or category", "?")
            label = {"default": label} if isinstance(label, str) else label
            scalar = label.get("scalar", {})       # the 1-element-second-operand path's labels
            if not isinstance(scalar, dict):
                report(sline("label"), f"op {kernel_of!r}: label scalar: needs a mapping by dtype, group or category")
                scalar = {}
            scalar_label = _by_dtype(report, f"op {kernel_of!r}: label scalar", sline("label"), scalar, groups, dtypes)
            label = _by_dtype(report, f"op {kernel_of!r}: label", sline("label"),
                              {k: v for k, v in label.items() if k != "scalar"}, groups, dtypes)
            for key, text in label + scalar_label:
                if not isinstance(text, str) or not text.isidentifier():
                    report(sline("label"), f"op {kernel_of!r}: label of {key}: {text!r} is not a kernel label "
                                           "(a C identifier, as torch prints it)")
                    break
            expr = source.get("expr")
            if isinstance(expr, str):
                expr = {"default": expr}
            if not isinstance(expr, dict):
                if "expr" in source:
                    report(sline("expr"), f"op {kernel_of!r}: expr must be a C expression or a mapping by category/dtype")
                expr = {}
            for key in expr:
                if key not in ("default",) + CATEGORY_NAMES and key not in dtype_names:
                    report(expr.key_lines.get(key, sline("expr")),
                           f"op {kernel_of!r}: expr key {key!r} is not 'default', a category or a dtype"
                           f"{_suggest(key, ('default',) + CATEGORY_NAMES + tuple(dtype_names))}")
            for d in supported:
                key = next((k for k in (d, by_name[d].category, "default") if k in expr), None)
                text = expr.get(key) if key else None
                if not isinstance(text, str) or not text.strip():
                    if expr:
                        report(sline("expr"), f"op {kernel_of!r}: no expr for dtype {d!r} "
                                              f"(give 'default', {by_name[d].category!r} or {d!r})")
                    continue
                line = expr.key_lines.get(key, sline("expr")) if hasattr(expr, "key_lines") else sline("expr")
                exprs.append((d, text, line))
        simd, block = _parse_simd(report, where, entry, supported, arity, bool(entry.get("params")))
        fuse = _typed(report, where, entry, "fuse", bool, "true or false", False)
        if fuse and (arity != 2 or not simd):
            report(line_of("fuse"), f"{where}: fuse is for binary ops with simd dtypes")
        raw_dtypes = _resolve_dtypes(report, where, line_of("raw"),
                                     _typed(report, where, entry, "raw", list, "a list of dtypes or groups", [])
                                     or [], groups, dtype_names)
        for d in raw_dtypes:
            if d not in supported or by_name[d].storage == "native":
                report(line_of("raw"), f"{where}: raw dtype {d!r} must be one of the op's dtypes, with a storage")
        no_simd = _typed(report, where, entry, "no_simd", list, "a list of dtypes", []) or []
        for d in no_simd:
            if d not in supported or by_name[d].storage not in ("half", "bfloat"):
                report(line_of("no_simd"), f"{where}: no_simd dtype {d!r} must be one of the op's float16/bfloat16 dtypes")
        params = _typed(report, where, entry, "params", dict, "a mapping of name: default", {}) or {}
        for p, default in params.items():
            if not (isinstance(default, (bool, int, float)) or default in ("max", "lowest")) or not p.isidentifier():
                report(params.key_lines.get(p, line_of("params")),
                       f"{where}: param {p!r} needs a numeric default, or 'max'/'lowest' (the dtype's limits)")
        checks = []
        raw_checks = _typed(report, where, entry, "checks", list, "a list of checks", []) or []
        for c, cline in zip(raw_checks, getattr(raw_checks, "item_lines", [])):
            if isinstance(c, str):
                if c not in check_texts:
                    report(cline, f"{where}: unknown check {c!r}{_suggest(c, check_texts)}")
                checks.append(c)
            elif isinstance(c, LinedDict):
                checks.append(_parse_check(report, where, c, dtype_names, arity))
            else:
                report(cline, f"{where}: a check is a check name or a mapping (reject:/out_dtype:, message:)")
        function = _typed(report, where, entry, "function", (str, type(None)), "a name or null", name) if "function" in entry else name
        # a namespaced function (special.i0e) has no Tensor method unless the entry names one
        plain_method = function if function is None or "." not in function else None
        method = _typed(report, where, entry, "method", (str, type(None)), "a name or null", function) if "method" in entry else plain_method
        aliases = _typed(report, where, entry, "aliases", list, "a list of names", []) or []
        for fname, key in [(function, "function")] + [(a, "aliases") for a in aliases]:
            if key == "aliases" and not isinstance(fname, str):
                report(line_of(key), f"{where}: alias {fname!r} must be a name")
            elif isinstance(fname, str):
                _check_namespace(report, where, line_of(key), fname, namespaces)
        aliases = [a for a in aliases if isinstance(a, str)]
        if method is not None and not str(method).isidentifier():
            report(line_of("method"), f"{where}: method {method!r} must be a Python name (no namespace)")
        inplace = _typed(report, where, entry, "inplace", (bool, str, list),
                         "true, false, function, or the names with a function form", None)
        if isinstance(inplace, str) and inplace != "function" or isinstance(inplace, list) and not set(
                inplace) <= {function, *aliases}:
            report(line_of("inplace"), f"{where}: inplace must be true, false, function, or a list of the names "
                                       f"among {[function, *aliases]} that have a function form, got {inplace!r}")
            inplace = None
        when = _typed(report, where, entry, "when", dict, "a mapping argument: kind, or keyword: value", {}) or {}
        ops_map = _typed(report, where, entry, "operators", dict, "a mapping dunder: call", {}) or {}
        for dunder, call in ops_map.items():
            ln = ops_map.key_lines.get(dunder, line_of("operators"))
            if dunder not in OPERATOR_DUNDERS or not isinstance(call, str):
                report(ln, f"{where}: operator {dunder!r} must be one of Python's operator methods mapped to a "
                           f"call{_suggest(str(dunder), OPERATOR_DUNDERS)}")
            elif dunder in operators:
                report(ln, f"{where}: duplicate operator {dunder!r} (also in op {operators[dunder]!r})")
            operators.setdefault(dunder, name)
        for fname in [function] + list(aliases):
            if fname is None:
                continue
            # one function may have several variants (when:) but only one plain op
            plain = "when" not in entry
            first, has_plain = functions.get(fname, (name, False))
            if plain and has_plain:
                report(line_of("function" if fname == function else "aliases"),
                       f"{where}: duplicate function name {fname!r} (also op {first!r}); "
                       f"variants of one function need 'select' or 'when'")
            functions[fname] = (first, has_plain or plain)
        signatures = _parse_signatures(report, where, entry, [function] + list(aliases), raw, name)
        opmath = _typed(report, where, entry, "opmath", list, "a list of: scalar, params", []) or []
        for o in opmath:
            if o not in OPMATH_KINDS:
                report(line_of("opmath"), f"{where}: opmath takes scalar and params, got {o!r}"
                                          f"{_suggest(o, OPMATH_KINDS)}")
        args = _operand_names(raw, function, arity)
        # when: kinds of operands (torch's overloads), or the value of one keyword (div's rounding_mode)
        selects = [(k, v) for k, v in when.items() if k not in args and k != "any"]
        if len(selects) > 1 or (selects and len(when) > 1):
            report(line_of("when"), f"{where}: when takes kinds of operands, or the value of one keyword, "
                                    f"not {', '.join(map(str, when))}")
        select = selects[0] if selects else None
        when = {k: v for k, v in when.items() if select is None}
        target = config_by.get((raw.get(kernel_of) or {}).get("config"))
        compose, negate = _parse_composition(report, where, line_of("kernel"), kernel_call, args, params,
                                             target.arity if target else None)
        ops.append(Op(
            name=name, config=config_name, arity=arity, dtypes=tuple(supported), label=label,
            exprs=tuple(exprs), kernel_of=kernel_of, compose=compose, negate=negate, params=tuple(params.items()),
            checks=tuple(checks), signatures=signatures,
            scalar_opmath="scalar" in opmath,
            function=function, method=method, inplace=inplace, aliases=tuple(aliases), select=select,
            operators=tuple(ops_map.items()),
            has_out=any(p.name == "out" for _, sigs in signatures[:1] for sig in sigs for p in sig.params),
            args=args, param_args=tuple(a for a in args if a in params),
            when=tuple(when.items()),
            shortcuts=_parse_shortcuts(report, where, entry, arity),
            exact_params="params" in opmath,
            simd=tuple(simd), block=block, fuse=bool(fuse), raw=tuple(raw_dtypes), no_simd=tuple(no_simd),
            errors=_parse_errors(report, where, entry),
            scalar_label=scalar_label, returns_self=returns_self,
            unstructured=_typed(report, where, entry, "unstructured", bool, "true or false", False),
            line=entry.line))
    # variants of a function take out= as its signatures say, and leave out the arguments
    # they let be None
    out_of = {op.function: op.has_out for op in ops if op.signatures}
    nullable = {op.function: {p.name for _, sigs in op.signatures for sig in sigs for p in sig.params if p.nullable}
                for op in ops if op.signatures}
    # the in-place method: `<function>_` where the function takes out=, unless `names: {inplace}` says
    # otherwise (the same for all of a function's variants)
    declared = {}
    for op in ops:
        if op.inplace is not None:
            declared.setdefault(op.function, op.inplace)
    # (torch.special has no in-place forms, torch.special.expit_ does not exist: `function` makes
    # none for a namespaced name; nn.functional has some, F.relu_, which an explicit list names)
    forms = {f: (tuple(n for n in (f, *next(o.aliases for o in ops if o.function == f)) if "." not in n)
                 if v == "function" else tuple(v))
             for f, v in declared.items() if isinstance(v, (str, list))}
    ops = [replace(op, has_out=out_of.get(op.function, op.has_out),
                   optional=tuple(a for a in op.args if a in nullable.get(op.function, ())),
                   inplace=f"{op.method if '.' in op.function else op.function}_"
                   if op.function and op.method and declared.get(
                       op.function, out_of.get(op.function, op.has_out)) else None,
                   inplace_functions=forms.get(op.function, ())) for op in ops]
    _check_variants(report, raw, ops)
    _check_operator_calls(report, raw, ops)
    return ops


_BINARY = ("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "and", "xor", "or")
OPERATOR_DUNDERS = tuple(f"__{p}{n}__" for n in _BINARY for p in ("", "r", "i")) + tuple(
    f"__{n}__" for n in ("lt", "le", "eq", "ne", "gt", "ge", "neg", "pos", "abs", "invert"))
_UNARY_DUNDERS = ("__neg__", "__pos__", "__abs__", "__invert__")
_KINDS = ("number", "none", "tensor") + tuple(f"tensor:{c}" for c in CATEGORY_NAMES)


def _check_variants(report, raw, ops):
    """`when` names the op's arguments (or `any`) and kinds; `select` a keyword of the function."""
    keywords, params, optional = {}, {}, {}
    for op in ops:
        for _, sigs in op.signatures:
            keywords.setdefault(op.function, set()).update(p.name for sig in sigs for p in sig.params)
            # a keyword some overload lacks is None when that overload matched (round(x): decimals)
            optional.setdefault(op.function, set()).update(
                p.name for sig in sigs for p in sig.params if any(p.name not in {q.name for q in s.params} for s in sigs))
            for p in (p for sig in sigs for p in sig.params):
                params.setdefault((op.function, p.name), []).append(p)
    for op in ops:
        entry = raw[op.name]
        line = entry.key_lines.get("when", entry.line)
        for arg, kinds in op.when:
            for kind in kinds if isinstance(kinds, list) else [kinds]:
                if kind not in _KINDS:
                    report(line, f"op {op.name!r}: when {arg}: unknown kind {kind!r}, expected one of "
                                 f"{', '.join(_KINDS)}{_suggest(str(kind), _KINDS)}")
        if op.select and op.select[0] not in keywords.get(op.function, ()):
            report(line, f"op {op.name!r}: when names {op.select[0]!r}, which is neither an operand of "
                         f"{op.function}() ({', '.join(op.args)}) nor a keyword of its signatures")
        elif op.select and not (op.select[1] is None and op.select[0] in optional.get(op.function, ())) and \
                not _takes(params.get((op.function, op.select[0]), ()), op.select[1]):
            report(line, f"op {op.name!r}: when {op.select[0]}: {op.select[1]!r} is not a value "
                         f"{op.function}()'s {op.select[0]!r} takes ('*': any other value)")


def _takes(params, value):
    """Whether one of these signature parameters accepts a `when` keyword value."""
    for p in params:
        if value == "*" or value is None and p.nullable or isinstance(value, str) and p.type == "str" or (
                type(value) in (int, float) and p.type in ("int", "float", "Number")):
            return True
    return False


def _check_operator_calls(report, raw, ops):
    """An operator is a call of the API on `self` (and `other`): a function, a function-less
    op's `_op_<name>`, or an in-place method of self; unary operators take no `other`."""
    functions = {n for op in ops for n in [op.function, *op.aliases] if n}
    functions |= {f"_op_{op.name}" for op in ops if op.function is None}
    inplace = {n for op in ops for n in [op.inplace] + [a + "_" for a in op.aliases if op.inplace] if n}
    for op in ops:
        entry = raw[op.name]
        for dunder, call in op.operators:
            if not isinstance(call, str) or dunder not in OPERATOR_DUNDERS:
                continue
            line = entry["operators"].key_lines.get(dunder, entry.line)
            names = {"self"} | ({"other"} if dunder not in _UNARY_DUNDERS else set())
            try:
                tree = ast.parse(call, mode="eval").body
            except SyntaxError:
                report(line, f"op {op.name!r}: operator {dunder}: {call!r} is not a Python call")
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    f = node.func
                    ok = (isinstance(f, ast.Name) and f.id in functions) or (
                        isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self"
                        and f.attr in inplace)
                    if not ok:
                        report(line, f"op {op.name!r}: operator {dunder}: {ast.unparse(f)!r} is not a function "
                                     f"or an in-place method of the API"
                                     f"{_suggest(ast.unparse(f), sorted(functions))}")
                elif isinstance(node, ast.Name) and node.id not in names and not any(
                        isinstance(c, ast.Call) and c.func is node for c in ast.walk(tree)):
                    report(line, f"op {op.name!r}: operator {dunder}: unknown name {node.id!r} "
                                 f"(a call takes {' and '.join(sorted(names))})")
            if dunder not in _UNARY_DUNDERS and "other" not in call:
                report(line, f"op {op.name!r}: operator {dunder} takes `other`; the call {call!r} leaves it out")


_ERROR_KEYS = ("out", "inplace", "value") + CATEGORY_NAMES


# the prefixes of the block functions defined in a C file of csrc/ (vtrig.c, vlogc.c, verfc.c,
# vpow.c, vpoly.c): the kernel template declares them, with an op's params as their last arguments
BLOCK_PREFIXES = ("ew_vt_", "ew_vl_", "ew_ve_", "ew_vp_", "ew_vo_")


def _parse_simd(report, where, entry, supported, arity, has_params=False):
    """`simd`: a list of dtypes, or a mapping dtype: {block: C function} (unary or binary ops).
    Returns (dtypes, block), the last as ((dtype, function), ...).
    An op with params may only name a block the template declares with them (BLOCK_PREFIXES)."""
    value = _typed(report, where, entry, "simd", (list, dict), "a list of dtypes, or a mapping dtype: {block}",
                   []) or []
    line = entry.key_lines.get("simd", entry.line)
    simd, block = [], []
    for d in value:
        if isinstance(value, dict):
            line = value.key_lines.get(d, line)
        if d not in supported:
            report(line, f"{where}: simd dtype {d!r} is not one of the op's dtypes")
        simd.append(d)
        fns = value[d] if isinstance(value, dict) else None
        if fns is None:
            continue
        if not isinstance(fns, dict) or arity not in (1, 2):
            report(line, f"{where}: simd {d}: a block C function is for unary and binary ops, as a mapping")
            continue
        for key, fn in fns.items():
            if key != "block" or not isinstance(fn, str) or not fn.isidentifier():
                report(line, f"{where}: simd {d}: expected block mapped to a C function name, "
                             f"got {key!r}: {fn!r}")
            elif key == "block" and has_params and not fn.startswith(BLOCK_PREFIXES):
                report(line, f"{where}: simd {d}: block {fn!r} of an op with params must be a function of "
                             f"csrc/vtrig.c, vlogc.c, verfc.c, vpow.c or vpoly.c (named {', '.join(p + '*' for p in BLOCK_PREFIXES)}), "
                             "which gets the params as its last arguments")
            else:
                block.append((d, fn))
    return tuple(simd), tuple(block)


# the {fields} the runtime fills into a text, by errors: key or inline check kind (runtime/_dispatch.py,
# runtime/checks.py); texts of other keys are raised as written
PLACEHOLDERS = {"out": ("out", "result", "out_cpp"), "inplace": ("out", "result", "out_cpp"), "value": ("value",),
                "reject_dtypes": ("dtype",), "reject_out": ("out",), "out_dtype": ("out", "input", "want")}


def _check_placeholders(report, where, line, kind, text):
    """A text the runtime formats names only the fields it is given, and is a valid format string."""
    allowed = PLACEHOLDERS.get(kind)
    if allowed is None or not isinstance(text, str):
        return
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(text) if f is not None]
    except ValueError as e:
        report(line, f"{where}: {kind} text {text!r} is not a format string ({e}); write a brace as {{{{ or }}}}")
        return
    for f in fields:
        if f not in allowed:
            report(line, f"{where}: {kind} text names {{{f}}}, which is none of "
                         f"{', '.join('{' + a + '}' for a in allowed)}{_suggest(f, allowed)}")


def _parse_errors(report, where, entry):
    errors = _typed(report, where, entry, "errors", dict, "a mapping out|inplace|value|<category>: text", {}) or {}
    for key, text in errors.items():
        if key not in _ERROR_KEYS or not isinstance(text, str):
            report(errors.key_lines.get(key, entry.line), f"{where}: errors needs one of {', '.join(_ERROR_KEYS)} "
                                                          f"mapped to a text, got {key!r}: {text!r}{_suggest(key, _ERROR_KEYS)}")
        else:
            _check_placeholders(report, where, errors.key_lines.get(key, entry.line), key, text)
    return tuple(errors.items())


def _parse_composition(report, where, line, call, args, params, arity):
    """`kernel: add(other, input, alpha=-alpha)`: the kernel's operands are this op's arguments
    (by name) or numbers, in the kernel's order; its params are this op's, maybe negated.
    Returns (compose, negate); ((), ()) for a plain `kernel: add` (or no kernel key)."""
    if "(" not in call:
        return (), ()
    try:
        node = ast.parse(call.strip(), mode="eval").body
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            raise SyntaxError
    except SyntaxError:
        report(line, f"{where}: kernel {call!r} is not an op name or a call like 'add(other, input, alpha=-alpha)'")
        return (), ()
    compose = []
    for a in node.args:
        if isinstance(a, ast.Name) and a.id in args:
            compose.append(("arg", args.index(a.id)))
        elif isinstance(a, ast.Constant) and type(a.value) in (int, float, bool):
            compose.append(("number", a.value))
        else:
            report(line, f"{where}: kernel operand {ast.unparse(a)!r} is neither an argument of the op "
                         f"({', '.join(args)}) nor a number")
    negate = []
    for k in node.keywords:
        v, neg = k.value, False
        if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub):
            v, neg = v.operand, True
        if k.arg not in params or not isinstance(v, ast.Name) or v.id != k.arg:
            report(line, f"{where}: kernel keyword {ast.unparse(k)!r} must pass a param of the op as itself "
                         f"(`{k.arg}={k.arg}` or `{k.arg}=-{k.arg}`)")
        elif neg:
            negate.append(k.arg)
    if arity is not None and arity != len(compose):
        report(line, f"{where}: kernel {node.func.id!r} takes {arity} operands, the call gives {len(compose)}")
    if compose == [("arg", i) for i in range(len(args))]:
        compose = []        # the op's own operands, in order (sub = add(input, other, alpha=-alpha))
    return tuple(compose), tuple(negate)


def _operand_names(raw, function, arity):
    """An op's operands, by torch's argument names, read off its function's signatures: the
    positional arguments of the overload with the most of them that are Tensors or not a
    param of one of the function's ops (`self` is `input`; nn.functional's `inplace` flag is none)."""
    entries = [e for n, e in raw.items() if e.get("function", n) == function]
    value = entries[0].get("signatures") if entries and function else None
    texts = value.get(function) if isinstance(value, dict) else value
    params = {p for e in entries if isinstance(e.get("params"), dict) for p in e["params"]}
    best = []
    for text in texts if isinstance(texts, list) else ():
        try:
            sig = schema.parse(text)
        except (schema.SchemaError, TypeError):
            continue                        # reported with the signatures
        names = [_slot_name(p.name) for p in sig.params
                 if not p.kwarg_only and p.name not in ("out", "inplace") and (p.type == "Tensor" or p.name not in params)]
        if not sig.deprecated and len(names) > len(best):
            best = names
    return tuple(best) or ("input", "other", "arg2")[:arity]


def _slot_name(name):
    return "input" if name == "self" else name


def _parse_signatures(report, where, entry, names, raw, name):
    """`signatures`: torch's overloads of the op's function (a list), or per name where an
    alias's differ (a mapping name: list).  The first op of a function declares them."""
    function = names[0]
    first = next(n for n, e in raw.items() if e.get("function", n) == function) if function else None
    value = entry.get("signatures")
    if function is None or first != name:
        if value is not None:
            report(entry.key_lines["signatures"], f"{where}: signatures belong to op {first!r}, the first op of "
                                                  f"{function!r}" if function else f"{where}: signatures need a function")
        return ()
    if value is None:
        report(entry.line, f"{where}: missing key 'signatures' (torch's overloads of {function}())")
        return ()
    per_name = value if isinstance(value, dict) else {n: value for n in names}
    if isinstance(value, dict) and sorted(value) != sorted(n for n in names if n):
        report(entry.key_lines["signatures"], f"{where}: signatures must name exactly {', '.join(names)}")
    out = []
    for n, texts in per_name.items():
        if not isinstance(texts, list) or not texts:
            report(entry.key_lines["signatures"], f"{where}: signatures of {n!r} must be a list of strings")
            continue
        sigs = []
        for text, line in zip(texts, getattr(texts, "item_lines", None) or [entry.key_lines["signatures"]] * len(texts)):
            try:
                sigs.append(schema.parse(text))
            except schema.SchemaError as e:
                report(line, f"{where}: signature {text!r}: {e}")
        out.append((n, tuple(sigs)))
    return tuple(out)


_CHECK_KEYS = ("reject", "operands", "inplace_only", "out_dtype", "reject_out", "reject_dtypes", "error", "message")
_ERRORS = ("RuntimeError", "NotImplementedError", "TypeError", "ValueError")


def _parse_check(report, where, c, dtype_names=(), arity=3):
    """An inline check: `reject` operand categories, or require an `out_dtype`, with torch's text.
    Stored as a sorted tuple of (key, value) pairs, so that the model stays hashable."""
    _check_keys(report, f"{where}: check", c, ("message",), _CHECK_KEYS)
    for key in ("message", "inplace_only"):
        _typed(report, f"{where}: check", c, key, str if key == "message" else bool,
               "a text" if key == "message" else "true or false")
    for key in ("reject_out", "reject_dtypes"):
        named = c.get(key, [])
        for d in named if isinstance(named, list) else [named]:
            if d not in dtype_names:
                report(c.key_lines[key], f"{where}: check {key}: unknown dtype {d!r}{_suggest(d, dtype_names)}")
    if sum(k in c for k in ("reject", "out_dtype", "reject_out", "reject_dtypes")) != 1:
        report(c.line, f"{where}: a check needs exactly one of 'reject', 'reject_dtypes', 'out_dtype' or 'reject_out'")
    reject = c.get("reject", [])
    reject = [reject] if isinstance(reject, str) else list(reject)
    for cat in reject:
        if cat not in CATEGORY_NAMES:
            report(c.key_lines.get("reject", c.line), f"{where}: check rejects unknown category {cat!r}, "
                                                      f"expected some of {list(CATEGORY_NAMES)}")
    ops_spec = c.get("operands", "self")
    if not (ops_spec in ("self", "any", "all") or (isinstance(ops_spec, list) and all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < arity for i in ops_spec))):
        report(c.key_lines["operands"], f"{where}: check operands must be 'self', 'any', 'all' or a list of "
                                        f"operand positions below {arity}, got {ops_spec!r}")
    if c.get("out_dtype", "bool") not in ("bool", "input"):
        report(c.key_lines["out_dtype"], f"{where}: check out_dtype must be 'bool' or 'input'")
    kind = next((k for k in ("reject_dtypes", "reject_out", "out_dtype") if k in c), None)
    _check_placeholders(report, f"{where}: check", c.key_lines.get("message", c.line), kind, c.get("message"))
    if c.get("error", "RuntimeError") not in _ERRORS:
        report(c.key_lines["error"], f"{where}: check error must be one of {list(_ERRORS)}")
    rec = dict(c, reject=tuple(reject)) if reject else dict(c)
    if isinstance(rec.get("operands"), (list, tuple)):
        rec["operands"] = tuple(rec["operands"])
    for key in ("reject_out", "reject_dtypes"):
        if key in c:
            rec[key] = tuple(c[key])
    return tuple(sorted(rec.items()))


def _parse_shortcuts(report, where, entry, arity):
    """`shortcuts: {operand: N, values: {number: ones|self}, bools: bool}` ->
    (operand, ((number, result), ...), bools)."""
    sc = _typed(report, where, entry, "shortcuts", dict, "a mapping {operand: N, values: {number: ones|self}}", None)
    if not sc:
        return ()
    _check_keys(report, f"{where}: shortcuts", sc, ("operand", "values"), ("bools",))
    line = sc.key_lines.get
    operand = _typed(report, f"{where}: shortcuts", sc, "operand", int, f"an operand position below {arity}", 0)
    if not 0 <= operand < arity:
        report(line("operand", sc.line), f"{where}: shortcuts operand must be an operand position below {arity}, "
                                         f"got {operand!r}")
    values = _typed(report, f"{where}: shortcuts", sc, "values", dict, "a mapping number: ones|self", {}) or {}
    for v, what in values.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            report(values.key_lines[v], f"{where}: shortcut value {v!r} must be a number")
        if what not in SHORTCUT_RESULTS:
            report(values.key_lines[v], f"{where}: shortcut result must be 'ones' or 'self', got {what!r}"
                                        f"{_suggest(what, SHORTCUT_RESULTS)}")
    bools = _typed(report, f"{where}: shortcuts", sc, "bools", bool, "true or false", False)
    return (operand, tuple(values.items()), bools)


def _parse_namespaces(data, report):
    """`namespaces`: name -> {prefix}; ((name, prefix), ...)."""
    block = data.get("namespaces") or LinedDict()
    out = []
    for name, entry in block.items():
        where = f"namespace {name!r}"
        if not isinstance(entry, LinedDict):
            report(block.key_lines[name], f"{where}: expected a mapping {{prefix: ...}}")
            continue
        _check_keys(report, where, entry, (), ("prefix",))
        if not all(part.isidentifier() for part in str(name).split(".")):
            report(block.key_lines[name], f"{where}: expected dotted Python identifiers (special, nn.functional)")
        out.append((name, _typed(report, where, entry, "prefix", str, "a string", "")))
    return tuple(out)


def namespace_of(name):
    """`special.i0e` -> ('special', 'i0e'); `add` -> ('', 'add')."""
    ns, _, short = name.rpartition(".")
    return ns, short


def _check_namespace(report, where, line, name, namespaces):
    ns, short = namespace_of(name)
    if ns and ns not in namespaces:
        report(line, f"{where}: unknown namespace {ns!r} in {name!r} (declared: {', '.join(namespaces) or 'none'})"
                     f"{_suggest(ns, namespaces)}")
    if not short.isidentifier():
        report(line, f"{where}: {name!r} is not a Python name")


def _parse_checks(data, report):
    block = data.get("checks") or LinedDict()
    out = []
    for name, texts in block.items():
        if not isinstance(texts, dict) or not all(isinstance(v, str) for v in texts.values()):
            report(block.key_lines[name], f"check {name!r}: expected a mapping of message texts")
            continue
        out.append((name, tuple(texts.items())))
    return tuple(out)


# --------------------------------------------------------------------------- entry point
def load_model(dtypes_path, ops_path) -> Model:
    """Parse and validate both files; raise ModelError listing every problem."""
    problems = []
    parsed = {}
    for path in (dtypes_path, ops_path):
        try:
            parsed[path] = load(path)
        except YAMLSyntaxError as e:
            problems.append(Problem(Path(e.path).name, e.line, e.message))
        except OSError as e:
            problems.append(Problem(Path(path).name, 1, f"cannot read: {e.strerror}"))
    if problems:
        raise ModelError(problems)
    rd, ro = _Reporter(dtypes_path), _Reporter(ops_path)
    dtypes, categories, default, choices, (promotion, marks), promotion_errors = _parse_dtypes(parsed[dtypes_path], rd)
    ops_data = parsed[ops_path]
    _check_keys(ro, "ops.yaml", ops_data, ("configs", "ops"),
                ("dtype_groups", "checks", "reduce_configs", "reductions", "namespaces"))
    configs = _parse_configs(ops_data, ro, {d.name for d in dtypes})
    checks = _parse_checks(ops_data, ro)
    namespaces = _parse_namespaces(ops_data, ro)
    ops = _parse_ops(ops_data, ro, dtypes, configs, dict(namespaces))
    reductions = reduce.parse(ops_data, ro, dtypes, _check_keys)
    problems = rd.problems + ro.problems
    if problems:
        raise ModelError(problems)
    groups, names = ops_data.get("dtype_groups") or {}, [d.name for d in dtypes]
    dtype_groups = tuple((g, tuple(_resolve_dtypes(lambda *a: None, "", 0, items, groups, names, (g,))))
                         for g, items in groups.items() if isinstance(items, list))
    return Model(dtypes=tuple(dtypes), categories=categories, default_dtype=default, default_complex=choices,
                 promotion=promotion, promotion_errors=promotion_errors, promotion_marks=marks, configs=tuple(configs),
                 checks=checks, ops=tuple(ops), sources=(str(dtypes_path), str(ops_path)), dtype_groups=dtype_groups,
                 reductions=reductions, namespaces=namespaces)
