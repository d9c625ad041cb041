"""Files rendered from the model that live outside generated/: the runtime's type stubs
(runtime/__init__.pyi, build output like generated/) and the reference docs (docs/ops.md,
docs/promotion.svg, committed so that the README can show them).

`python -m codegen` writes them when it builds the repository's own generated/, after the
build succeeded, and only the files whose content changed; `--check` names the stale ones."""
from __future__ import annotations

import os
from pathlib import Path

from . import schema
from .model import CATEGORY_NAMES, Model, namespace_of
from .render import HEADER, _env, python_functions, python_operators

ROOT = Path(__file__).resolve().parent.parent

STUB = "runtime/__init__.pyi"
DOCS = ("docs/ops.md", "docs/promotion.svg")

# repository path -> template
TEMPLATES = {
    STUB: "runtime.pyi.j2",
    "docs/ops.md": "ops.md.j2",
    "docs/promotion.svg": "promotion.svg.j2",
}

NUMBER = "_Number"          # the stub's alias for bool | int | float | complex
# dunders that object already defines with another signature: a Tensor result overrides them
_OBJECT_DUNDERS = {"__eq__", "__ne__"}


# --------------------------------------------------------------------------- type stubs
def _kinds(kind):
    return kind if isinstance(kind, (list, tuple)) else [kind]


_STUB_TYPES = {"Tensor": "Tensor", "Number": NUMBER, "int": "builtins.int", "float": "builtins.float",
               "bool": "builtins.bool", "str": "builtins.str", "ScalarType": "dtype",
               "int[1]": "builtins.int | Sequence[builtins.int]", "Tensor[2]": "builtins.tuple[Tensor, Tensor]"}


def _stub_param(p, numbers_as_tensors):
    t = _STUB_TYPES[p.type] + (f" | {NUMBER}" if p.type == "Tensor" and numbers_as_tensors else "")
    t += " | None" if p.nullable else ""
    return f"{p.name}: {t}" + ("" if p.required else f" = {p.default!r}")


def stub_functions(model: Model) -> list:
    """Per Python name (function, alias, method, in-place method): one stub parameter list
    per signature torch shows (deprecated ones left out)."""
    out = []
    for f in python_functions(model):
        for name, kind, sigs, _ in f["parsers"]:
            overloads = []
            for sig in sigs:
                if sig.deprecated:
                    continue
                params, star = (["self"] if kind in ("method", "inplace") else []), False
                for p in sig.params:
                    if p.kwarg_only and not star:
                        params.append("*")
                        star = True
                    params.append(_stub_param(p, name in schema.NUMBERS_AS_TENSORS))
                overloads.append(", ".join(params))
            out.append(dict(name=name, kind=kind, overloads=list(dict.fromkeys(overloads))))
    return out + _stub_reductions(model)


def _stub_reductions(model: Model) -> list:
    """The reductions' functions and methods; an overload with a tuple out= returns the pair."""
    out = []
    for r in model.reductions.ops:
        if r.function is None:
            continue
        methods = [m for m in map(schema.method_signature, r.signatures) if m]
        pair_out = model.reductions.config(r.config).outputs in ("both", "pair")
        for name, kind, sigs in ((r.function, "function", r.signatures), (r.method, "method", methods),
                                 (r.inplace, "method", methods)):
            if name is None:          # (no Tensor.var_mean; no in-place form)
                continue
            overloads, returns = [], []
            for sig, full in zip(sigs, [s for s in r.signatures if kind == "function" or schema.method_signature(s)]):
                params, star = ([] if kind == "function" else ["self"]), False
                for p in sig.params:
                    if p.kwarg_only and not star:
                        params.append("*")
                        star = True
                    params.append(_stub_param(p, False))
                overloads.append(", ".join(params))
                pair = any(p.type == "Tensor[2]" for p in full.params) or (pair_out and not r.no_dim)
                returns.append("builtins.tuple[Tensor, Tensor]" if pair else "Tensor")
            out.append(dict(name=name, kind=kind, overloads=overloads, returns=returns))
    return out


