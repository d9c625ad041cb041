"""ops.yaml's `reduce_configs:` and `reductions:` -> frozen dataclasses, and their rendering
(generated/k_reduce.c from templates/reduce.c.j2, generated/reductions.py from
templates/reductions.py.j2).  model.load_model calls parse(); render.render calls render_files().

Kernels: one per (reduction, input dtype, value dtype), the value dtype being the result dtype
torch computes in (sum of int32: int64, read and widened as it is loaded; argmax: the input's
own).  dtype= casts the input first (as torch does), so it only needs the (d, d) kernels."""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import schema

CONFIG_KEYS = ("result", "reject", "dtype_arg", "out", "out_message", "identity", "index", "outputs", "dim", "no_dims",
               "out_allow", "out_reject", "one_element", "reject_first", "promote", "pair", "second", "param", "scan",
               "reject_with_dtype", "reject_with_out", "dispatch_empty")
OUT_KINDS = ("compute", "same", "result", "cast", "real")
OUTPUTS = ("values", "indices", "both", "pair")
PARAMS = ("correction",)         # what a config's `param` hands to `finish` as the C double `param`
SECONDS = ("same", "input")      # the second output's dtype of a `pair`
REDUCTION_REQUIRED = ("config", "dtypes", "label", "init", "combine")
REDUCTION_OPTIONAL = ("signatures", "acc", "finish", "function", "method", "reject", "empty_all", "empty_dim",
                      "other", "no_dim", "nan", "dtype_kernels", "empty_value", "empty_label", "simd",
                      "reject_after_dims", "delegate", "block", "state", "join", "finish2", "inplace",
                      "reject_zero_dim", "reject_full", "no_dims_error", "chunk", "out_composite")
OUT_COMPOSITES = ("std_complex_out", "logsumexp_real_out")   # runtime/_reduce_out.py
ERROR_CLASSES = ("RuntimeError", "IndexError", "TypeError", "ValueError", "NotImplementedError")


@dataclass(frozen=True)
class ReduceConfig:
    name: str
    result: tuple          # ((dtype or category or "default", "same" | dtype), ...)
    reject: tuple          # ((dtypes, error class, message), ...)
    dtype_arg: tuple | None   # None: no dtype=; ("cast", allowed dtypes or None, message)
    out: str               # one of OUT_KINDS
    out_message: str
    identity: bool
    index: bool
    outputs: str
    dim: str               # "list" | "int"
    no_dims: str = "all"   # what dim=() reduces: "all" | "none"
    out_allow: tuple = ()  # out= dtypes `result` also takes
    out_reject: tuple = () # out= dtypes `compute` refuses
    one_element: str | None = None   # "copy": one element per output runs no kernel
    reject_first: bool = True        # the dtype checks come before the empty-dim ones
    promote: tuple = ()              # ((dtypes), "default_float"): inputs cast to that first (logsumexp)
    pair: tuple = ()                 # outputs `pair`: the named tuple's two names (() a plain tuple)
    second: str = "same"             # outputs `pair`: the second output's dtype (SECONDS)
    param: str | None = None         # one of PARAMS: the runtime value `finish` sees as `param`
    scan: bool = False               # a scan (cumsum): one output per element, folded along one dim
    reject_with_dtype: bool = False  # `reject` runs whatever dtype= says (nanmean)
    reject_with_out: tuple = ()      # checks run first when out= is given (nanmean_out's own)
    dispatch_empty: bool = False     # a scan looks its kernel up for an empty input too (logcumsumexp)


