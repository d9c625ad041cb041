"""The orthogonal polynomials at huge degrees: an answer in milliseconds (torch's recurrences
loop n times: legendre_polynomial_p(x, 1e10) takes it 51 s), and the right one.

References: mpmath at 50 digits (scripts/poly_large_degree_refs.py): Chebyshev by
cosh/sinh of multiples of acosh x, Legendre by Laplace's integral (and Gamma ratios at x = 0),
Laguerre by its finite sum.  float64 results are computed in long double."""
import math
import time

import pytest

import runtime as rt

CASES = [        # (function, x, n, mpmath's value rounded to double)
    ('chebyshev_polynomial_t', 1.0000000000000002, 1000000000, 709646186.4771303),
    ('chebyshev_polynomial_t', -1.0000000000000002, 1000000000, 709646186.4771303),
    ('chebyshev_polynomial_t', 1.5, 1000000000000000, math.inf),
    ('shifted_chebyshev_polynomial_t', 1.0000000000000002, 1000000000, 4384844183471.471),
    ('chebyshev_polynomial_u', 1.0000000000000002, 1000000000, 3.367493544616403e+16),
    ('chebyshev_polynomial_u', -1.0000000000000002, 1000000000, 3.367493544616403e+16),
    ('chebyshev_polynomial_u', 1.5, 1000000000000000, math.inf),
    ('shifted_chebyshev_polynomial_u', 1.0000000000000002, 1000000000, 1.4713096036973324e+20),
    ('chebyshev_polynomial_v', 1.0000000000000002, 1000000000, 709646193.9544679),
    ('chebyshev_polynomial_v', -1.0000000000000002, 1000000000, 6.7349870182681864e+16),
    ('chebyshev_polynomial_v', 1.5, 1000000000000000, math.inf),
    ('shifted_chebyshev_polynomial_v', 1.0000000000000002, 1000000000, 4384844248810.741),
    ('chebyshev_polynomial_w', 1.0000000000000002, 1000000000, 6.7349870182681864e+16),
    ('chebyshev_polynomial_w', -1.0000000000000002, 1000000000, 709646193.9544679),
    ('chebyshev_polynomial_w', 1.5, 1000000000000000, math.inf),
    ('shifted_chebyshev_polynomial_w', 1.0000000000000002, 1000000000, 2.9426191635462223e+20),
    ('legendre_polynomial_p', 1.0000000000000002, 1000000000, 124095163.22452477),
    ('legendre_polynomial_p', -1.0000000000000002, 1000000000, 124095163.22452477),
    ('legendre_polynomial_p', 0.0, 1000000000, 2.5231325213893768e-05),
    ('legendre_polynomial_p', 0.9999999999999999, 1000000000, 0.006151325116759924),
    ('legendre_polynomial_p', 1.5, 1000000000000000, math.inf),
    ('legendre_polynomial_p', -1.5, 1000000000000001, -math.inf),
    ('laguerre_polynomial_l', -1e-12, 1000000000, 1.0010002500277793),
    ('laguerre_polynomial_l', -1e-12, 1000000000000000, 1.4738560870994502e+26),
    ('laguerre_polynomial_l', 1e-18, 1000000000000000, 0.9990002499722239),
    ('laguerre_polynomial_l', -1.0, 1000000000, math.inf),
]


def _close(got, want, rel):
    if math.isinf(want):
        return got == want
    return abs(got - want) <= rel * abs(want)


@pytest.mark.parametrize("name,x,n,want", CASES)
def test_float64_large_degree(name, x, n, want):
    fn = getattr(rt.special, name)
    t = time.perf_counter()
    got = fn(rt.tensor([x], dtype=rt.float64), float(n)).tolist()[0]
    assert time.perf_counter() - t < 1.0
    assert _close(got, want, 1e-12), (got, want)


@pytest.mark.parametrize("name", sorted({c[0] for c in CASES}))
@pytest.mark.parametrize("n", [1e9, 1e15, 1e10 + 1])
def test_float32_large_degree_is_quick(name, n):
    """float32 over the whole range of x (|x| < 1 included, where torch's recurrence hangs)"""
    xs = [-2.0, -1.0, -0.999, -0.5, -1e-3, 0.0, 1e-3, 0.3, 0.5, 0.9999, 1.0, 1.0000001, 3.0,
          math.inf, -math.inf, math.nan]
    t = time.perf_counter()
    got = getattr(rt.special, name)(rt.tensor(xs, dtype=rt.float32), n).tolist()
    assert time.perf_counter() - t < 1.0
    assert len(got) == len(xs)


def test_float32_values():
    x = rt.tensor([0.0, 1.5, -1.5], dtype=rt.float32)
    got = rt.special.legendre_polynomial_p(x, 1e9).tolist()
    assert got[1:] == [math.inf, -math.inf] or got[1:] == [math.inf, math.inf]
    assert abs(got[0] - 2.5231325213893768e-05) <= 2e-7 * 2.5231325213893768e-05
    assert rt.special.chebyshev_polynomial_t(x, 1e9).tolist()[1:] == [math.inf, math.inf]
