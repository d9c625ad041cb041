"""python -m codegen: deterministic output, YAML errors with file and line, and a
failed run that leaves the previous generated/ in place."""
import hashlib
import re
import shutil
from pathlib import Path

import pytest

from codegen.__main__ import main
from codegen.model import load_model
from codegen.render import build_context, render

ROOT = Path(__file__).resolve().parent.parent


def tree_digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(Path(folder).iterdir()) if p.is_file()}


def test_render_is_deterministic():
    a = render(load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml"))
    b = render(load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml"))
    assert a == b


def test_identical_kernels_of_different_ops_are_compiled_once():
    # floor, ceil, trunc and round on int32 are the same copy loop: one function, four table entries
    model = load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml")
    ctx, files = build_context(model), render(model)
    table = files["loops.c"].split("ew_loops[")[1].split("};")[0].split("\n")[1:]
    entries = {table[ctx["kernel_ids"][(op, "int32", False)]].strip(" ,")
               for op in ("floor", "ceil", "trunc", "round")}
    assert len(entries) == 1
    symbol = entries.pop()
    definitions = [n for n, text in files.items() if re.search(rf"^int {symbol}\(char \*\*data", text, re.M)]
    assert len(definitions) == 1
    # kernels that differ (floor and ceil on float32) keep their own functions
    assert "int ew_k_floor_float32(" in files["k_floor.c"] and "int ew_k_ceil_float32(" in files["k_ceil.c"]


def test_no_simd_halves_get_the_baseline_flavour_alone():
    # lgamma lists both halves under no_simd (compute bound: the AVX2 flavour measured no faster)
    files = render(load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml"))
    shard = files["k_lgamma.c"]
    for d in ("float16", "bfloat16"):
        assert f"int ew_k_lgamma_{d}(char **data" in shard and f"ew_k_lgamma_{d}_simd" not in shard
    assert "ew_k_lgamma_float32_simd" in shard             # float32 keeps its AVX2 flavour (simd: block)
    assert "ew_k_exp_float16_simd" in files["k_exp.c"]     # halves get one unless listed


def test_two_runs_give_byte_identical_sources(tmp_path, capsys):
    # the repo's generated/ was built by conftest; a fresh build elsewhere must match it byte for byte
    shutil.copytree(ROOT / ".codegen-cache", tmp_path / ".codegen-cache")
    out = tmp_path / "generated"
    assert main(["--out", str(out)]) == 0
    sources = [n for n in tree_digest(out) if n.endswith((".c", ".h", ".py"))]
    assert len(sources) > 10
    mine, repo = tree_digest(out), tree_digest(ROOT / "generated")
    assert {n: mine[n] for n in sources} == {n: repo[n] for n in sources}
    # a second run with nothing changed does nothing
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    assert main(["--out", str(out)]) == 0
    assert "up to date" in capsys.readouterr().out
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before


def test_no_op_short_cut_only_while_outputs_are_untouched(tmp_path, capsys):
    # a finished build leaves a stamp of its inputs and outputs (codegen/stamp.py); the next run
    # with the same inputs stops there, but not when an output was changed: that run rewrites it
    shutil.copytree(ROOT / ".codegen-cache", tmp_path / ".codegen-cache")
    out = tmp_path / "generated"
    assert main(["--out", str(out)]) == 0
    assert (out / "INPUTS").is_file()
    capsys.readouterr()
    assert main(["--out", str(out)]) == 0
    assert "same inputs, outputs untouched" in capsys.readouterr().out
    shard = out / "k_neg.c"
    text = shard.read_text()
    shard.write_text(text + "/* edited by hand */\n")
    assert main(["--out", str(out)]) == 0
    assert "same inputs" not in capsys.readouterr().out
    assert shard.read_text() == text
    # an input that changes what is rendered (the YAML) also takes the full path
    ops = tmp_path / "ops.yaml"
    ops.write_text((ROOT / "ops.yaml").read_text() + "\n# a comment\n")
    assert main(["--ops", str(ops), "--out", str(out)]) == 0
    assert "same inputs" not in capsys.readouterr().out


def test_check_reports_stale_files(tmp_path, capsys):
    assert main(["--check"]) == 0
    assert main(["--check", "--out", str(tmp_path / "nothing")]) == 1
    assert "out of date" in capsys.readouterr().err


def broken(tmp_path, file, old, new, count=1):
    """Copies of both YAML files with one edit in `file`."""
    for name in ("dtypes.yaml", "ops.yaml"):
        text = (ROOT / name).read_text()
        if name == file:
            assert text.count(old) >= 1, old
            text = text.replace(old, new, count)
        (tmp_path / name).write_text(text)
    return tmp_path / "dtypes.yaml", tmp_path / "ops.yaml"


def line_of(path, needle):
    for i, line in enumerate(Path(path).read_text().splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def run_broken(tmp_path, capsys, out=None):
    d, o = tmp_path / "dtypes.yaml", tmp_path / "ops.yaml"
    out = out or ROOT / "generated"
    before = tree_digest(out)
    rc = main(["--dtypes", str(d), "--ops", str(o), "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 1
    assert tree_digest(out) == before          # the previous build is untouched
    return err


BROKEN = [
    # (file, old text, new text, line marker in the broken file, expected message)
    ("ops.yaml", "    dtypes: [all, barebones_unsigned, float8]\n    label: {default: mul_cpu_reduced_float, float4: mul_cpu, scalar: {float8: mul_cpu_reduced_float}}",
     "    dtypes: [all, float33]\n    label: {default: mul_cpu_reduced_float, float4: mul_cpu, scalar: {float8: mul_cpu_reduced_float}}", "dtypes: [all, float33]",
     "op 'mul': unknown dtype or dtype group 'float33' (did you mean 'float32'?)"),
    ("ops.yaml", "simd: [float32, float64, int32, int64, complex64],", "simd: [float32, complex46],", "simd: [float32, complex46]",
     "op 'mul': simd dtype 'complex46' is not one of the op's dtypes"),
    ("ops.yaml", "    loop: {opmath: [scalar], simd: [float32, float64, int32, int64, complex64], fuse: true}\n",
     "    loop:\n      simd:\n        float32: {finish: ew_sinf_finish}\n", "float32: {finish: ew_sinf_finish}",
     "op 'mul': simd float32: expected block mapped to a C function name, got 'finish': 'ew_sinf_finish'"),
    ("ops.yaml", "      float32: {block: ew_vt_sinf_block}", "      float32: {block: ew vt_sinf_block}", "float32: {block: ew vt_sinf_block",
     "op 'sin': simd float32: expected block mapped to a C function name, got 'block': 'ew vt_sinf_block'"),
    ("ops.yaml", "      float32: {block: ew_expf_block}\n", "      float32: {blok: ew_expf_block}\n", "{blok: ew_expf_block}",
     "op 'exp': simd float32: expected block mapped to a C function name, got 'blok': 'ew_expf_block'"),
    ("ops.yaml", "      float32: {block: ew_expf_block}\n", "      float32: {block: ew_expf_block}\n      fuse: True\n",
     "fuse: True", "op 'exp': fuse is for binary ops with simd dtypes"),
    ("ops.yaml", "      no_simd: [bfloat16, float16]\n", "      no_simd: [bfloat16, float32]\n", "no_simd: [bfloat16, float32]",
     "no_simd dtype 'float32' must be one of the op's float16/bfloat16 dtypes"),
    ("dtypes.yaml", "    c4: [c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8, c4, c4, ud, ud, ud, ud8, ud8, ud8, ud8, ud8, udb]\n", "", "  rows:",
     "promotion rows: missing row for dtype 'complex64' (code 'c4')"),
    ("dtypes.yaml", "    i1: [i2, i1, i2, i4, i8,", "    i1: [i2, i1, i2, i8, i8,", "    i1: [i2, i1, i2, i8",
     "promotion row 'i1': not symmetric: promote(i1, i4) = 'i8' but promote(i4, i1) = 'i4'"),
    ("dtypes.yaml", "    f4: [f4, f4, f4, f4, f4, f4, f4,", "    f4: [f4, f4, f4, f4, f4, f4, f8,", "    f4: [f4",
     "promotion row 'f4': promote(f4, f4) must be 'f4' (idempotent), got 'f8'"),
    ("dtypes.yaml", "    u1: [u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, u1,", "    u1: [u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, b1,",
     "    u1: [u1", "promotion row 'u1': promote(u1, b1) = 'b1' lowers the category"),
    ("dtypes.yaml", "    u1: [u1, i2, i2,", "    u1: [u1, i2,", "    u1: [u1",
     "promotion row 'u1': expected 22 entries (one per column), got 21"),
    ("ops.yaml", "  mul:\n    config: binary\n", "  mul:\n    config: binary\n    dtyeps: [all]\n", "dtyeps",
     "op 'mul': unknown key 'dtyeps' (did you mean 'dtypes'?)"),
    ("ops.yaml", "  mul:\n    config: binary\n", "  mul:\n    config: binray\n", "config: binray",
     "op 'mul': unknown config 'binray' (did you mean 'binary'?)"),
    ("ops.yaml", "    checks: [alpha]", "    checks: [alphaa]", "alphaa",
     "op 'add': unknown check 'alphaa' (did you mean 'alpha'?)"),
    ("ops.yaml", "{reject: bool, message: \"Negation", "{reject: boolean, message: \"Negation", "reject: boolean",
     "op 'neg': check rejects unknown category 'boolean', expected some of ['bool', 'integral', 'floating', 'complex']"),
    ("ops.yaml", "      __mul__: mul(self, other)", "      __add__: mul(self, other)", "__add__: mul",
     "op 'mul': duplicate operator '__add__' (also in op 'add')"),
    ("dtypes.yaml", "category: floating, itemsize: 4,", "category: floaty, itemsize: 4,", "floaty",
     "dtype 'float32': unknown category 'floaty', expected one of ['bool', 'integral', 'floating', 'complex']"),
    ("ops.yaml", "      multiply:\n        - \"(Tensor input, Tensor other,",
     "      multiply:\n        - \"(Tensor input, Tensr other,", "Tensr other",
     "op 'mul': signature '(Tensor input, Tensr other, *, Tensor out=None)': argument 'other': unknown type 'Tensr'"),
    ("ops.yaml", "      - \"(Tensor input, *, int decimals, Tensor out=None)\"",
     "      - \"(Tensor input, *, int decimals, Tensor out=None, Tensor out=None)\"", "Tensor out=None, Tensor out",
     "argument 'out' appears twice"),
    ("ops.yaml", "  mul:\n    config: binary\n", "  mul:\n    config: [binary\n", "config: [binary",
     "invalid YAML"),
    ("ops.yaml", "    label: {default: div_cpu, scalar: {float8: div_cpu_reduced_float}}",
     "    label: {default: div_cpu, scalar: [float8]}", "label: {default: div_cpu, scalar: [float8]}",
     "op 'div': label scalar: needs a mapping by dtype, group or category"),
    ("ops.yaml", "    label: {default: mul_cpu_reduced_float, float4: mul_cpu, scalar: {float8: mul_cpu_reduced_float}}", "    label: 12", "label: 12",
     "op 'mul': 'label' must be a kernel label, or a mapping by dtype, group or category, got int 12"),
    ("ops.yaml", "    loop: {opmath: [scalar], simd: [float32, float64, int32, int64, complex64], fuse: true}",
     "    loop: {opmath: [scaler], simd: [float32, float64, int32, int64, complex64], fuse: true}", "opmath: [scaler]",
     "op 'mul': opmath takes scalar and params, got 'scaler' (did you mean 'scalar'?)"),
    ("ops.yaml", "      default: a * b\n      complex: ew_cmul(a, b)", "      default: a * b\n      compelx: ew_cmul(a, b)",
     "compelx", "op 'mul': expr key 'compelx' is not 'default', a category or a dtype (did you mean 'complex'?)"),
    ("ops.yaml", "    label: {default: mul_cpu_reduced_float, float4: mul_cpu, scalar: {float8: mul_cpu_reduced_float}}\n", "    label: {default: mul_cpu_reduced_float, float4: mul_cpu, scalar: {float8: mul_cpu_reduced_float}}\n    kernel: nope\n", "kernel: nope",
     "op 'mul': kernel 'nope' is not an op"),
    ("ops.yaml", "  true_divide:\n    kernel: div\n", "  true_divide:\n    kernel: div\n    expr: a / b\n",
     "    expr: a / b", "op 'true_divide': 'expr' comes from kernel 'div'; remove it here"),
    ("ops.yaml", "    params: {alpha: 1}\n    checks: [alpha]", "    params: {alpha: one}\n    checks: [alpha]",
     "params: {alpha: one}", "op 'add': param 'alpha' needs a numeric default, or 'max'/'lowest' (the dtype's limits)"),
    ("ops.yaml", "  binary:\n    arity: 2\n", "  binary:\n    arity: 4\n", "arity: 4",
     "config 'binary': arity must be 1, 2 or 3, got 4"),
    ("ops.yaml", "  binary:\n    arity: 2\n", "  binary:\n    arity: 2\n    promote_inputz: true\n", "promote_inputz",
     "config 'binary': unknown key 'promote_inputz'"),
    ("ops.yaml", "  comparison:\n    arity: 2\n    promote_inputs_to_common_dtype: true\n    output_dtype: bool",
     "  comparison:\n    arity: 2\n    promote_inputs_to_common_dtype: true\n    output_dtype: boolean", "output_dtype: boolean",
     "config 'comparison': unknown dtype 'boolean'"),
    ("ops.yaml", "  integral: [uint8, int8, int16, int32, int64]", "  integral: [uint8, int8, int16, int32, int65]",
     "  integral: [uint8", "dtype group 'integral': unknown dtype or dtype group 'int65' (did you mean 'int64'?)"),
    ("ops.yaml", "      aliases: [multiply]", "      aliases: [multiply]\n      function: add", "      function: add",
     "op 'mul': duplicate function name 'add' (also op 'add')"),
    ("ops.yaml", "    kernel: add(other, input, alpha=-alpha)", "    kernel: add(other, imput, alpha=-alpha)",
     "kernel: add(other, imput", "op 'rsub': kernel operand 'imput' is neither an argument of the op (input, other) "
     "nor a number"),
    ("ops.yaml", "    kernel: add(other, input, alpha=-alpha)", "    kernel: add(other, input, alpha=-beta)",
     "alpha=-beta", "op 'rsub': kernel keyword 'alpha=-beta' must pass a param of the op as itself"),
    ("ops.yaml", "    kernel: pow_scalar(input, 2)", "    kernel: pow_scalar(input)", "kernel: pow_scalar(input)",
     "op 'square': kernel 'pow_scalar' takes 2 operands, the call gives 1"),
    ("ops.yaml", "    kernel: pow_scalar(input, 2)", "    kernel: pow_scalar(input, 2", "kernel: pow_scalar(input, 2",
     "op 'square': kernel 'pow_scalar(input, 2' is not an op name or a call like"),
    ("ops.yaml", "      value: \"div expected", "      valeu: \"div expected", "valeu:",
     "op 'div': errors needs one of out, inplace, value, bool, integral, floating, complex mapped to a text, "
     "got 'valeu'"),
    ("ops.yaml", "    meta: lerp\n", "    meta: lrep\n", "meta: lrep",
     "config 'lerp': unknown meta function 'lrep', expected one of ['where', 'float_power', 'clamp_scalar', 'lerp', "
     "'isclose'] (did you mean 'lerp'?)"),
    ("ops.yaml", "      __mul__: mul(self, other)", "      __mull__: mul(self, other)", "__mull__",
     "op 'mul': operator '__mull__' must be one of Python's operator methods mapped to a call "
     "(did you mean '__mul__'?)"),
    ("ops.yaml", "      __mul__: mul(self, other)", "      __mul__: mull(self, other)", "__mul__: mull",
     "op 'mul': operator __mul__: 'mull' is not a function or an in-place method of the API (did you mean 'mul'?)"),
    ("ops.yaml", "      __imul__: self.mul_(other)", "      __imul__: self.mul_(others)", "__imul__: self.mul_(others)",
     "op 'mul': operator __imul__: unknown name 'others' (a call takes other and self)"),
    ("ops.yaml", "    when: {exponent: number}\n    checks: [negative_int_power]",
     "    when: {exponent: numbr}\n    checks: [negative_int_power]", "when: {exponent: numbr}",
     "op 'pow_scalar': when exponent: unknown kind 'numbr', expected one of number, none, tensor"),
    ("ops.yaml", "    when: {exponent: number}\n    checks: [negative_int_power]",
     "    when: {exponnt: number}\n    checks: [negative_int_power]", "when: {exponnt: number}",
     "op 'pow_scalar': when names 'exponnt', which is neither an operand of pow() (input, exponent) nor a keyword"),
    ("ops.yaml", "    when: {rounding_mode: trunc}", "    when: {rounding: trunc}", "when: {rounding: trunc}",
     "op 'div_trunc': when names 'rounding', which is neither an operand of div() (input, other) nor a keyword of "
     "its signatures"),
    ("ops.yaml", "    when: {rounding_mode: trunc}", "    when: {rounding_mode: trunc, other: tensor}",
     "when: {rounding_mode: trunc, other",
     "op 'div_trunc': when takes kinds of operands, or the value of one keyword, not rounding_mode, other"),
    ("ops.yaml", "    names: {inplace: [abs],", "    names: {inplace: [abs, absolut],", "inplace: [abs, absolut]",
     "op 'abs': inplace must be true, false, function, or a list of the names among ['abs', 'absolute'] that have "
     "a function form, got ['abs', 'absolut']"),
    # names: and loop: (issue 15): an old flat key says where it goes; sub-keys are checked like keys
    ("ops.yaml", "    names: {function: div}\n    when: {rounding_mode: trunc}",
     "    function: div\n    when: {rounding_mode: trunc}", "    function: div",
     "op 'div_trunc': 'function' belongs under 'names:' (`names: {function: ...}`)"),
    ("ops.yaml", "    names: {function: div}\n    when: {rounding_mode: trunc}",
     "    names: {functon: div}\n    when: {rounding_mode: trunc}", "names: {functon: div}",
     "op 'div_trunc': names: unknown key 'functon' (did you mean 'function'?)"),
    ("ops.yaml", "    loop: {raw: [float4]}\n    label: eq_cpu", "    loop: [float4]\n    label: eq_cpu", "loop: [float4]",
     "op 'eq': loop must be a mapping with some of opmath, raw, simd, fuse"),
    ("ops.yaml", "    shortcuts: {operand: 1, values: {0: ones, 1: self}, bools: true}   #",
     "    shortcuts: {operand: 2, values: {0: ones, 1: self}, bools: true}   #", "shortcuts: {operand: 2",
     "op 'pow_scalar': shortcuts operand must be an operand position below 2, got 2"),
    ("ops.yaml", "    shortcuts: {operand: 1, values: {0: ones, 1: self}, bools: true}   #",
     "    shortcuts: {operand: 1, values: {0: one, 1: self}, bools: true}   #", "values: {0: one,",
     "op 'pow_scalar': shortcut result must be 'ones' or 'self', got 'one' (did you mean 'ones'?)"),
    ("ops.yaml", "    shortcuts: {operand: 1, values: {0: ones, 1: self}, bools: true}   #",
     "    shortcuts: {operand: 1, values: {0: ones, 1: self}, bool: true}   #", "self}, bool: true}",
     "op 'pow_scalar': shortcuts: unknown key 'bool' (did you mean 'bools'?)"),
    ("ops.yaml", "{reject_out: [complex32, complex64, complex128], message: heaviside",
     "{reject_out: [complex32, complex46, complex128], message: heaviside", "complex46",
     "op 'heaviside': check reject_out: unknown dtype 'complex46' (did you mean 'complex64'?)"),
    ("ops.yaml", "operands: [1, 2], message: \"Integer division with addcdiv", "operands: [1, 3], message: "
     "\"Integer division with addcdiv", "operands: [1, 3]",
     "op 'addcdiv': check operands must be 'self', 'any', 'all' or a list of operand positions below 3, got [1, 3]"),
    ("ops.yaml", "{reject: complex, inplace_only: true, message: In-place abs", "{reject: complex, inplace_only: sometimes, "
     "message: In-place abs", "inplace_only: sometimes",
     "op 'abs': check: 'inplace_only' must be true or false, got str 'sometimes'"),
    ("ops.yaml", "      aliases: [multiply]", "      aliases: [3]", "aliases: [3]", "op 'mul': alias 3 must be a name"),
    ("ops.yaml", "    label: neg_cpu\n", "    label: neg cpu\n", "label: neg cpu",
     "op 'neg': label of bool: 'neg cpu' is not a kernel label (a C identifier, as torch prints it)"),
    ("ops.yaml", "    when: {approximate: tanh}", "    when: {approximate: 2}", "when: {approximate: 2}",
     "op 'gelu_tanh': when approximate: 2 is not a value nn.functional.gelu()'s 'approximate' takes"),
    ("ops.yaml", "      out: the output given to float_power has dtype {out} but the operation's result requires dtype {result}",
     "      out: the output given to float_power has dtype {out} but the operation's result requires dtype {resutl}",
     "{resutl}", "op 'float_power': out text names {resutl}, which is none of {out}, {result}, {out_cpp} "
     "(did you mean 'result'?)"),
    ("ops.yaml", "message: \"\\\"ldexp_cpu\\\" not implemented for '{dtype}'\"}",
     "message: \"\\\"ldexp_cpu\\\" not implemented for '{dtype'\"}", "for '{dtype'",
     "not implemented for \\'{dtype\\'' is not a format string (expected '}' before end of string)"),
    ("dtypes.yaml", "{name: int16,      code: i2,", "{name: int16,      code: i1,", "{name: int16,      code: i1",
     "dtype 'int16': duplicate code 'i1'"),
    ("dtypes.yaml", "ctype: float,    category: floating, itemsize: 4,", "ctype: float,    category: floating, itemsize: four,",
     "itemsize: four", "dtype 'float32': 'itemsize' must be an integer, got str 'four'"),
    ("dtypes.yaml", "opmath: float32, complex: complex32", "opmath: float31, complex: complex32", "opmath: float31",
     "dtype 'float16': opmath 'float31' is not a declared dtype (did you mean 'float32'?)"),
    ("ops.yaml", "aliases: [special.expit, ", "aliases: [spcial.expit, ", "aliases: [spcial.expit",
     "op 'sigmoid': unknown namespace 'spcial' in 'spcial.expit' (declared: special, nn.functional) "
     "(did you mean 'special'?)"),
    ("ops.yaml", "  special: {prefix: special_}", "  special: {prefx: special_}", "prefx",
     "namespace 'special': unknown key 'prefx' (did you mean 'prefix'?)"),
    ("dtypes.yaml", "default_dtype: float32", "default_dtype: int32", "default_dtype: int32",
     "default_dtype 'int32' must be one of default_dtype_choices"),
    ("dtypes.yaml", "  columns: [u1, i1,", "  columns: [u9, i1,", "  columns: [u9",
     "promotion columns: unknown dtype code 'u9'"),
    ("dtypes.yaml", "    i2: [i2, i2, i2, i4, i8,", "    i2: [i2, i2, i2, i4, q8,", "    i2: [i2, i2, i2, i4, q8",
     "promotion row 'i2', column 'i8': unknown dtype code 'q8'"),
]


@pytest.mark.parametrize("file,old,new,marker,message", BROKEN, ids=[b[4][:40] for b in BROKEN])
def test_yaml_error_names_file_line_and_expectation(tmp_path, capsys, file, old, new, marker, message):
    broken(tmp_path, file, old, new)
    err = run_broken(tmp_path, capsys)
    line = line_of(tmp_path / file, marker)
    lines = [l for l in err.splitlines() if message in l]
    assert lines, err
    if message != "invalid YAML":
        assert lines[0].startswith(f"{file}:{line}: "), (lines[0], line)
    else:
        assert re.match(rf"{file}:\d+: invalid YAML", lines[0])
    assert "Traceback" not in err


def test_all_problems_reported_at_once(tmp_path, capsys):
    text = (ROOT / "ops.yaml").read_text()
    for label in ("eq_cpu", "ne_cpu"):
        text = text.replace(f"dtypes: [all, barebones_unsigned, float8, float4]\n    loop: {{raw: [float4]}}\n    label: {label}",
                            f"dtypes: [alll]\n    label: {label}")
    (tmp_path / "ops.yaml").write_text(text)
    shutil.copy(ROOT / "dtypes.yaml", tmp_path / "dtypes.yaml")
    err = run_broken(tmp_path, capsys)
    problems = [l for l in err.splitlines() if "unknown dtype or dtype group 'alll'" in l]
    assert len(problems) == 2                     # eq and ne, sorted by line
    assert problems == sorted(problems, key=lambda l: int(l.split(":")[1]))


def test_failed_compile_leaves_previous_build(tmp_path, capsys):
    out = tmp_path / "generated"
    shutil.copytree(ROOT / "generated", out)
    shutil.copytree(ROOT / ".codegen-cache", tmp_path / ".codegen-cache")
    broken(tmp_path, "ops.yaml", "expr: a == b", "expr: a === b")
    err = run_broken(tmp_path, capsys, out=out)
    assert "compiling k_eq.c failed" in err and "left as it was" in err
    # the compiler's message points at the expression's line in ops.yaml
    assert f"ops.yaml:{line_of(tmp_path / 'ops.yaml', 'expr: a === b')}:" in err


def test_cache_key_ignores_ops_yaml_line_numbers(tmp_path):
    """A shard that differs only in its `#line N "ops.yaml"` markers (an edit that moved
    ops.yaml's lines) keeps its cached object, unless the build records debug information."""
    from codegen import build
    a, b, c = tmp_path / "a.c", tmp_path / "b.c", tmp_path / "c.c"
    a.write_text('#line 12 "ops.yaml"\n#define EW_EXPR (a + b)\n#line 3 "k_add.c"\nint x;\n')
    b.write_text('#line 14 "ops.yaml"\n#define EW_EXPR (a + b)\n#line 3 "k_add.c"\nint x;\n')
    c.write_text('#line 14 "ops.yaml"\n#define EW_EXPR (a - b)\n#line 3 "k_add.c"\nint x;\n')
    assert build._key_source(a, ["-O3"]) == build._key_source(b, ["-O3"]) != build._key_source(c, ["-O3"])
    assert build._key_source(a, ["-O3", "-g"]) != build._key_source(b, ["-O3", "-g"])


def _documented_keys(header):
    """Names a line of ops.yaml's header documents: `#   key ...` or `#   a / b / c  ...`."""
    keys = set()
    for names in re.findall(r"^#   ([a-z_]+(?: / [a-z_]+)*)(?:\s|$)", header, re.M):
        keys.update(n.strip() for n in names.split("/"))
    return keys


def _documented_sub_keys(header):
    """{key: sub-keys} of the header's `#     sub-key ...` lines (two spaces deeper) under `#   key`."""
    subs, key = {}, None
    for line in header.splitlines():
        m = re.match(r"^#   ([a-z_]+)(?:\s|$)", line)
        if m:
            key = m.group(1)
        m = re.match(r"^#     ([a-z_]+)(?:\s|$)", line)
        if m and key:
            subs.setdefault(key, set()).add(m.group(1))
    return subs


def test_ops_yaml_header_documents_every_key_the_model_accepts():
    from codegen import model
    text = (ROOT / "ops.yaml").read_text()
    header = text[:text.index("\nops:")]
    documented = _documented_keys(header)
    assert not [k for k in model._OP_KEYS if k not in documented]
    assert not [k for k in model._CONFIG_KEYS if k not in documented]
    subs = _documented_sub_keys(header)
    assert subs.get("names") == set(model.NAMES_KEYS) and subs.get("loop") == set(model.LOOP_KEYS)
    assert len(model._OP_KEYS) <= 15
    # ...and the values each key takes, where they are words
    op_header = header[header.index("# Op entries"):]
    for words in (model.OPMATH_KINDS, model.SHORTCUT_KEYS, model.SHORTCUT_RESULTS, model._ERROR_KEYS,
                  model._KINDS[:3], model._ERRORS, model.CATEGORY_NAMES, ("true", "false", "function", "null")):
        assert not [w for w in words if not re.search(rf"\b{w}\b", header)], words
    assert not [k for k in model._CHECK_KEYS if not re.search(rf"\b{k}:", header)]
    assert "tensor:<category>" in op_header
    # the test itself: a key the header leaves out is found
    assert "shortcuts" in documented and "shortcuts" not in _documented_keys(text[:text.index("#   shortcuts")])
    assert "raw" not in _documented_sub_keys(header.replace("#     raw ", "#   raw "))["loop"]


def test_signatures_follow_torchs_printed_form():
    from codegen import schema
    sig = schema.parse("(Tensor input, Number other, *, Number alpha=1, str? mode, Tensor out=None)")
    assert sig.printed() == "(Tensor input, Number other, *, Number alpha = 1, str mode, Tensor out = None)"
    assert [p.kwarg_only for p in sig.params] == [False, False, True, True, True]
    assert sig.params[3].nullable and sig.params[3].required
    assert schema.method_signature(sig).printed() == "(Number other, *, Number alpha = 1, str mode)"
    assert schema.method_signature(schema.parse("(Number self, Tensor other)")) is None
    assert schema.parse("(Tensor input, Number alpha, Tensor other)|deprecated").deprecated
    for bad, why in [("(Tensor input", "expected '(arguments)'"), ("(Tensr input)", "unknown type 'Tensr'"),
                     ("(Tensor input=1)", "a Tensor's default can only be None"),
                     ("(Tensor input, Tensor out=None)", "out must be a keyword-only"),
                     ("(int n=x)", "default 'x' is not a int"), ("(Tensor a)|hidden", "unknown flag |hidden")]:
        with pytest.raises(schema.SchemaError, match=re.escape(why)):
            schema.parse(bad)


def test_object_key_follows_included_headers(tmp_path, monkeypatch):
    """An object's cache key holds the headers its source includes with quotes, transitively, as
    the compiler finds them: a csrc/ edit recompiles what includes the edited file, nothing else,
    and the build key changes with csrc/."""
    from codegen import build
    gen, static, cache = tmp_path / "gen", tmp_path / "csrc", tmp_path / "cache"
    gen.mkdir()
    static.mkdir()
    (gen / "k.c").write_text('#include "top.h"\nint x;\n')
    (gen / "other.c").write_text("int y;\n")
    (static / "top.h").write_text('#include "leaf.h"\n')
    (static / "leaf.h").write_text("#define A 1\n")
    monkeypatch.setattr(build, "CSRC", static)

    def key(name):
        return build._object_path(gen / name, cache, [gen, static])
    before, other, build_key = key("k.c"), key("other.c"), build.build_key({"k.c": "int x;\n"})
    (static / "leaf.h").write_text("#define A 2\n")
    assert key("k.c") != before and key("other.c") == other
    assert build.build_key({"k.c": "int x;\n"}) != build_key
    edited = key("k.c")
    (gen / "top.h").write_text("#define B 1\n")       # k.c's own folder comes first, as for the compiler
    assert key("k.c") != edited


def test_every_meta_function_named_in_codegen_exists_in_the_runtime():
    """ops.yaml's `meta:` names are validated by codegen against a list of its own (codegen does
    not import the runtime): that list and the runtime's resolvers are the same names."""
    from codegen import model
    from runtime import _meta
    assert sorted(model.META_NAMES) == sorted(_meta.METAS)
