"""The runtime's modules import downward only: no import cycle, not even through an import
inside a function, and the tensor layer sees nothing above it (runtime/__init__.py's layers)."""
import ast
import pathlib

RUNTIME = pathlib.Path(__file__).resolve().parent.parent / "runtime"
# what the storage-and-views layer may import: the layers below it
BELOW_TENSOR = {"_lib", "scalars", "_warn", "dtypes", "promotion", "checks", "_iterator", "_formats"}


def imports():
    """{module: {runtime module it imports, anywhere in its code}}."""
    graph = {}
    for path in RUNTIME.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("runtime."):
                deps.add(node.module.split(".")[1])
        graph[path.stem] = deps
    return graph


def cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(m, path):
        state[m] = "open"
        for d in sorted(graph.get(m, ())):
            if d not in graph:
                continue
            if state.get(d) == "open":
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d, path + [d])
                if found:
                    return found
        state[m] = "done"
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_no_import_cycles():
    assert cycle(imports()) is None


def test_the_cycle_finder_finds_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_tensor_layer_imports_only_below_it():
    graph = imports()
    assert graph["tensor"] <= BELOW_TENSOR, graph["tensor"] - BELOW_TENSOR
    for low in BELOW_TENSOR:
        assert "tensor" not in graph[low], low