@dataclass(frozen=True)
class Reduction:
    name: str
    config: str
    signatures: tuple      # (schema.Signature, ...); () for a reduction only another one runs (max_all)
    dtypes: tuple
    label: str
    acc: tuple             # ((dtype or category or "default", dtype), ...)
    init: tuple            # ((key, C), ...) by dtype / category / default
    combine: tuple
    finish: tuple
    function: str | None
    method: str | None
    reject: tuple
    empty_all: tuple | None   # (class, message)
    empty_dim: tuple | None
    other: str | None
    no_dim: str | None
    nan: str | None
    dtype_kernels: tuple = ()  # dtypes with a same-dtype kernel (dtype=, out=)
    empty_value: object = None
    empty_label: str | None = None
    simd: tuple = ()       # input dtypes whose loops also get an AVX2 flavour
    reject_after_dims: bool = False  # `reject` after the dims check, whatever dtype= says
    delegate: tuple = ()   # ((dtypes), reduction): inputs of these dtypes run that reduction
    state: str | None = None  # C struct fields of a state with several parts (Welford's mean, m2, n)
    join: tuple = ()       # with `state`: C statements merging state `o` into `s`
    finish2: tuple = ()    # outputs `pair`: C of the second output
    inplace: str | None = None  # the in-place method (cumsum_): the result written back into self
    reject_zero_dim: tuple = ()  # checks of torch's 0-dim shortcut (one_element: zero_dim), as reject
    reject_full: tuple = ()      # checks of a reduction over every element (no dim), as reject
    labels: tuple = ()           # ((dtype, label), ...): where the kernel torch names is not `label`
    no_dims_error: tuple | None = None   # (class, message): what dim=() raises without keepdim on a
                                         # non-empty input of some dims (logsumexp's broadcast check)
    line: int = 0
    block: tuple = ()      # ((input dtype, C function), ...): the AVX2 flavour's hand-written lane loop
    chunk: tuple = ()      # ((input dtype, C function), ...): with `state`, what folds a contiguous chunk
    out_composite: str | None = None   # one of OUT_COMPOSITES: torch's out= path made of other ops


@dataclass(frozen=True)
class Reductions:
    configs: tuple
    ops: tuple

    def config(self, name):
        return next(c for c in self.configs if c.name == name)

    def op(self, name):
        return next(r for r in self.ops if r.name == name)


def _by_dtype(mapping, dtype, default=None):
    """A per-dtype value: the dtype's own entry, its category's, a group's, else default."""
    for key in (dtype.name, dtype.category):
        if key in mapping:
            return mapping[key]
    return mapping.get("default", default)


def _mapping(report, where, line, value, what):
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return (("default", str(value)),)
    if isinstance(value, dict):
        return tuple((str(k), str(v)) for k, v in value.items())
    report(line, f"{where}: {what} must be a string or a mapping by dtype or category, got {value!r}")
    return ()


def _expand(items, groups, names):
    """Mapping keys that name dtype groups become one key per dtype of the group."""
    out = []
    for k, v in items:
        if k in groups and k not in names:
            out += [(d, v) for d in _flatten(groups, k, names)]
        else:
            out.append((k, v))
    return tuple(out)


def _flatten(groups, g, names, seen=()):
    out = []
    for item in groups.get(g, ()):
        if item in names:
            out.append(item)
        elif item in groups and item not in seen:
            out += _flatten(groups, item, names, seen + (g,))
    return out


def _error(report, where, line, value, key):
    if not (isinstance(value, dict) and set(value) == {"error", "message"} and value["error"] in ERROR_CLASSES
            and isinstance(value["message"], str)):
        report(line, f"{where}: {key} must be {{error: <one of {', '.join(ERROR_CLASSES)}>, message: <text>}}")
        return None
    return (value["error"], value["message"])


def _rejects(report, where, line, value, groups, names):
    out = []
    for item in value or ():
        if not (isinstance(item, dict) and set(item) == {"dtypes", "error", "message"}):
            report(line, f"{where}: each reject is {{dtypes: [...], error: <class>, message: <text>}}")
            continue
        dts = _resolve(report, where, line, item["dtypes"], groups, names)
        out.append((tuple(dts), item["error"], item["message"]))
    return tuple(out)


def _resolve(report, where, line, items, groups, names):
    out = []
    for item in items if isinstance(items, list) else [items]:
        if item in names:
            out.append(item)
        elif item in groups:
            out += _flatten(groups, item, names)
        else:
            report(line, f"{where}: unknown dtype or dtype group {item!r}")
    return list(dict.fromkeys(out))


