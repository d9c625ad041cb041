"""torch's TORCH_WARN_ONCE, shared by every layer."""
import warnings

_WARNED = set()


def warn_once(message, stacklevel=3):
    """torch's TORCH_WARN_ONCE: each message once per process."""
    if message not in _WARNED:
        _WARNED.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel)
