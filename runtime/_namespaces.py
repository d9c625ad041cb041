"""The namespaces of ops.yaml (`namespaces:`) as submodules of the package: a function named
`special.i0e` there is runtime.special.i0e, reachable as `rt.special.i0e`, after
`import runtime.special` and `from runtime.special import i0e`.  The modules are made here
from the generated function table, and registered in sys.modules, which the import system
looks in before it searches for a file."""
import sys
import types


def install(package, functions):
    """Move every dotted name of `functions` (name -> function) into its namespace module
    under `package` (a module), creating the modules and their parents; return the namespaces'
    full module names, in the order first seen."""
    made = []
    for name in [n for n in functions if "." in n]:
        ns, _, short = name.rpartition(".")
        module = _module(package, ns, made)
        setattr(module, short, functions.pop(name))
        module.__all__.append(short)
    for name in made:
        sys.modules[name].__all__.sort()
    return made


def _module(package, ns, made):
    """package.<ns>, made (with its parents) where it does not exist yet."""
    parent = package
    for part in ns.split("."):
        full = f"{parent.__name__}.{part}"
        module = sys.modules.get(full)
        if module is None or getattr(parent, part, None) is not module:
            module = types.ModuleType(full, f"{full}: torch.{full.partition('.')[2]}'s functions (see docs/ops.md)")
            module.__all__ = []
            sys.modules[full] = module
            setattr(parent, part, module)
            made.append(full)
        parent = module
    return parent
