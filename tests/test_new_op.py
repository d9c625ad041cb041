"""An op is YAML alone: add one to a copy of ops.yaml, regenerate into a temporary
folder, and call it as a function, a method and an in-place method."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from codegen.__main__ import main

ROOT = Path(__file__).resolve().parent.parent

def _readme_op():
    """The op README's "Adding an op" declares, as it is written there."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Adding an op"):]
    return "\n" + section.split("```yaml\n", 1)[1].split("```", 1)[0]


NEW_OP = _readme_op()

PROBE = """
import runtime as rt
a = rt.tensor([1, 2, 3], dtype=rt.int32)
print(rt.squared_difference(a, rt.tensor([3, 5, 3], dtype=rt.int32)).tolist())
print(a.squared_difference(2.5).dtype, a.squared_difference(2.5).tolist())
print(rt.squared_difference(a, rt.tensor([1.0, 1.0, 1.0], dtype=rt.float16)).dtype)
b = rt.tensor([1.0, 4.0])
b.squared_difference_(1)
print(b.tolist())
for bad in (lambda: rt.squared_difference(rt.tensor([True]), rt.tensor([False])),
            lambda: a.squared_difference_(2.5),
            lambda: rt.squared_difference(2, a)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
"""


def build_and_probe(tmp_path, ops_text, probe):
    (tmp_path / "ops.yaml").write_text(ops_text)
    shutil.copytree(ROOT / ".codegen-cache", tmp_path / ".codegen-cache")      # only changed shards compile
    assert main(["--ops", str(tmp_path / "ops.yaml"), "--out", str(tmp_path / "generated")]) == 0
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_dtype_is_added_to_an_op_in_yaml(tmp_path):
    """README, "Adding a dtype to an op": uint16 for neg is one word in its dtypes list."""
    text = (ROOT / "ops.yaml").read_text()
    old = ("  neg:\n    config: unary\n    signatures: [\"(Tensor input, *, Tensor out=None)\"]\n"
           "    dtypes: [integral, floating, complex]\n")
    assert old in text
    new = old.replace("[integral, floating, complex]", "[integral, floating, complex, uint16]")
    probe = ("import runtime as rt\n"
             "print(rt.neg(rt.tensor([1, 2], dtype=rt.uint16)).tolist())\n"
             "try:\n    rt.neg(rt.tensor([1], dtype=rt.uint32))\nexcept NotImplementedError as e:\n    print(e)\n")
    assert build_and_probe(tmp_path, text.replace(old, new), probe) == [
        "[65535, 65534]", "\"neg_cpu\" not implemented for 'UInt32'"]


def test_an_op_is_yaml_alone(tmp_path):
    (tmp_path / "ops.yaml").write_text((ROOT / "ops.yaml").read_text() + NEW_OP)
    shutil.copytree(ROOT / ".codegen-cache", tmp_path / ".codegen-cache")      # only the new shard compiles
    assert main(["--ops", str(tmp_path / "ops.yaml"), "--out", str(tmp_path / "generated")]) == 0
    assert (tmp_path / "generated" / "k_squared_difference.c").exists()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "[4, 9, 0]",
        "runtime.float32 [2.25, 0.25, 0.25]",
        "runtime.float16",
        "[0.0, 9.0]",
        "NotImplementedError \"squared_difference_cpu\" not implemented for 'Bool'",
        "RuntimeError result type Float can't be cast to the desired output type Int",
        "TypeError squared_difference() received an invalid combination of arguments - got (int, Tensor), but "
        "expected one of:",
        " * (Tensor input, Tensor other, *, Tensor out = None)",
        " * (Tensor input, Number other, *, Tensor out = None)",
        "",
    ]
