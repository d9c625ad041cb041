"""The settings the differential hypothesis tests share (test_hypothesis_differential.py,
test_tensor_layer_hypothesis.py)."""
import os

from hypothesis import HealthCheck, settings


def deterministic(env_var, default_examples):
    """The same examples on every run (derandomize, no example database), no deadline (a call
    into torch can be slow), and no health checks on slow or filtered draws; `env_var` in the
    environment sets the number of examples."""
    return settings(
        derandomize=True,
        database=None,
        deadline=None,
        print_blob=False,
        max_examples=int(os.environ.get(env_var, default_examples)),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