def parse(data, report, dtypes, check_keys) -> Reductions:
    """The two sections; every problem reported with its line."""
    names = [d.name for d in dtypes]
    groups = dict(data.get("dtype_groups") or {})
    configs = []
    for name, entry in (data.get("reduce_configs") or {}).items():
        line = data["reduce_configs"].key_lines.get(name, 0)
        where = f"reduce config {name!r}"
        if not isinstance(entry, dict):
            report(line, f"{where}: expected a mapping")
            continue
        check_keys(report, where, entry, ("result", "out", "identity", "dim"), CONFIG_KEYS[1:])
        result = _expand(_mapping(report, where, line, entry.get("result", "same"), "result"), groups, names)
        for _, v in result:
            if v not in ("same", "real") and v not in names:
                report(line, f"{where}: result {v!r} is neither 'same', 'real' (a complex input's real dtype) "
                             "nor a dtype")
        darg = entry.get("dtype_arg")
        if darg == "cast":
            darg = ("cast", None, "")
        elif isinstance(darg, dict):
            darg = ("cast", tuple(_resolve(report, where, line, darg.get("allow", []), groups, names)),
                    darg.get("message", ""))
        elif darg is not None:
            report(line, f"{where}: dtype_arg must be 'cast' or {{cast, allow, message}}")
            darg = None
        if entry.get("out") not in OUT_KINDS:
            report(line, f"{where}: out must be one of {', '.join(OUT_KINDS)}")
        if entry.get("outputs", "values") not in OUTPUTS:
            report(line, f"{where}: outputs must be one of {', '.join(OUTPUTS)}")
        if entry.get("dim") not in ("list", "int"):
            report(line, f"{where}: dim must be 'list' or 'int'")
        configs.append(ReduceConfig(name, result, _rejects(report, where, line, entry.get("reject"), groups, names),
                                    darg, entry.get("out"), entry.get("out_message", ""),
                                    bool(entry.get("identity")), bool(entry.get("index")),
                                    entry.get("outputs", "values"), entry.get("dim"), entry.get("no_dims", "all"),
                                    tuple(_resolve(report, where, line, entry.get("out_allow", []), groups, names)),
                                    tuple(_resolve(report, where, line, entry.get("out_reject", []), groups, names)),
                                    entry.get("one_element"), bool(entry.get("reject_first", True)),
                                    **_config_extras(report, where, line, entry, groups, names)))
        if entry.get("no_dims", "all") not in ("all", "none"):
            report(line, f"{where}: no_dims must be 'all' or 'none'")
    config_names = {c.name for c in configs}
    ops = []
    block = data.get("reductions") or {}
    for name, entry in block.items():
        line = block.key_lines.get(name, 0)
        where = f"reduction {name!r}"
        if not isinstance(entry, dict):
            report(line, f"{where}: expected a mapping")
            continue
        check_keys(report, where, entry, REDUCTION_REQUIRED, REDUCTION_OPTIONAL)
        if entry.get("config") not in config_names:
            report(line, f"{where}: unknown reduce config {entry.get('config')!r}")
            continue
        sigs = []
        for text in entry.get("signatures") or ():
            try:
                sigs.append(schema.parse(text))
            except schema.SchemaError as e:
                report(line, f"{where}: signature {text!r}: {e}")
        function = entry.get("function", name)
        if function is not None and not sigs:
            report(line, f"{where}: a reduction with a function needs its signatures")
        empty_all = _error(report, where, line, entry["empty_all"], "empty_all") if "empty_all" in entry else None
        empty_dim = _error(report, where, line, entry["empty_dim"], "empty_dim") if "empty_dim" in entry else None
        ops.append(Reduction(
            name, entry["config"], tuple(sigs), tuple(_resolve(report, where, line, entry.get("dtypes", []), groups, names)),
            str(entry["label"].get("default", name) if isinstance(entry.get("label"), dict) else entry.get("label", name)),
            _expand(_mapping(report, where, line, entry.get("acc", {}), "acc"), groups, names),
            _expand(_mapping(report, where, line, entry.get("init", "0"), "init"), groups, names),
            _expand(_mapping(report, where, line, entry.get("combine", ""), "combine"), groups, names),
            _expand(_mapping(report, where, line, entry.get("finish", "acc"), "finish"), groups, names),
            function, entry.get("method", function),
            _rejects(report, where, line, entry.get("reject"), groups, names), empty_all, empty_dim,
            entry.get("other"), entry.get("no_dim"), entry.get("nan"),
            tuple(_resolve(report, where, line, entry.get("dtype_kernels", entry.get("dtypes", [])), groups, names)),
            entry.get("empty_value"), entry.get("empty_label"),
            tuple(_resolve(report, where, line, entry.get("simd", []), groups, names)),
            bool(entry.get("reject_after_dims")), _delegate(report, where, line, entry.get("delegate"), groups, names),
            entry.get("state"),
            _expand(_mapping(report, where, line, entry["join"], "join"), groups, names) if "join" in entry else (),
            _expand(_mapping(report, where, line, entry["finish2"], "finish2"), groups, names) if "finish2" in entry
            else (),
            entry.get("inplace"), _rejects(report, where, line, entry.get("reject_zero_dim"), groups, names),
            _rejects(report, where, line, entry.get("reject_full"), groups, names),
            _expand(_mapping(report, where, line, entry["label"], "label"), groups, names)
            if isinstance(entry.get("label"), dict) else (),
            _error(report, where, line, entry["no_dims_error"], "no_dims_error") if "no_dims_error" in entry else None,
            line, _expand(_mapping(report, where, line, entry.get("block", {}), "block"), groups, names),
            _expand(_mapping(report, where, line, entry.get("chunk", {}), "chunk"), groups, names),
            entry.get("out_composite")))
        if entry.get("out_composite", OUT_COMPOSITES[0]) not in OUT_COMPOSITES:
            report(line, f"{where}: out_composite must be one of {', '.join(OUT_COMPOSITES)}")
        _check_state(report, where, line, entry, red_config=next(c for c in configs if c.name == entry["config"]))
    known = {r.name for r in ops}
    for r in ops:
        for d, _ in r.block:
            if d not in r.simd:
                report(r.line, f"reductions.{r.name}: block {d!r} is not one of its simd dtypes")
    for r in ops:
        for key, target in (("no_dim", r.no_dim), ("delegate", r.delegate[1] if r.delegate else None)):
            if target and target not in known:
                report(r.line, f"reduction {r.name!r}: {key} {target!r} is not a reduction")
    return Reductions(tuple(configs), tuple(ops))


