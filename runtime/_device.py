"""torch.device and the default device (`set_default_device`, `with rt.device(...)`); layout and
memory_format are in _formats.py.

Every tensor of the runtime lives in CPU memory: a device of another type parses, prints,
compares and hashes as torch's does, but allocating a tensor there raises the error torch 2.13's
CPU build raises (its class always; its text where that text says what is missing)."""
from __future__ import annotations

import threading

from ._argparse import format_invalid_args
from ._warn import warn_once
from .scalars import int_arg, is_long, number, type_name
from .tensor import Tensor

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1

# c10's DeviceType codes (hash(device) is code << 16 | index as a byte) and the order of the
# types in c10's "Expected one of ..." message
_TYPE_CODES = {"cpu": 0, "cuda": 1, "mkldnn": 2, "opengl": 3, "opencl": 4, "ideep": 5, "hip": 6, "fpga": 7,
               "maia": 8, "xla": 9, "vulkan": 10, "xpu": 12, "mps": 13, "meta": 14, "hpu": 15, "ve": 16, "lazy": 17,
               "ipu": 18, "mtia": 19, "privateuseone": 20}
_TYPE_ORDER = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
               "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")
_PRINTED = ("(runtime.device device)", "(str type, int index = -1)")


def _int8(v):
    """c10's DeviceIndex is an int8_t: larger indices wrap, as they do in torch."""
    return (v + 128) % 256 - 128


def split_string(text):
    """c10::Device(std::string)'s syntax and type checks: (type, index as written or None)."""
    if not text:
        raise RuntimeError("Device string must not be empty")
    kind, colon, digits = text.partition(":")
    if (not kind or not all(c.isascii() and (c.isalpha() or c == "_") for c in kind)
            or colon and not (digits.isascii() and digits.isdigit() and (digits == "0" or digits[0] != "0"))):
        raise RuntimeError(f"Invalid device string: '{text}'")
    if digits and int(digits) >= 1 << 31:         # std::stoi
        raise RuntimeError(f"Could not parse device index '{digits}' in device string '{text}'")
    if kind not in _TYPE_CODES:
        raise RuntimeError(f"Expected one of {', '.join(_TYPE_ORDER)} device type at start of device string: {text}")
    return kind, int(digits) if digits else None


def _parse_string(text):
    """c10::Device(std::string): 'type' or 'type:index', with c10's errors."""
    kind, index = split_string(text)
    if kind == "mkldnn":
        warn_once("'mkldnn' is no longer used as device type. So torch.device('mkldnn') will be deprecated and "
                  "removed in the future. Please use other valid device types instead.")
    return kind, -1 if index is None else _int8(index)


def _ordinal(v):
    """A bare int where a device goes: an accelerator's index, and the runtime has no accelerator."""
    if v < 0:
        raise RuntimeError("Device index must not be negative")
    raise RuntimeError("Cannot access accelerator device when none is available.")


def _is_device_arg(x):
    """THPUtils_checkDevice: a device, a str (or bytes) or an int that is not a bool."""
    return isinstance(x, (device, str, bytes)) or is_long(x)


class device:
    """torch.device: a device type and an optional index, printed and compared as torch's.

    device('cpu'), device('cuda:1'), device('cuda', 1), device(other); an int alone is an
    accelerator's index (an error here, as in torch without one).  `with rt.device('cpu'):`
    makes it the default device of the factories inside the block."""
    __slots__ = ("_type", "_index")

    def __new__(cls, *args, **kwargs):
        kind, index = _construct(args, kwargs)
        d = object.__new__(device)
        object.__setattr__(d, "_type", kind)
        object.__setattr__(d, "_index", index)
        return d

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'runtime.device' is not an acceptable base type")

    @property
    def type(self):
        return self._type

    @property
    def index(self):
        return None if self._index == -1 else self._index

    def __setattr__(self, name, value):
        if name in ("type", "index"):
            raise AttributeError(f"attribute '{name}' of 'runtime.device' objects is not writable")
        raise AttributeError(f"'runtime.device' object has no attribute '{name}'")

    def __delattr__(self, name):
        self.__setattr__(name, None)

    def __repr__(self):
        if self._index == -1:
            return f"device(type='{self._type}')"
        # torch prints the index through a uint16: a wrapped negative one shows as 65408
        return f"device(type='{self._type}', index={self._index & 0xFFFF})"

    def __str__(self):
        return self._type if self._index == -1 else f"{self._type}:{self._index}"

    def __format__(self, spec):
        if spec:
            raise TypeError("unsupported format string passed to runtime.device.__format__")
        return str(self)

    def __getattr__(self, name):        # (only for names that are not there)
        raise AttributeError(f"'runtime.device' object has no attribute '{name}'")

    def __eq__(self, other):
        if not isinstance(other, device):
            return NotImplemented
        return self._type == other._type and self._index == other._index

    def __ne__(self, other):
        if not isinstance(other, device):
            return NotImplemented
        return not self == other

    def _compare(self, other):
        raise TypeError("comparison not implemented")

    __lt__ = __le__ = __gt__ = __ge__ = _compare

    def __hash__(self):
        return _TYPE_CODES[self._type] << 16 | self._index & 0xFF

    def __reduce__(self):
        return (device, (self._type,) if self._index == -1 else (self._type, self._index))

    def __enter__(self):
        with _LOCK:
            _CONTEXTS.append(_default[0])
            _default[0] = self
        return self

    def __exit__(self, *exc):
        with _LOCK:
            _default[0] = _CONTEXTS.pop() if _CONTEXTS else None
        return False


