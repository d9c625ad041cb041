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
    return repr(float(v)) if abs(v) < 1.7e308 else ('inf' if v > 0 else '-inf')
cases = []
for k in 'tuvw':
    for x in (1+2**-52, -(1+2**-52)):
        cases.append(('chebyshev_polynomial_'+k, x, 10**9, f(cheb(k, x, 10**9))))
    cases.append(('chebyshev_polynomial_'+k, 1.5, 10**15, f(cheb(k, 1.5, 10**15))))
    cases.append(('shifted_chebyshev_polynomial_'+k, 1+2**-52, 10**9, f(cheb(k, 2*(1+2**-52)-1, 10**9))))
for x, n in ((1+2**-52, 10**9), (-(1+2**-52), 10**9), (0.0, 10**9), (1-2**-53, 10**9), (1.5, 10**15), (-1.5, 10**15 + 1)):
    cases.append(('legendre_polynomial_p', x, n, f(leg(x, n) if x >= 0 else (-1)**n * leg(-x, n))))
for x, n in ((-1e-12, 10**9), (-1e-12, 10**15), (1e-18, 10**15), (-1.0, 10**9)):
    cases.append(('laguerre_polynomial_l', x, n, f(lag(x, n)) if n*abs(x) < 1e6 else 'inf'))
for c in cases: print('    (%r, %r, %r, %s),' % c)