def stub_operators(model: Model) -> list:
    out = []
    for o in python_operators(model):
        params = f"self, other: Tensor | {NUMBER}" if o["binary"] else "self"
        out.append(dict(dunder=o["dunder"], params=params,
                        ignore="  # type: ignore[override]" if o["dunder"] in _OBJECT_DUNDERS else ""))
    return out


def dtype_names(model: Model) -> list:
    """rt.float32, rt.float, ...: every dtype and alias, as runtime.dtypes.dtype_names()."""
    names = []
    for d in model.dtypes:
        names += [d.name, *d.aliases]
    return names


# --------------------------------------------------------------------------- reference page
_SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%", "pow": "**",
            "and": "&", "or": "|", "xor": "^", "lshift": "<<", "rshift": ">>", "eq": "==", "ne": "!=",
            "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_UNARY = {"neg": "-x", "pos": "+x", "abs": "abs(x)", "invert": "~x"}


def operator_form(dunder: str) -> str:
    """__add__ -> `x + y`, __radd__ -> `n + x`, __iadd__ -> `x += y`, __neg__ -> `-x`."""
    name = dunder.strip("_")
    if name in _UNARY:
        return _UNARY[name]
    if name in _SYMBOLS:
        return f"x {_SYMBOLS[name]} y"
    if name[0] == "r" and name[1:] in _SYMBOLS:
        return f"n {_SYMBOLS[name[1:]]} x"
    if name[0] == "i" and name[1:] in _SYMBOLS:
        return f"x {_SYMBOLS[name[1:]]}= y"
    return dunder


def compact_dtypes(model: Model, dtypes) -> list:
    """A dtype set as the fewest dtype groups of ops.yaml that cover it exactly (largest
    first), then the dtypes left over: [integral, floating, uint16]."""
    left = [d for d in model.dtypes if d.name in set(dtypes)]
    want = {d.name for d in left}
    parts = []
    for g, members in sorted(model.dtype_groups, key=lambda g: -len(g[1])):
        if members and set(members) <= want and set(members) & {d.name for d in left}:
            parts.append(g)
            left = [d for d in left if d.name not in members]
    return parts + [d.name for d in left]


def _python_call(op, overloaded: bool) -> str:
    """How an op is reached from Python: `div(…, rounding_mode='trunc')`, `clamp(…) with min:
    number, max: none` (the kinds of the arguments that choose it), `pow(…) otherwise`."""
    if op.function is None:
        return ""
    if op.select:
        kw, value = op.select
        shown = "<int>" if value == "*" else repr(value)
        return f"{op.function}(…, {kw}={shown})"
    if op.when:
        parts = []
        for a, kind in op.when:
            kinds = [k.split(":")[1] + " tensor" if k.startswith("tensor:") else k for k in _kinds(kind)]
            parts.append(f"{'some argument' if a == 'any' else a}: {' or '.join(kinds)}")
        return f"{op.function}(…) with {', '.join(parts)}"
    if overloaded:
        return f"{op.function}(…) otherwise"
    return f"{op.function}({', '.join(op.args)})"


def _config_flags(c) -> str:
    flags = []
    if c.promote_inputs:
        flags.append("promote inputs")
    if c.int_to_float:
        flags.append("integers to float")
    if c.cast_to_outputs:
        flags.append("cast to out=" + (" (safe casts only)" if c.safe_cast else ""))
    if c.output_dtype:
        flags.append(f"result {c.output_dtype}")
    if c.output == "real":
        flags.append("complex gives real")
    if c.output == "complex":
        flags.append("real gives complex")
    if c.condition:
        flags.append("condition operand (bool/uint8)")
    if c.exact_out:
        flags.append("out= of the exact result dtype")
    if c.check_scalars:
        flags.append("numbers must fit" + ("" if c.check_scalars is True else f" ({', '.join(c.check_scalars)})"))
    if c.meta:
        flags.append(f"meta function {c.meta}")
    if not (c.promote_inputs or c.condition):
        flags.append("operands of one dtype")
    return "; ".join(flags)