def _construct(args, kwargs):
    """torch.device's two overloads, (device) and (str type, int index=-1), bound as torch's
    argument parser binds them (runtime/_argparse.py's texts when nothing matches)."""
    n = len(args) + len(kwargs)
    if n == 1 and (args or "device" in kwargs):
        x = args[0] if args else kwargs["device"]
        if isinstance(x, device):
            return x._type, x._index
        if isinstance(x, (str, bytes)):
            return _parse_string(x.decode() if isinstance(x, bytes) else x)
        if _is_device_arg(x):
            _ordinal(_index_value(x))
    if 1 <= n <= 2 and set(kwargs) <= {"type", "index"} and (args or "type" in kwargs):
        kind = args[0] if args else kwargs["type"]
        has_index = len(args) > 1 or "index" in kwargs
        index = (args[1] if len(args) > 1 else kwargs["index"]) if has_index else None
        if len(args) > 1 and "index" in kwargs or args and "type" in kwargs:
            pass                                # given twice: the invalid-arguments text below
        elif not isinstance(kind, (str, bytes)):
            if n == 2:                          # (one argument: both overloads, listed below)
                where = " (position 1)" if args else ""
                raise TypeError(f"device(): argument 'type'{where} must be str, not {type_name(kind)}")
        elif index is not None and (type(index) is bool or not _is_index(index)):
            where = " (position 2)" if len(args) > 1 else ""
            raise TypeError(f"device(): argument 'index'{where} must be int, not {type_name(index)}")
        else:
            kind = kind.decode() if isinstance(kind, bytes) else kind
            index = None if index is None else _index_value(index)
            if index is not None and index < 0:
                raise RuntimeError("Device index must not be negative")
            if has_index and ":" in kind:       # (even index=None counts as given)
                raise RuntimeError(f"type (string) must not include an index because index was passed explicitly: "
                                   f"{kind}")
            parsed, own = _parse_string(kind)
            return parsed, own if index is None else _int8(index)
    raise TypeError(format_invalid_args(args, kwargs, "device()", list(_PRINTED)))


def _is_index(x):
    if isinstance(x, Tensor):           # a 0-dim integral tensor reads as an int, as in torch's parser
        return not x._shape and x.dtype.category == "integral"
    return is_long(x)


def _index_value(x):
    v = int(x.item()) if hasattr(x, "_shape") else int(number(x)) if number(x) is not None else int_arg(x)
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return v


CPU = device("cpu")

# ------------------------------------------------------------------ default device
_LOCK = threading.Lock()
_default = [None]           # None: the CPU; else the device set_default_device or a `with` chose
_CONTEXTS = []              # the defaults that `with device(...)` blocks replaced, innermost last


def set_default_device(d):
    """torch.set_default_device: the device the factories allocate on when given none (None
    resets it to the CPU).  Another device parses here and fails where a tensor is made."""
    _default[0] = None if d is None else device(d)


def get_default_device():
    """The default device.  torch finds the index of an index-less one by allocating there, so
    that for a device other than the CPU or meta this raises what allocating there raises."""
    d = _default[0] or CPU
    if d._index == -1 and d._type not in ("cpu", "meta"):
        check_allocation(d, conversion=True)
    return d


def device_arg(fname, x, default=None):
    """A factory's device= argument as a device: torch's type check, string parsing and ordinal
    errors; None is `default` (the default device for the factories, the input's for *_like)."""
    if x is None:
        return default if default is not None else _default[0] or CPU
    if isinstance(x, device):
        return x
    if isinstance(x, (str, bytes)):
        return device(x)
    if not _is_device_arg(x):
        raise TypeError(f"{fname}(): argument 'device' must be runtime.device, not {type_name(x)}")
    _ordinal(_index_value(x))


_NOT_COMPILED = {
    "cuda": "Torch not compiled with CUDA enabled",
    "xpu": "Torch not compiled with XPU enabled",
    "mtia": "Torch not compiled with MTIA enabled. Ensure you have `import mtia.host_runtime.torch_mtia."
            "dynamic_library` in your python src file and include `//mtia/host_runtime/torch_mtia:torch_mtia` as "
            "your target dependency!"}
_GRANDFATHERED = ("mkldnn", "opengl", "opencl", "ideep")        # Caffe2's types: a RuntimeError in torch


def check_allocation(d, conversion=False):
    """Raise where a tensor would be allocated on `d` and `d` is not the CPU: the class torch 2.13's
    CPU build raises there.  conversion: t.to(d) or tensor(data, device=d), where torch reports a
    device type without an index as 'not linked'.  Where torch's text would mislead (its
    dispatcher's backend listing, an internal assert, or meta, which torch allocates without
    memory), ours says that the runtime is CPU-only."""
    kind = d._type
    if kind == "cpu":
        return
    if kind in _NOT_COMPILED:
        raise AssertionError(_NOT_COMPILED[kind])
    if kind in ("hpu", "privateuseone"):
        raise ModuleNotFoundError(f"No module named 'runtime.{kind}'")
    if conversion and d._index == -1 and kind not in ("lazy", "meta"):
        raise RuntimeError(f"PyTorch is not linked with support for {kind} devices")
    text = f"runtime tensors live in CPU memory only: cannot allocate a tensor on device '{d}'"
    raise (RuntimeError if kind in _GRANDFATHERED else NotImplementedError)(text)


def _tensor_device(self):
    return CPU          # every runtime tensor lives in CPU memory


METHODS = {"device": property(_tensor_device)}      # Tensor.device