def _check_state(report, where, line, entry, red_config):
    """`state` needs `join` and statements; `finish2` goes with a pair; a scan has no index state."""
    if "state" in entry:
        if not isinstance(entry["state"], str) or not entry["state"].strip().endswith(";"):
            report(line, f"{where}: state must be C struct fields such as 'acc_t mean; double n;'")
        if "join" not in entry:
            report(line, f"{where}: a reduction with a state needs `join` (how two states merge)")
        for key in ("init", "combine", "join"):
            _statements(report, where, line, entry, key)
        if red_config.index:
            report(line, f"{where}: an index reduction has its own state; drop `state`")
    elif "chunk" in entry:
        report(line, f"{where}: chunk goes with state")
    if ("finish2" in entry) != (red_config.outputs == "pair"):
        report(line, f"{where}: finish2 (the second output) is needed exactly when the config's outputs is pair")
    if entry.get("inplace") and not red_config.scan:
        report(line, f"{where}: inplace is for scans (cumsum_)")


def _config_extras(report, where, line, entry, groups, names):
    """The config keys of the ops beyond sum/amax/argmax: promote, pair, second, param, scan."""
    out = {}
    promote = entry.get("promote")
    if promote is not None:
        if not (isinstance(promote, dict) and set(promote) == {"dtypes", "to"} and promote["to"] == "default_float"):
            report(line, f"{where}: promote must be {{dtypes: [...], to: default_float}}")
        else:
            out["promote"] = (tuple(_resolve(report, where, line, promote["dtypes"], groups, names)), promote["to"])
    if entry.get("outputs") == "pair":
        pair = entry.get("pair", [])
        if not (isinstance(pair, list) and (pair == [] or len(pair) == 2) and all(isinstance(n, str) for n in pair)):
            report(line, f"{where}: pair must be the two names of the named tuple, or [] for a plain tuple")
        else:
            out["pair"] = tuple(pair)
        if entry.get("second", "same") not in SECONDS:
            report(line, f"{where}: second must be one of {', '.join(SECONDS)}")
        out["second"] = entry.get("second", "same")
    elif "pair" in entry or "second" in entry:
        report(line, f"{where}: pair and second go with outputs: pair")
    if "param" in entry:
        if entry["param"] not in PARAMS:
            report(line, f"{where}: param must be one of {', '.join(PARAMS)}")
        out["param"] = entry["param"]
    for key in ("reject_with_dtype", "dispatch_empty"):
        if key in entry:
            if not isinstance(entry[key], bool):
                report(line, f"{where}: {key} must be true or false")
            out[key] = bool(entry[key])
    if "reject_with_out" in entry:
        out["reject_with_out"] = _rejects(report, where, line, entry["reject_with_out"], groups, names)
    if "scan" in entry:
        if not isinstance(entry["scan"], bool):
            report(line, f"{where}: scan must be true or false")
        out["scan"] = bool(entry["scan"])
    return out