def doc_ops(model: Model) -> list:
    functions = {f["name"]: f for f in python_functions(model)}
    rows = []
    for op in model.ops:
        f = functions.get(op.function)
        overloaded = bool(f) and any(model.op(v["op"]).when for v in f["variants"])
        rows.append(dict(
            name=op.name, config=op.config, call=_python_call(op, overloaded), has_out=op.has_out,
            kernel="" if op.kernel_of == op.name else op.kernel_of,
            dtypes=compact_dtypes(model, model.op(op.kernel_of).dtypes),
            operators=[operator_form(d) for d, _ in op.operators],
            method=f["method"] if f and op.function else None,
            inplace=op.inplace, aliases=list(op.aliases),
            namespace=namespace_of(op.function)[0] if op.function else ""))
    return rows


def doc_namespaces(model: Model) -> list:
    """Per namespace of ops.yaml: its module, and its names that are aliases of ops declared
    under another function ([(name, op)], special.expit of sigmoid)."""
    out = []
    for ns, _ in model.namespaces:
        aliases = [(namespace_of(a)[1], op.name) for op in model.ops for a in op.aliases
                   if namespace_of(a)[0] == ns and (not op.function or namespace_of(op.function)[0] != ns)]
        out.append(dict(name=ns, aliases=sorted(aliases)))
    return out


def doc_reductions(model: Model) -> list:
    """One row per reduction of ops.yaml: its Python call, config rules and dtypes."""
    red = model.reductions
    rows = []
    for r in red.ops:
        c = red.config(r.config)
        result = ", ".join(f"{k}: {v}" for k, v in c.result)
        extra = []
        if r.function and not r.method:
            extra.append("no method")
        if r.inplace:
            extra.append(f"in-place `{r.inplace}`")
        if c.scan:
            extra.append("a scan: one output per element along `dim`")
        if r.name.startswith("norm_"):
            extra.append("run by `norm` (runtime/_norm.py) for its ord")
        rows.append(dict(name=r.name, call=" / ".join(f"{r.function}{s.printed()}" for s in r.signatures)
                         if r.function else "", extra="; ".join(extra), config=r.config, result=result,
                         dtypes=compact_dtypes(model, r.dtypes), label=r.label,
                         identity="yes" if c.identity else "no: empty input raises", simd=", ".join(r.simd)))
    return rows


# --------------------------------------------------------------------------- promotion picture
CATEGORY_COLOURS = {"bool": "#d9d9d9", "integral": "#9ecae1", "floating": "#a1d99b", "complex": "#fdae6b",
                    "undefined": "#ffffff"}


def promotion_grid(model: Model) -> dict:
    """The 16x16 table laid out for the SVG: cell geometry, result codes and categories."""
    cell_w, cell_h, left, top = 34, 22, 96, 96
    n = len(model.dtypes)
    cells = []
    for i, a in enumerate(model.dtypes):
        for j, b in enumerate(model.dtypes):
            r = model.promotion[i][j]
            rd = model.dtype(r) if r else None
            cells.append(dict(x=left + j * cell_w, y=top + i * cell_h, code=rd.code if rd else "–",
                              category=rd.category if rd else "undefined",
                              title=f"promote_types({a.name}, {b.name}) = {r or 'error'}"))
    legend = [dict(category=c, colour=CATEGORY_COLOURS[c],
                   label={"undefined": "no promotion"}.get(c, c))
              for c in CATEGORY_NAMES + ("undefined",)]
    width = left + n * cell_w + 40         # room for the last rotated column label
    legend_y = top + n * cell_h + 24
    return dict(cells=cells, dtypes=model.dtypes, cell_w=cell_w, cell_h=cell_h, left=left, top=top,
                width=width, height=legend_y + 44, legend=legend, legend_y=legend_y, colours=CATEGORY_COLOURS)


