"""mpmath references for tests/test_poly_large_degree.py (prints the CASES rows): python scripts/poly_large_degree_refs.py"""
import mpmath
mpmath.mp.dps = 50
def cheb(k, x, n):
    x = mpmath.mpf(x); sg = -1 if (x < 0 and n % 2) else 1
    if x < 0 and k in 'vw': k = {'v': 'w', 'w': 'v'}[k]
    xi = mpmath.acosh(abs(x))
    r = {'t': lambda: mpmath.cosh(n*xi), 'u': lambda: mpmath.sinh((n+1)*xi)/mpmath.sinh(xi),
         'v': lambda: mpmath.cosh((n+0.5)*xi)/mpmath.cosh(xi/2), 'w': lambda: mpmath.sinh((n+0.5)*xi)/mpmath.sinh(xi/2)}[k]()
    return sg*r
def leg(x, n):
    x = mpmath.mpf(x)
    if x == 0: return (-1)**(n//2) * mpmath.gamma(mpmath.mpf(n)/2+0.5)/(mpmath.sqrt(mpmath.pi)*mpmath.gamma(mpmath.mpf(n)/2+1)) if n % 2 == 0 else 0
    if abs(x) > 1:
        s = mpmath.sqrt(x*x-1); w = 1/mpmath.sqrt(n*s)
        return mpmath.quad(lambda p: (x + s*mpmath.cos(p))**n, [0, w, 3*w, 10*w, mpmath.pi])/mpmath.pi
    s = mpmath.sqrt(1-x*x)
    return mpmath.re(mpmath.quad(lambda p: (x + 1j*s*mpmath.cos(p))**n, mpmath.linspace(0, mpmath.pi, 60)))/mpmath.pi
def lag(x, n):
    x = mpmath.mpf(x); c = mpmath.mpf(1); s = mpmath.mpf(1); k = 0
    while True:
        c *= (n-k)*(-x)/((k+1)**2); s += c; k += 1
        if k > 10 and abs(c) < abs(s)*mpmath.mpf(10)**-40: break
    return s
def f(v):
    return repr(float(v)) if abs(v) < 1.7e308 else ('math.inf' if v > 0 else '-math.inf')
cases = []
for k in 'tuvw':
    for x in (1+2**-52, -(1+2**-52)):
        cases.append(('chebyshev_polynomial_'+k, x, 10**9, f(cheb(k, x, 10**9))))
    cases.append(('chebyshev_polynomial_'+k, 1.5, 10**15, f(cheb(k, 1.5, 10**15))))
    cases.append(('shifted_chebyshev_polynomial_'+k, 1+2**-52, 10**9, f(cheb(k, 2*(1+2**-52)-1, 10**9))))
for x, n in ((1+2**-52, 10**9), (-(1+2**-52), 10**9), (0.0, 10**9), (1-2**-53, 10**9), (1.5, 10**15), (-1.5, 10**15 + 1)):
    cases.append(('legendre_polynomial_p', x, n, f(leg(x, n) if x >= 0 else (-1)**n * leg(-x, n))))
for x, n in ((-1e-12, 10**9), (-1e-12, 10**15), (1e-18, 10**15), (-1.0, 10**9)):
    cases.append(('laguerre_polynomial_l', x, n, f(lag(x, n)) if n*abs(x) < 1e6 else 'math.inf'))
for c in cases: print('    (%r, %r, %r, %s),' % c)


def tricomi(x, n, dps):
    """L_n(x), x > 0, by Tricomi's convergent Bessel expansion (A&S 13.3.7, a = -n, b = 1):
    e^(x/2) sum_m A_m (x / nu)^(m/2) J_m(sqrt(nu x)), nu = 4n + 2, summed at dps digits"""
    with mpmath.workdps(dps):
        x = mpmath.mpf(x); nu = 4 * mpmath.mpf(n) + 2; z = mpmath.sqrt(nu * x); r = mpmath.sqrt(x / nu)
        A = [mpmath.mpf(1), mpmath.mpf(0), mpmath.mpf(0.5)]
        s = mpmath.besselj(0, z); m = 0; small = 0
        while small < 5:
            m += 1
            if m >= 3:
                A.append(((m - 1) * A[m - 2] - nu / 2 * A[m - 3]) / m)
            t = A[m] * r**m * mpmath.besselj(m, z)
            s += t
            small = small + 1 if m > 5 and abs(t) < abs(s) * mpmath.mpf(10)**(5 - dps) else 0
        return +(mpmath.exp(x / 2) * s)


def lag_ref(x, n):
    """tricomi at 40, 60, ... digits until two agree to 25 (its terms cancel by up to e^(x r / 6))"""
    dps = 40
    a = tricomi(x, n, dps)
    while True:
        dps += 20
        b = tricomi(x, n, dps)
        if abs(a - b) <= abs(b) * mpmath.mpf(10)**-25:
            return b
        a = b


# L_n for x > 0 past EW_LAGUERRE_BIG, one row a region of csrc/special_body.h's laguerre_tricomi:
# J_m by Miller's recurrence (z < 30), Hankel's J_0, J_1 and the forward recurrence with few
# terms (n huge) and with ~200 (n = 2^18 + 1, x = 1420: the terms reach 10^3 times the sum),
# and where L_n overflows its sign (series; Plancherel-Rotach phase past x r / 6 = 30; beyond
# the largest zero); below EW_LAGUERRE_BIG the series and the recurrence.  Each with the local scale e^(x/2) sqrt(2 / (pi z)) for the rule near zeros.
print('LAGUERRE_CASES = [')
for x, n in ((1e-4, 2**20), (0.5, 2**18 + 1), (30.0, 2**18 + 1), (300.0, 2**18 + 1), (1000.0, 2**18 + 1),
             (1420.0, 2**18 + 7), (7.5, 2**25), (700.0, 2**25), (100.0, 2**40), (1300.0, 2**50), (1e-12, 2**45),
             (0.5, 2**62), (1e3, 3 * 2**61), (2.6020852139652106e-18, 2**62), (117.0, 10**9 + 1),
             (3000.0, 2**18 + 1), (5000.0, 2**18 + 1), (2e6, 2**18 + 1),
             (7.0, 200000), (880.0, 2**17), (1400.0, 2**18)):    # below 2^18: series, then recurrence
    # past 4n + 2, beyond every zero of L_n, its sign is (-1)^n (the sum there cancels hugely)
    v = lag_ref(x, n) if x < 4 * n + 2 else (-1)**n * mpmath.inf
    sc = mpmath.exp(mpmath.mpf(x) / 2) * mpmath.sqrt(2 / (mpmath.pi * mpmath.sqrt((4 * n + 2) * mpmath.mpf(x))))
    print('    (%r, %r, %s, %s),' % (x, n, f(v), f(sc)))
print(']')
# the Tricomi sum against mpmath's own hypergeometric sum where that is feasible
for x, n in ((0.5, 2**18 + 1), (30.0, 2**18 + 1), (1e-4, 2**20)):
    w = mpmath.laguerre(n, 0, x, maxterms=10**7)
    assert abs(lag_ref(x, n) - w) <= abs(w) * mpmath.mpf(10)**-25, (x, n)


def inside(k, y, n):
    """T, U, V, W of y in (-1, 1) by their trigonometric forms at 60 digits, and the local scale"""
    th = mpmath.acos(y); n = mpmath.mpf(n)
    return {'t': (mpmath.cos(n * th), 1), 'u': (mpmath.sin((n + 1) * th) / mpmath.sin(th), 1 / mpmath.sin(th)),
            'v': (mpmath.cos((n + 0.5) * th) / mpmath.cos(th / 2), 1 / mpmath.cos(th / 2)),
            'w': (mpmath.sin((n + 0.5) * th) / mpmath.sin(th / 2), 1 / mpmath.sin(th / 2))}[k]


def leg_inside(x, n):
    """P_n(x), |x| < 1, n sin(theta) >= 30: Stieltjes' series at 60 digits, up to its smallest
    term (it is asymptotic where 2 sin theta < 1), and the local scale sqrt(2 / (pi n sin theta))"""
    t = abs(mpmath.mpf(x)); s = mpmath.sqrt(1 - t * t); th = mpmath.acos(t); N = mpmath.mpf(n)
    h = mpmath.mpf(1); den = mpmath.sqrt(2 * s); sm = 0; prev = mpmath.inf
    for m in range(400):
        if h / den > prev or h / den < mpmath.mpf(10)**-40:
            break
        prev = h / den
        sm += h * mpmath.cos((N + m + 0.5) * th - (m + 0.5) * mpmath.pi / 2) / den
        h *= (m + 0.5)**2 / ((m + 1) * (N + m + 1.5))
        den *= 2 * s
    v = 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(mpmath.loggamma(N + 1) - mpmath.loggamma(N + 1.5)) * sm
    return (-v if x < 0 and n % 2 else v), mpmath.sqrt(2 / (mpmath.pi * N * s))


# inside (-1, 1) past EW_POLY_PHASE (4096): the phase (n + h) acos x in quad precision
# (cheb_inside, legendre_big):
# mid-interval, near +1 and near -1 (where sin theta and the half angles come from g)
print('INSIDE_CASES = [')
for k in 'tuvw':
    for shifted in (0, 1):
        name = ('shifted_' if shifted else '') + 'chebyshev_polynomial_' + k
        for x, n in ((0.3, 2**18 + 1), (1 - 2**-20, 2**40 + 1), (-(1 - 2**-30), 2**62), (-0.45, 4097)):
            if shifted:
                x = (x + 1) / 2
            v, sc = inside(k, 2 * mpmath.mpf(x) - 1 if shifted else mpmath.mpf(x), n)
            print('    (%r, %r, %r, %s, %s),' % (name, x, n, f(v), f(sc)))
for x, n in ((0.3, 2**18 + 1), (-0.7, 2**40 + 1), (-(1 - 2**-30), 2**40 + 1), (0.3, 2**62), (0.3, 2**14 + 1)):
    v, sc = leg_inside(x, n)
    print('    (%r, %r, %r, %s, %s),' % ('legendre_polynomial_p', x, n, f(v), f(sc)))
print(']')