def _statements(report, where, line, entry, name):
    """A `state` reduction's C statements (init, combine, join) by dtype, each ending in ';'."""
    items = _mapping(report, where, line, entry.get(name, ""), name)
    for k, v in items:
        if not v.strip().endswith((";", "}")):
            report(line, f"{where}: with `state`, {name} is C statements ending in ';' (for {k}: {v!r})")
    return items


def _delegate(report, where, line, value, groups, names):
    if value is None:
        return ()
    if not (isinstance(value, dict) and set(value) == {"dtypes", "to"}):
        report(line, f"{where}: delegate must be {{dtypes: [...], to: <reduction>}}")
        return ()
    return (tuple(_resolve(report, where, line, value["dtypes"], groups, names)), str(value["to"]))


# --------------------------------------------------------------------------- rendering
def result_dtype(model, config, dtype):
    v = _by_dtype(dict(config.result), dtype)
    if v is None:
        return None
    if v == "real":
        return dtype.real or dtype.name
    return dtype.name if v == "same" else v


def _extremes(model, acc):
    d = model.dtype(acc)
    if d.category == "floating":
        return "-INFINITY", "INFINITY"
    if d.category == "bool":
        return "0", "1"
    bits = 8 * d.itemsize
    if d.signed:
        return f"(-{2 ** (bits - 1) - 1}LL - 1)", f"{2 ** (bits - 1) - 1}LL"
    return "0", f"{2 ** bits - 1}ULL"


def kernels(model):
    """[(reduction, input dtype, value dtype)] in a fixed order; their index is the C id."""
    red = model.reductions
    out = []
    for r in red.ops:
        cfg = red.config(r.config)
        pairs = []
        for i in r.dtypes:
            d = model.dtype(i)
            v = i if cfg.index else result_dtype(model, cfg, d)
            if v is not None:
                pairs.append((i, v))
        if cfg.dtype_arg or cfg.out == "compute":
            pairs += [(c, c) for c in r.dtype_kernels]
        for i, v in dict.fromkeys(pairs):
            out.append((r.name, i, v))
    return out