# --------------------------------------------------------------------------- rendering and writing
def render_published(model: Model) -> dict:
    """{repository path: text} of every published file."""
    env = _env()
    ctx = dict(model=model, header=HEADER, functions=stub_functions(model), operators=stub_operators(model),
               dtype_names=dtype_names(model), ops=doc_ops(model), grid=promotion_grid(model),
               reductions=doc_reductions(model), doc_namespaces=doc_namespaces(model),
               handwritten=HANDWRITTEN,
               groups=model.dtype_groups, configs=[(c, _config_flags(c)) for c in model.configs],
               alias_count=sum(1 for op in model.ops for a in op.aliases if "." not in a),
               namespaced_count=sum(1 for op in model.ops for n in (op.function, *op.aliases) if n and "." in n),
               number=NUMBER, namespaces=[ns for ns, _ in model.namespaces], function_names=sorted(
                   [n for f in python_functions(model) for n, kind, _, _ in f["parsers"]
                    if kind in ("function", "inplace_function") and "." not in n]
                   + [r.function for r in model.reductions.ops if r.function] + list(HANDWRITTEN[""])
                   + ["norm"]))   # (runtime/_norm.py)
    files = {path: env.get_template(tpl).render(**ctx) for path, tpl in TEMPLATES.items()}
    files.update(_namespace_stubs(model, env, ctx))
    return files


def namespace_stub(namespace: str) -> str:
    """special -> runtime/special.pyi; nn.functional -> runtime/nn/functional.pyi (and its
    parent package nn, runtime/nn/__init__.pyi)."""
    return f"runtime/{namespace.replace('.', '/')}.pyi"


# namespace functions written in Python rather than declared in ops.yaml (runtime/_nn.py)
# ("": the top level, runtime/_functions.py and rrelu/rrelu_ of _nn.py; their stubs are in runtime.pyi.j2; is_neg and resolve_neg
# are runtime/_views.py's, named in its __all__ list)
HANDWRITTEN = {"": ("allclose", "equal", "frexp", "rrelu", "rrelu_"), "nn.functional": ("softsign", "rrelu", "rrelu_")}
# their stubs' parameters, where not (input: Tensor)
HANDWRITTEN_PARAMS = {"nn.functional.rrelu": "input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, "
                                             "training: bool = False, inplace: bool = False",
                      "nn.functional.rrelu_": "input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, "
                                              "training: bool = False"}


def _namespace_stubs(model: Model, env, ctx) -> dict:
    """One stub per namespace module and per parent package of one (nn of nn.functional)."""
    modules = {}
    for ns, _ in model.namespaces:
        parts = ns.split(".")
        for i in range(1, len(parts) + 1):
            modules.setdefault(".".join(parts[:i]), set())
            if i < len(parts):
                modules[".".join(parts[:i])].add(parts[i])
    out = {}
    for ns, children in modules.items():
        functions = [dict(f, short=namespace_of(f["name"])[1]) for f in ctx["functions"]
                     if f["kind"] in ("function", "inplace_function") and namespace_of(f["name"])[0] == ns]
        functions += [dict(name=f"{ns}.{short}", short=short,
                           overloads=[HANDWRITTEN_PARAMS.get(f"{ns}.{short}", "input: Tensor")])
                      for short in HANDWRITTEN.get(ns, ())]
        functions.sort(key=lambda f: f["short"])
        path = namespace_stub(ns) if ns not in {n.rsplit(".", 1)[0] for n in modules if "." in n} \
            else f"runtime/{ns.replace('.', '/')}/__init__.pyi"
        out[path] = env.get_template("namespace.pyi.j2").render(
            header=HEADER, module=f"runtime.{ns}", namespace=ns, children=sorted(children),
            functions=functions, number=NUMBER)
    return out


def select(files: dict, docs: bool = True) -> dict:
    return {p: t for p, t in files.items() if docs or p not in DOCS}


def stale_published(files: dict, root: Path = ROOT) -> list:
    return [p for p, text in sorted(files.items())
            if not (root / p).exists() or (root / p).read_text(encoding="utf-8") != text]


def write_published(files: dict, root: Path = ROOT) -> list:
    """Write the files whose content changed (atomically); return their paths."""
    written = []
    for p in stale_published(files, root):
        path = root / p
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f".{path.name}.{os.getpid()}.part")
        part.write_text(files[p], encoding="utf-8")
        part.replace(path)
        written.append(p)
    return written