def _depth(model, r, i, acc):
    """Elements per lane in one chunk of the contiguous fold (the chunks are added pairwise):
    32 where the accumulator rounds (float sums: O(log n) roundings), 256 where it is double and the
    input float32 (complex64: 29 spare bits, far below an ulp of the result), 4096 where the
    combine is exact (integers, min/max: one chunk per block)."""
    a, x = model.dtype(acc), model.dtype(i)
    if a.category not in ("floating", "complex") or r.nan == "propagate":
        return 4096
    real = {"float32": "float32", "complex64": "float32", "float64": "float64", "complex128": "float64"}
    return 256 if real.get(a.name) == "float64" and real.get(x.name) == "float32" else 32


def _lanes(model, i, acc):
    """Lanes of the contiguous fold: 128 bytes of accumulators, but 32 doubles where float32 is
    summed in double (sum, mean, nansum): a lane's adds are a chain, and 16 lanes (4 AVX2 or 2
    AVX-512 accumulators) left those loops bound by the add's latency, not by memory."""
    size = model.dtype(acc).itemsize
    if model.dtype(acc).name == "float64" and model.dtype(i).name == "float32":
        return 32
    return max(8, min(64, 128 // size))


def _kernel(model, ct, kid, name, i, v):
    """The template's facts of one kernel.  A reduction with a `state` picks acc, init, combine,
    join and finish by its input dtype (var of complex64: complex128 state, float32 result), the
    others by the value dtype."""
    from .render import storage_c
    red = model.reductions
    r, vd, idd = red.op(name), model.dtype(v), model.dtype(i)
    cfg = red.config(r.config)
    key = idd if r.state else vd
    acc = _by_dtype(dict(r.acc), key) or (key.opmath or key.name)
    lowest, highest = _extremes(model, acc)
    sub = {"lowest": lowest, "highest": highest}
    init = _by_dtype(dict(r.init), key)
    ad = model.dtype(acc)
    v2 = v if cfg.second == "same" else i
    return dict(
        id=kid, name=f"r_{name}_{i}_{v}", op=name, i=i, v=v, index=cfg.index, outputs=cfg.outputs,
        in_ctype=ct[i].ctype, x_ctype=ct[i].op_ctype, v_ctype=ct[v].ctype, load=ct[i].load("in[{}]"),
        acc=ct[acc].op_ctype if ad.storage != "native" else ad.ctype, init=sub.get(init, init),
        real=model.dtype(ad.real).ctype if ad.real else ad.ctype,
        combine=_by_dtype(dict(r.combine), key), finish=_by_dtype(dict(r.finish), key),
        state=r.state, join=_by_dtype(dict(r.join), key), finish2=_by_dtype(dict(r.finish2), key),
        v2_ctype=ct[v2].ctype, store2=ct[v2].store("{}"), scan=cfg.scan, lowest=lowest, highest=highest,
        store=ct[v].store("{}"), simd=i in r.simd, decode=(storage_c(idd) or {}).get("decode"),
        depth=_depth(model, r, i, acc), block=dict(r.block).get(i) if i in r.simd else None,
        chunk=dict(r.chunk).get(i),
        lanes=_lanes(model, i, acc), line=r.line)


# What a kernel's finish alone reads: kernels equal in everything else fold alike
_FINISH_FACTS = ("id", "name", "op", "line", "i", "v", "finish", "finish2", "store", "store2", "v_ctype", "v2_ctype",
                 "outputs")


def _fold_hosts(ks):
    """A kernel whose facts but those of its finish are an earlier kernel's (std's are var's,
    max_all's amax's, mean's sum's, sum(dtype=float32) of float16 sum's) runs that kernel's fold
    (`fold`: its name; `host`: its reduction), in that reduction's shard, with a finish of its own."""
    first = {}
    for k in ks:
        key = repr(sorted((a, b) for a, b in k.items() if a not in _FINISH_FACTS))
        host = first.setdefault(key, k) if not k["scan"] else k
        k["fold"], k["host"] = (host["name"], host["op"]) if host is not k else (None, k["op"])


# A combine that reads the element only as `x != 0` into an integer state (any, all, count_nonzero)
_NONZERO = re.compile(r"acc [|&+] \(x != 0\)")


def _exact(k):
    """Does the fold give the same state for any grouping of the elements?  A count or a logical
    fold of x != 0 does."""
    return not (k["scan"] or k["state"] or k["index"]) and bool(_NONZERO.fullmatch(k["combine"] or ""))


def _share_exact_folds(model, ct, ks):
    """Exact folds need not be compiled once per input dtype.  A kernel of integers (or bool) that
    only tests x != 0 takes the functions of the first kernel of its reduction with the same
    element size and results (`alias`: uint32's any is int32's); a float16, bfloat16 or complex32
    input of an exact fold decodes chunks and runs its opmath dtype's loop on them (`through`; that
    loop is the `target` of a call, compiled once: not inlined or cloned into the caller)."""
    first = {}
    names = {(k["op"], k["i"]): k for k in ks}
    for k in ks:
        k["alias"] = k["through"] = None
        k["target"] = False
    for k in ks:
        if not _exact(k):
            continue
        d = model.dtype(k["i"])
        if d.category in ("integral", "bool"):
            key = (k["op"], d.itemsize, k["v"], k["acc"])
            if key in first:
                k["alias"] = first[key]
            else:
                first[key] = k["name"]
        elif k["decode"] and not k["simd"]:
            t = names.get((k["op"], d.opmath))
            if t and t["acc"] == k["acc"] and t["in_ctype"] == k["x_ctype"] and not (t["through"] or t["alias"]):
                k["through"] = t["name"]
                t["target"] = True


def render_files(model, env, ct):
    """{'k_reduce.c': ..., 'reductions.py': ...}.  Reductions and scans are numbered apart (the
    tables ew_reducers and ew_scanners)."""
    from .render import HEADER
    red = model.reductions
    ks, counts = [], {False: 0, True: 0}
    for name, i, v in kernels(model):
        scan = red.config(red.op(name).config).scan
        ks.append(_kernel(model, ct, counts[scan], name, i, v))
        counts[scan] += 1
    _fold_hosts(ks)
    _share_exact_folds(model, ct, [k for k in ks if not k["fold"]])
    alias = {k["name"]: k["alias"] for k in ks if not k["fold"]}
    for k in ks:
        k["fold"] = k["fold"] and (alias[k["fold"]] or k["fold"])    # the functions the host's reducer uses
    tpl = env.get_template("reduce.c.j2")
    files = {"k_reduce.c": tpl.render(header=HEADER, kernels=[k for k in ks if not k["scan"]],
                                      scanners=[k for k in ks if k["scan"]], table_only=True)}
    for op in dict.fromkeys(k["op"] for k in ks):     # a shard per reduction: they compile in parallel
        shard = [k for k in ks if k["op"] == op and not k["fold"]]
        if shard:
            files[f"k_reduce_{op}.c"] = tpl.render(header=HEADER, kernels=shard, table_only=False,
                                                   guests=[k for k in ks if k["fold"] and k["host"] == op])
    table = {}
    for k in ks:
        table.setdefault(k["op"], {})[(k["i"], k["v"])] = k["id"]
    sigs = {}
    for r in red.ops:
        method = [m for m in map(schema.method_signature, r.signatures) if m]
        sigs[r.name] = ([_compiled(s) for s in r.signatures], [_compiled(s) for s in method])
    py = env.get_template("reductions.py.j2").render(header=HEADER, red=red, table=table, model=model, sigs=sigs)
    files["reductions.py"] = py
    return files



def _compiled(sig):
    """(printed, ((name, type, nullable, default, kwarg_only), ...)) with REQUIRED by name."""
    return (sig.printed(), tuple((p.name, p.type, p.nullable, _Name("REQUIRED") if p.required else p.default,
                                  p.kwarg_only) for p in sig.params))


class _Name(str):
    """A Python name in a rendered literal (repr is the name itself)."""
    def __repr__(self):
        return str(self)
