/* The short call path, in C because a Python-level call costs more than the whole op on a
   small tensor.  A call of an op's function, method, in-place method or operator (`a + b`,
   `2 - a`, `a += b`, `rt.add(a, b, alpha=2, out=o)`, `a.exp()`) whose operands are plain
   tensors (any shape, layout and dtype) or Python numbers, whose keywords are the op's
   params, out= or a select keyword (rounding_mode), and whose call form (op, operand kinds
   and dtypes, dims-or-not, params, out dtype, default dtype) this same entry point has run
   once through Python, which recorded the typed plan (kernel, result dtype, casts, operand
   order) in runtime._dispatch._PLANS, is run here: broadcast, torch's output layout, the
   loop, the Tensor.  Whatever else, and whatever may raise (a shape mismatch, an overlap,
   an out= to resize), goes to the Python function this one stands in for, unchanged.

   Also here: Storage, the memory block a tensor and its views share (ours from ew_alloc,
   or another object's kept alive by a reference), and the address-taking entry points
   that let tensors keep plain integer addresses instead of cffi pointer objects. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cdef.h"            /* ew_scalar, ew_run, ew_alloc, ... */
#include "fastcall_slots.h"  /* generated: EW_METHOD_SLOTS, four per op of ops.yaml */

#define EW_MAX_OPERANDS 8
#define EW_GIL_FREE_ELEMENTS 16384     /* smaller runs keep the GIL: releasing it costs more */

/* ------------------------------------------------------------------ addresses */
int ew_run_flat_addr(int kernel, int64_t n, uintptr_t out, uintptr_t a, uintptr_t b, const ew_scalar *params,
                     int64_t flags) {
    return ew_run_flat(kernel, n, (char *)out, (char *)a, (char *)b, params, flags);
}

int ew_run_addr(int kernel, int nops, int ndim, const int64_t *shape, const uintptr_t *data,
                const int64_t *strides, const ew_scalar *params, const int *casts) {
    char *ptrs[EW_MAX_OPERANDS];
    if (nops < 1 || nops > EW_MAX_OPERANDS) return -1;
    for (int i = 0; i < nops; i++) ptrs[i] = (char *)data[i];
    return ew_run(kernel, nops, ndim, shape, ptrs, strides, params, casts);
}

/* ------------------------------------------------------------------ Storage */
typedef struct {
    PyObject_HEAD
    char *ptr;
    Py_ssize_t nbytes;
    PyObject *owner;        /* NULL: the block is ours (ew_alloc); else whose memory it is */
    PyObject *weakrefs;
} ew_storage;

static PyTypeObject ew_storage_type;

static PyObject *storage_alloc(Py_ssize_t nbytes) {
    ew_storage *s = PyObject_New(ew_storage, &ew_storage_type);
    if (!s) return NULL;
    s->ptr = ew_alloc((size_t)nbytes);
    s->nbytes = nbytes;
    s->owner = NULL;
    s->weakrefs = NULL;
    if (!s->ptr) {
        s->ptr = NULL;
        Py_DECREF(s);
        /* torch's class and words (its CPU allocator's message) */
        return PyErr_Format(PyExc_RuntimeError, "DefaultCPUAllocator: can't allocate memory: you tried to allocate "
                            "%zd bytes. Error code 12 (Cannot allocate memory)", nbytes);
    }
    return (PyObject *)s;
}

/* Storage(nbytes): a fresh 64-byte aligned block.  Storage(nbytes, address, owner): memory
   of `owner` (a NumPy array, a DLPack capsule's keeper), which lives as long as this does. */
static PyObject *storage_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    Py_ssize_t nbytes;
    PyObject *address = NULL, *owner = NULL;
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Storage() takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "n|OO:Storage", &nbytes, &address, &owner)) return NULL;
    if (nbytes < 0) {
        PyErr_SetString(PyExc_ValueError, "Storage(): negative byte count");
        return NULL;
    }
    if (!address) return storage_alloc(nbytes);
    if (!owner || owner == Py_None) {
        PyErr_SetString(PyExc_TypeError, "Storage(nbytes, address, owner): the owner must be an object");
        return NULL;
    }
    void *p = PyLong_AsVoidPtr(address);
    if (!p && PyErr_Occurred()) return NULL;
    ew_storage *s = PyObject_New(ew_storage, type);
    if (!s) return NULL;
    s->ptr = p;
    s->nbytes = nbytes;
    Py_INCREF(owner);
    s->owner = owner;
    s->weakrefs = NULL;
    return (PyObject *)s;
}

static void storage_dealloc(ew_storage *s) {
    if (s->weakrefs) PyObject_ClearWeakRefs((PyObject *)s);
    if (s->owner) Py_DECREF(s->owner);
    else if (s->ptr) ew_free(s->ptr);
    PyObject_Free(s);
}

static PyObject *storage_ptr(ew_storage *s, void *closure) {
    (void)closure;
    return PyLong_FromVoidPtr(s->ptr);
}

static PyGetSetDef storage_getset[] = {
    {"ptr", (getter)storage_ptr, NULL, "the block's address", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef storage_members[] = {
    {"nbytes", T_PYSSIZET, offsetof(ew_storage, nbytes), READONLY, "the block's size in bytes"},
    {"owner", T_OBJECT, offsetof(ew_storage, owner), READONLY, "whose memory it is (None: ours)"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject ew_storage_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "runtime.Storage",
    .tp_basicsize = sizeof(ew_storage),
    .tp_dealloc = (destructor)storage_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A memory block shared by a tensor and its views; freed (or its owner released) with the last.",
    .tp_weaklistoffset = offsetof(ew_storage, weakrefs),
    .tp_getset = storage_getset,
    .tp_members = storage_members,
    .tp_new = storage_new,
};

/* ------------------------------------------------------------------ the short path */
/* The Tensor's and dtype's __slots__, read and written at their offsets (taken from the
   classes' member descriptors at init, so they follow the Python definitions, and checked
   there: check_tensor_slots). */
static PyTypeObject *tensor_type;
static Py_ssize_t t_storage, t_ptr, t_shape, t_strides, t_offset, t_dtype, t_wrapped, t_lazy;
static Py_ssize_t d_index, d_itemsize;
static PyObject *plans;          /* the dispatcher's plan cache: key tuple -> plan tuple */
static PyObject *state;          /* promotion._state: {"default": dtype} */
static PyObject *s_default, *zero;
#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

/* One call's entry point: what it may be given besides its operands, and the plans of the
   call forms it has already run through Python (so a form this entry point refuses, such
   as a Number where its signature wants a Tensor, never reaches the C path). */
typedef struct {
    PyObject *op;          /* the op a call without a select keyword runs (a str) */
    PyObject *fallback;    /* the Python function this one stands in for */
    int nargs;             /* operands, self included */
    int nrequired;         /* the leading ones that must be given; the others may be None or
                              absent (clamp's min and max), or given by keyword */
    PyObject *argnames;    /* the operands' names: a tuple of str */
    int inplace;           /* the first operand is also the output (add_, +=) */
    int has_out;           /* out= may be given */
    PyObject *params;      /* the op's params: a tuple of (name, default) */
    PyObject *select_kw;   /* the keyword that picks another op (rounding_mode), or NULL */
    PyObject *variants;    /* its str values -> op names; without a select keyword, the
                              operands' kinds (2 bits each: 0 tensor, 1 number, 2 None) -> op
                              names; or NULL */
    PyObject *seen;        /* key -> plan, for the call forms this entry point ran in Python */
    struct {               /* the last form served with default params, to skip the key */
        PyObject *plan;    /* a strong reference, or NULL */
        PyObject *op;      /* borrowed: slot->op or a value of slot->variants */
        long generation;   /* forget() makes older entries stale */
        long sig[3 + 8];   /* default dtype, out code, keywords and Nones given, operand kinds */
    } last;
} ew_fast_slot;

#define EW_FAST_DIMS 16        /* more dims: the Python path */
#define EW_MAX_PARAMS 4
static long generation;        /* bumped by forget() */
#define EW_SEEN_MAX 1024       /* per entry point; a varying alpha must not grow it forever */

typedef struct {
    PyObject *obj;          /* the tensor, or NULL for a Python number */
    char *data;
    int ndim;
    long itemsize;
    int64_t shape[EW_FAST_DIMS];
    int64_t strides[EW_FAST_DIMS];       /* in elements */
    union { int64_t i; double d[2]; unsigned char b; } num;   /* a number, as torch wraps it */
    long numkind;                        /* its kind: -1 bool, -2 int, -3 float, -4 complex */
} ew_operand;

static int read_ints(PyObject *tup, int64_t *dst, int *n) {
    if (!PyTuple_CheckExact(tup) || PyTuple_GET_SIZE(tup) > EW_FAST_DIMS) return 0;
    const Py_ssize_t k = PyTuple_GET_SIZE(tup);
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *o = PyTuple_GET_ITEM(tup, i);
        if (!PyLong_CheckExact(o)) return 0;
        long long v = PyLong_AsLongLong(o);
        if (v == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        dst[i] = v;
    }
    *n = (int)k;
    return 1;
}

static int dtype_int(PyObject *dt, Py_ssize_t off, long *v) {
    PyObject *o = dt ? SLOT(dt, off) : NULL;
    if (!o || !PyLong_CheckExact(o)) return 0;
    *v = PyLong_AsLong(o);
    if (*v == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
    return 1;
}

/* A plain tensor's layout; 0: not one the short path takes.  *kind: its part of the key,
   dtype index * 2 + (has dims), as _dispatch._plan_key makes it. */
static int read_tensor(PyObject *t, ew_operand *op, long *kind) {
    PyObject *shape = SLOT(t, t_shape), *strides = SLOT(t, t_strides), *ptr = SLOT(t, t_ptr), *dt = SLOT(t, t_dtype);
    int nd, ns;
    long index;
    /* a wrapped number, or a conj/neg view (whose values are not the stored ones): Python */
    if (!shape || !strides || !ptr || !dt || SLOT(t, t_wrapped) != Py_False || SLOT(t, t_lazy) != Py_None) return 0;
    if (!read_ints(shape, op->shape, &nd) || !read_ints(strides, op->strides, &ns) || nd != ns) return 0;
    if (!dtype_int(dt, d_index, &index) || !dtype_int(dt, d_itemsize, &op->itemsize)) return 0;
    op->data = PyLong_AsVoidPtr(ptr);
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
    op->obj = t;
    op->ndim = nd;
    *kind = index * 2 + (nd > 0);
    return 1;
}

/* A Python number as the 0-dim tensor torch wraps it in (bool, int64, float64, complex128:
   creation.wrap_scalar); *kind -1 .. -4.  Ints beyond int64 (uint64 Scalars): Python. */
static int read_number(PyObject *x, ew_operand *op, long *kind) {
    PyTypeObject *tp = Py_TYPE(x);
    op->obj = NULL;
    op->ndim = 0;
    op->data = (char *)&op->num;
    if (tp == &PyBool_Type) {
        op->num.b = x == Py_True;
        op->itemsize = 1;
        *kind = -1;
    } else if (tp == &PyLong_Type) {
        int overflow;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        if (overflow || (v == -1 && PyErr_Occurred())) { PyErr_Clear(); return 0; }
        op->num.i = v;
        op->itemsize = 8;
        *kind = -2;
    } else if (tp == &PyFloat_Type) {
        op->num.d[0] = PyFloat_AS_DOUBLE(x);
        op->itemsize = 8;
        *kind = -3;
    } else if (tp == &PyComplex_Type) {
        Py_complex c = PyComplex_AsCComplex(x);
        op->num.d[0] = c.real;
        op->num.d[1] = c.imag;
        op->itemsize = 16;
        *kind = -4;
    } else {
        return 0;
    }
    op->numkind = *kind;
    return 1;
}

/* Does a number fit the plan's bounds `fits` (lo, hi, non-finite ok), _dispatch._fits_bounds?
   0: perhaps not, Python decides (and raises torch's error). */
static int number_fits(const ew_operand *o, PyObject *fits) {
    if (!PyTuple_CheckExact(fits) || PyTuple_GET_SIZE(fits) != 3) return 0;
    const double lo = PyFloat_AsDouble(PyTuple_GET_ITEM(fits, 0)), hi = PyFloat_AsDouble(PyTuple_GET_ITEM(fits, 1));
    if (PyErr_Occurred()) { PyErr_Clear(); return 0; }
    double v;
    switch (o->numkind) {
    case -1: v = o->num.b; break;
    case -2: v = (double)o->num.i; break;      /* rounded: within bounds narrowed for it */
    case -3:
        v = o->num.d[0];
        if (isnan(v) || isinf(v)) return PyTuple_GET_ITEM(fits, 2) == Py_True;
        break;
    default: return 0;                         /* complex: Python */
    }
    return lo <= v && v <= hi;
}

/* A param's part of the key (_dispatch._param_code): (0, None) for None or the default
   itself, else (1 bool | 2 int | 3 float | 4 negative zero, value).  0: not plannable (NaN,
   complex, a tensor...). */
static int param_code(PyObject *v, PyObject *dflt, long *code, PyObject **value) {
    if (!v || v == Py_None) { *code = 0; *value = Py_None; return 1; }
    PyTypeObject *tp = Py_TYPE(v);
    const int negzero = tp == &PyFloat_Type && PyFloat_AS_DOUBLE(v) == 0.0 && signbit(PyFloat_AS_DOUBLE(v));
    if (tp == Py_TYPE(dflt) && !negzero) {
        int eq = PyObject_RichCompareBool(v, dflt, Py_EQ);
        if (eq < 0) { PyErr_Clear(); return 0; }
        if (eq) { *code = 0; *value = Py_None; return 1; }
    }
    *value = v;
    if (tp == &PyBool_Type) *code = 1;
    else if (tp == &PyLong_Type) *code = 2;
    else if (tp == &PyFloat_Type) {
        double d = PyFloat_AS_DOUBLE(v);
        if (d != d) return 0;
        *code = negzero ? 4 : 3;
    } else return 0;
    return 1;
}

static int same_name(PyObject *a, PyObject *b) {
    return a == b || (PyUnicode_Check(a) && PyUnicode_Compare(a, b) == 0);
}

static int64_t numel_of(int nd, const int64_t *shape) {
    int64_t n = 1;
    for (int i = 0; i < nd; i++) n *= shape[i];
    return n;
}

/* Row-major strides (size-0 and size-1 dims count as 1), as _contiguous_strides. */
static void contiguous_strides(int nd, const int64_t *shape, int64_t *st) {
    int64_t acc = 1;
    for (int i = nd - 1; i >= 0; i--) {
        st[i] = acc;
        acc *= shape[i] > 1 ? shape[i] : 1;
    }
}

static int same_ints(int n, const int64_t *a, const int64_t *b) {
    for (int i = 0; i < n; i++) if (a[i] != b[i]) return 0;
    return 1;
}

static int has_shape(const ew_operand *o, int nd, const int64_t *shape) {
    return o->ndim == nd && same_ints(nd, o->shape, shape);
}

/* Tensor.is_contiguous (size-1 dims ignored) and Tensor._dense_strides, for one operand. */
static int torch_contiguous(const ew_operand *o) {
    if (numel_of(o->ndim, o->shape) == 0) return 1;
    int64_t expected = 1;
    for (int i = o->ndim - 1; i >= 0; i--) {
        if (o->shape[i] != 1 && o->strides[i] != expected) return 0;
        expected *= o->shape[i];
    }
    return 1;
}

static int dense(const ew_operand *o) {
    int dims[EW_FAST_DIMS], k = 0;
    for (int i = 0; i < o->ndim; i++) if (o->shape[i] == 0) return 1;
    if (o->ndim == 1) return o->shape[0] < 2 || o->strides[0] == 1;
    for (int i = 0; i < o->ndim; i++) {
        if (o->shape[i] <= 1) continue;
        int j = k++;              /* insertion sort by stride, stable as Python's sorted */
        while (j > 0 && o->strides[dims[j - 1]] > o->strides[i]) { dims[j] = dims[j - 1]; j--; }
        dims[j] = i;
    }
    int64_t expected = 1;
    for (int j = 0; j < k; j++) {
        if (o->strides[dims[j]] != expected) return 0;
        expected *= o->shape[dims[j]];
    }
    return 1;
}

/* o's strides in bytes for a walk over `shape` (0 where broadcast): Tensor._byte_strides. */
static void byte_strides(const ew_operand *o, int nd, const int64_t *shape, int64_t *dst) {
    const int lead = nd - o->ndim;
    for (int i = 0; i < lead; i++) dst[i] = 0;
    for (int i = 0; i < o->ndim; i++)
        dst[lead + i] = (o->shape[i] == 1 && shape[lead + i] != 1) ? 0 : o->strides[i] * o->itemsize;
}

/* A new output's layout, as runtime/tensor.py output_strides chooses it (TensorIterator's):
   0 for contiguous, else 1 with `out` filled. */
static int output_layout(int nin, ew_operand **in, int nd, const int64_t *shape, int64_t *out) {
    int64_t cs[EW_FAST_DIMS];
    int all_contiguous = 1, all_full = 1, all_torch_contiguous = 1, same_strides = 1;
    for (int k = 0; k < nin; k++) {
        contiguous_strides(in[k]->ndim, in[k]->shape, cs);
        if (!same_ints(in[k]->ndim, in[k]->strides, cs)) all_contiguous = 0;
        if (!has_shape(in[k], nd, shape)) all_full = 0;
    }
    if (all_contiguous && (numel_of(nd, shape) || all_full)) return 0;
    if (all_full) {
        for (int k = 0; k < nin; k++) {
            if (!torch_contiguous(in[k])) all_torch_contiguous = 0;
            if (!same_ints(nd, in[k]->strides, in[0]->strides)) same_strides = 0;
        }
        if (all_torch_contiguous) return 0;
        if (same_strides && dense(in[0])) {
            memcpy(out, in[0]->strides, sizeof(int64_t) * nd);
            return 1;
        }
    }
    int64_t st[EW_MAX_OPERANDS][EW_FAST_DIMS];
    int perm[EW_FAST_DIMS];
    for (int k = 0; k < nin; k++) byte_strides(in[k], nd, shape, st[k]);
    for (int i = 0; i < nd; i++) perm[i] = nd - 1 - i;         /* perm[0]: the fastest dim */
    for (int i = 1; i < nd; i++) {
        int d1 = i;
        for (int d0 = i - 1; d0 >= 0; d0--) {
            const int a = perm[d0], b = perm[d1];
            int c = 0;
            for (int k = 0; k < nin; k++) {
                const int64_t s0 = st[k][a], s1 = st[k][b];
                if (s0 == 0 || s1 == 0) continue;
                if (s0 != s1) { c = s0 > s1 ? 1 : -1; break; }
                if (shape[a] > shape[b]) { c = 1; break; }
            }
            if (c > 0) {
                perm[d0] = b;
                perm[d1] = a;
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    int identity = 1;
    for (int i = 0; i < nd; i++) if (perm[i] != nd - 1 - i) identity = 0;
    if (identity) return 0;
    int64_t acc = 1;
    for (int i = 0; i < nd; i++) {
        out[perm[i]] = acc;
        acc *= shape[perm[i]];
    }
    return 1;
}

static PyObject *ints_tuple(int n, const int64_t *v) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *x = PyLong_FromLongLong(v[i]);
        if (!x) { Py_CLEAR(t); break; }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* The kernel over out and inputs broadcast to shape, chosen as tensor.run chooses: the flat
   loop when out is contiguous and every input is contiguous in its shape or one element,
   else the N-d walker.  Returns the kernel's code (0 fine). */
static int run_kernel(long kernel, const ew_operand *out, int nin, ew_operand **in, int nd, const int64_t *shape,
                      const ew_scalar *params, const int *casts) {
    int64_t cs[EW_FAST_DIMS];
    const int64_t n = numel_of(nd, shape);
    int rc;
    contiguous_strides(nd, shape, cs);
    if (nin <= 2 && same_ints(nd, out->strides, cs)) {
        int64_t flags = 0;
        int flat = 1;
        for (int k = 0; k < nin; k++) {
            if (has_shape(in[k], nd, shape) && same_ints(nd, in[k]->strides, cs)) continue;
            if (numel_of(in[k]->ndim, in[k]->shape) != 1) { flat = 0; break; }
            flags |= k ? 4 : 2;
        }
        if (flat) {
            if (casts)
                flags |= ((int64_t)(casts[0] + 1) << 8) | ((int64_t)(casts[1] + 1) << 24) |
                         ((int64_t)(nin > 1 ? casts[2] + 1 : 0) << 40);
            char *b = nin > 1 ? in[1]->data : NULL;
            if (n >= EW_GIL_FREE_ELEMENTS) {
                Py_BEGIN_ALLOW_THREADS
                rc = ew_run_flat((int)kernel, n, out->data, in[0]->data, b, params, flags);
                Py_END_ALLOW_THREADS
            } else {
                rc = ew_run_flat((int)kernel, n, out->data, in[0]->data, b, params, flags);
            }
            return rc;
        }
    }
    char *data[EW_MAX_OPERANDS];
    int64_t strides[EW_MAX_OPERANDS * EW_FAST_DIMS];
    data[0] = out->data;
    byte_strides(out, nd, shape, strides);
    for (int k = 0; k < nin; k++) {
        data[k + 1] = in[k]->data;
        byte_strides(in[k], nd, shape, strides + (k + 1) * nd);
    }
    if (n >= EW_GIL_FREE_ELEMENTS) {
        Py_BEGIN_ALLOW_THREADS
        rc = ew_run((int)kernel, nin + 1, nd, shape, data, strides, params, casts);
        Py_END_ALLOW_THREADS
    } else {
        rc = ew_run((int)kernel, nin + 1, nd, shape, data, strides, params, casts);
    }
    return rc;
}

static PyObject *run_plan(PyObject *plan, ew_fast_slot *slot, ew_operand *ops, int nargs, PyObject *out,
                          ew_operand *outp);

/* The op on the call's operands `args` (slot->nargs of them) and keywords, if the short
   path applies: a new reference, or NULL with an exception set.  NULL without an
   exception: not applicable, take the Python path; then *record_key (and *plan_key, the
   key of _dispatch._PLANS) are set when the call form has no plan here yet, so that the
   caller can take the plan the Python path records. */
static PyObject *fast_run(ew_fast_slot *slot, PyObject *const *given, Py_ssize_t npos, PyObject *kwnames,
                          PyObject *const *kwvals, PyObject **record_key, PyObject **plan_key) {
    const int nslots = slot->nargs;
    PyObject *args[EW_MAX_OPERANDS];             /* by position: given, by keyword, or None */
    int nargs = 0;                               /* the operands that are not None */
    const Py_ssize_t nparams = PyTuple_GET_SIZE(slot->params);
    ew_operand ops[EW_MAX_OPERANDS - 1], outop;
    long kinds[EW_MAX_OPERANDS], codes[EW_MAX_PARAMS];
    PyObject *pvals[EW_MAX_PARAMS] = {NULL}, *values[EW_MAX_PARAMS];
    PyObject *op = slot->op, *out = NULL;
    long mask = 0;
    for (int i = 0; i < nslots; i++) args[i] = i < npos ? given[i] : NULL;

    /* keywords: out=, the op's params, a select keyword; anything else is Python's */
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k), *v = kwvals[k];
        Py_ssize_t p;
        if (slot->has_out && PyUnicode_CompareWithASCIIString(name, "out") == 0) {
            out = v == Py_None ? NULL : v;
            mask |= 1;
            continue;
        }
        for (p = npos; p < nslots; p++)      /* an optional operand by name (a.clamp(min=0)) */
            if (same_name(name, PyTuple_GET_ITEM(slot->argnames, p))) break;
        if (p < nslots) {
            if (args[p]) return NULL;
            args[p] = v;
            mask |= 1L << (20 + p);
            continue;
        }
        for (p = 0; p < nparams; p++)
            if (same_name(name, PyTuple_GET_ITEM(PyTuple_GET_ITEM(slot->params, p), 0))) break;
        if (p < nparams) {
            pvals[p] = v;
            mask |= (v == Py_None ? 0x100L : 2L) << p;       /* an explicit None: a form of its own */
        } else if (slot->select_kw && slot->variants && PyUnicode_CheckExact(v) && same_name(name, slot->select_kw)) {
            op = PyDict_GetItemWithError(slot->variants, v);
            if (!op) { PyErr_Clear(); return NULL; }
            mask |= 1L << 16;
        } else {
            return NULL;
        }
    }
    if (slot->inplace) out = args[0];
    if (out && Py_TYPE(out) != tensor_type) return NULL;

    /* the operands (Nones left out, as _call_general leaves them) and the key, as
       runtime._dispatch._plan_key makes it */
    long bits = 0;
    for (int i = 0; i < nslots; i++) {
        PyObject *x = args[i] ? args[i] : Py_None;
        if (x == Py_None) {
            if (i < slot->nrequired) return NULL;
            bits |= 2L << (2 * i);
            continue;
        }
        if (Py_TYPE(x) == tensor_type ? !read_tensor(x, &ops[nargs], &kinds[nargs])
                                      : !read_number(x, &ops[nargs], &kinds[nargs]))
            return NULL;
        if (kinds[nargs] < 0) bits |= 1L << (2 * i);
        nargs++;
    }
    if (nargs < nslots && (slot->select_kw || !slot->variants)) return NULL;   /* a None no variant takes */
    if (!slot->select_kw && slot->variants) {      /* the variant the operands' kinds pick (pow_scalar, clamp_min_scalar) */
        PyObject *b = PyLong_FromLong(bits);
        op = b ? PyDict_GetItemWithError(slot->variants, b) : NULL;
        Py_XDECREF(b);
        if (!op) { PyErr_Clear(); return NULL; }
    }
    for (Py_ssize_t p = 0; p < nparams; p++)
        if (!param_code(pvals[p], PyTuple_GET_ITEM(PyTuple_GET_ITEM(slot->params, p), 1), &codes[p], &values[p]))
            return NULL;
    long outcode = -1;
    if (out) {
        long k;
        if (!read_tensor(out, &outop, &k)) return NULL;
        outcode = k / 2 + (slot->inplace ? 1000 : 0);
    }
    long di;
    PyObject *dflt = PyDict_GetItemWithError(state, s_default);
    if (!dtype_int(dflt, d_index, &di)) { PyErr_Clear(); return NULL; }
    /* the form served last by this entry point, with default params: its plan without a key
       (a tuple, its hash and a dict lookup cost a quarter of a 1-element call) */
    int defaults = 1;
    for (Py_ssize_t p = 0; p < nparams; p++) if (codes[p]) defaults = 0;
    long sig[3 + EW_MAX_OPERANDS];
    const int nsig = 3 + nargs;
    sig[0] = di;
    sig[1] = outcode;
    sig[2] = mask | bits << 32;
    for (int i = 0; i < nargs; i++) sig[3 + i] = kinds[i];
    if (defaults && slot->last.plan && slot->last.generation == generation && slot->last.op == op &&
        memcmp(slot->last.sig, sig, sizeof(long) * nsig) == 0) {
        PyObject *cached = Py_NewRef(slot->last.plan);
        PyObject *r = run_plan(cached, slot, ops, nargs, out, &outop);
        Py_DECREF(cached);
        return r;
    }
    const Py_ssize_t klen = 3 + nargs + 2 * nparams;
    PyObject *key = PyTuple_New(klen + (mask ? 1 : 0));
    if (!key) return NULL;
    PyTuple_SET_ITEM(key, 0, Py_NewRef(op));
    PyTuple_SET_ITEM(key, 1, PyLong_FromLong(di));
    PyTuple_SET_ITEM(key, 2, PyLong_FromLong(outcode));
    for (int i = 0; i < nargs; i++) PyTuple_SET_ITEM(key, 3 + i, PyLong_FromLong(kinds[i]));
    for (Py_ssize_t p = 0; p < nparams; p++) {
        PyTuple_SET_ITEM(key, 3 + nargs + 2 * p, PyLong_FromLong(codes[p]));
        PyTuple_SET_ITEM(key, 4 + nargs + 2 * p, Py_NewRef(values[p]));
    }
    if (mask) PyTuple_SET_ITEM(key, klen, PyLong_FromLong(mask));   /* which keywords were given */
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(key); i++)
        if (!PyTuple_GET_ITEM(key, i)) { Py_DECREF(key); return NULL; }
    PyObject *plan = PyDict_GetItemWithError(slot->seen, key);     /* borrowed */
    if (!plan) {
        if (PyErr_Occurred()) { Py_DECREF(key); PyErr_Clear(); return NULL; }
        *plan_key = mask ? PyTuple_GetSlice(key, 0, klen) : Py_NewRef(key);
        if (*plan_key) *record_key = key;
        else { Py_DECREF(key); PyErr_Clear(); }
        return NULL;
    }
    Py_DECREF(key);
    /* held for the call: a collection while the output is allocated may run code that
       clears the caches, and a long loop runs without the GIL */
    Py_INCREF(plan);
    if (defaults) {
        Py_XSETREF(slot->last.plan, Py_NewRef(plan));
        slot->last.op = op;
        slot->last.generation = generation;
        memcpy(slot->last.sig, sig, sizeof(long) * nsig);
    }
    PyObject *r = run_plan(plan, slot, ops, nargs, out, &outop);
    Py_DECREF(plan);
    return r;
}

/* fast_run's second half: the call with its plan, whose params, casts and result dtype
   it borrows. */
static PyObject *run_plan(PyObject *plan, ew_fast_slot *slot, ew_operand *ops, int nargs, PyObject *out,
                          ew_operand *outp) {
    (void)slot;
    /* plan: (kernel, result dtype, params, scalar_b, params address, casts, casts address,
       operand order or None, the numbers' bounds or None) */
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 9) return NULL;
    if (PyTuple_GET_ITEM(plan, 0) == Py_None)       /* an op that returns its input (torch.positive) */
        return !out && nargs == 1 && ops[0].obj ? Py_NewRef(ops[0].obj) : NULL;
    PyObject *fits = PyTuple_GET_ITEM(plan, 8);
    if (fits != Py_None)          /* check_scalars: each number must fit, else Python raises */
        for (int i = 0; i < nargs; i++) if (!ops[i].obj && !number_fits(&ops[i], fits)) return NULL;
    ew_operand *in[EW_MAX_OPERANDS];
    PyObject *perm = PyTuple_GET_ITEM(plan, 7);
    for (int i = 0; i < nargs; i++) {
        long j = i;
        if (perm != Py_None) {
            if (!PyTuple_CheckExact(perm) || PyTuple_GET_SIZE(perm) != nargs) return NULL;
            j = PyLong_AsLong(PyTuple_GET_ITEM(perm, i));
            if (j < 0 || j >= nargs) { PyErr_Clear(); return NULL; }
        }
        in[i] = &ops[j];
    }

    /* the broadcast shape (a mismatch: Python raises torch's error) */
    int nd = 0;
    int64_t shape[EW_FAST_DIMS];
    for (int i = 0; i < nargs; i++) if (ops[i].ndim > nd) nd = ops[i].ndim;
    for (int d = 0; d < nd; d++) shape[d] = 1;
    for (int i = 0; i < nargs; i++) {
        const int lead = nd - ops[i].ndim;
        for (int d = 0; d < ops[i].ndim; d++) {
            const int64_t s = ops[i].shape[d];
            if (s == shape[lead + d] || s == 1) continue;
            if (shape[lead + d] != 1) return NULL;
            shape[lead + d] = s;
        }
    }
    const int64_t n = numel_of(nd, shape);
    if (nargs == 2 && PyObject_IsTrue(PyTuple_GET_ITEM(plan, 3)) && numel_of(in[1]->ndim, in[1]->shape) == 1)
        return NULL;                /* a 1-element b: another loop (torch's reduced-float mul/div) */
    long kernel = PyLong_AsLong(PyTuple_GET_ITEM(plan, 0));
    const ew_scalar *params = PyLong_AsVoidPtr(PyTuple_GET_ITEM(plan, 4));
    const int *casts = PyLong_AsVoidPtr(PyTuple_GET_ITEM(plan, 6));
    if (PyErr_Occurred()) { PyErr_Clear(); return NULL; }

    PyObject *result = NULL;
    if (out) {
        /* out= (or self): its shape must be the broadcast shape, it must not write an element
           twice, and no other input may share its memory (Python decides those: check_overlap) */
        if (!has_shape(outp, nd, shape)) return NULL;
        if (n) {
            for (int d = 0; d < nd; d++) if (outp->strides[d] == 0 && shape[d] > 1) return NULL;
            for (int i = 0; i < nargs; i++)
                if (ops[i].obj && ops[i].obj != out && SLOT(ops[i].obj, t_storage) == SLOT(out, t_storage)) return NULL;
        }
        result = Py_NewRef(out);
    } else {
        long itemsize;
        PyObject *dt = PyTuple_GET_ITEM(plan, 1);
        int64_t st[EW_FAST_DIMS];
        if (!dtype_int(dt, d_itemsize, &itemsize)) return NULL;
        if (n > ((int64_t)1 << 56) / (itemsize > 0 ? itemsize : 1)) return NULL;    /* Python checks the size */
        if (!output_layout(nargs, in, nd, shape, st)) contiguous_strides(nd, shape, st);
        /* the shape and strides tuples: an input's when they are the same */
        PyObject *shape_t = NULL, *strides_t = NULL;
        for (int i = 0; i < nargs && !(shape_t && strides_t); i++) {
            if (!ops[i].obj || !has_shape(&ops[i], nd, shape)) continue;
            if (!shape_t) shape_t = Py_NewRef(SLOT(ops[i].obj, t_shape));
            if (!strides_t && same_ints(nd, ops[i].strides, st)) strides_t = Py_NewRef(SLOT(ops[i].obj, t_strides));
        }
        if (!shape_t) shape_t = ints_tuple(nd, shape);
        if (!strides_t) strides_t = ints_tuple(nd, st);
        ew_storage *storage = shape_t && strides_t ? (ew_storage *)storage_alloc((Py_ssize_t)(n * itemsize)) : NULL;
        PyObject *addr = storage ? PyLong_FromVoidPtr(storage->ptr) : NULL;
        result = addr ? tensor_type->tp_alloc(tensor_type, 0) : NULL;
        if (!result) {
            Py_XDECREF(addr);
            Py_XDECREF((PyObject *)storage);
            Py_XDECREF(shape_t);
            Py_XDECREF(strides_t);
            return NULL;
        }
        SLOT(result, t_storage) = (PyObject *)storage;
        SLOT(result, t_ptr) = addr;
        SLOT(result, t_shape) = shape_t;
        SLOT(result, t_strides) = strides_t;
        SLOT(result, t_offset) = Py_NewRef(zero);
        SLOT(result, t_dtype) = Py_NewRef(dt);
        SLOT(result, t_wrapped) = Py_NewRef(Py_False);
        SLOT(result, t_lazy) = Py_NewRef(Py_None);
        outp->obj = result;
        outp->data = storage->ptr;
        outp->ndim = nd;
        outp->itemsize = itemsize;
        memcpy(outp->shape, shape, sizeof(int64_t) * nd);
        memcpy(outp->strides, st, sizeof(int64_t) * nd);
    }
    if (n) {
        int rc = run_kernel(kernel, outp, nargs, in, nd, shape, params, casts);
        if (rc) {
            Py_DECREF(result);
            if (rc == 1) PyErr_SetString(PyExc_RuntimeError, "ZeroDivisionError");
            else PyErr_Format(PyExc_RuntimeError, "internal error: kernel %ld refused its arguments (%d)", kernel, rc);
            return NULL;
        }
    }
    return result;
}

/* The short path, else the Python function (whose plan, when it records one, this call
   form takes from then on). */
static PyObject *serve(ew_fast_slot *slot, PyObject *const *stack, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *record_key = NULL, *plan_key = NULL, *r;
    if (nargs >= slot->nrequired && nargs <= slot->nargs) {
        r = fast_run(slot, stack, nargs, kwnames, stack + nargs, &record_key, &plan_key);
        if (r || PyErr_Occurred()) return r;
    }
    r = PyObject_Vectorcall(slot->fallback, stack, (size_t)nargs, kwnames);
    if (r && record_key && PyDict_GET_SIZE(slot->seen) < EW_SEEN_MAX) {
        PyObject *plan = PyDict_GetItemWithError(plans, plan_key);
        if (plan && PyDict_SetItem(slot->seen, record_key, plan) < 0) plan = NULL;
        if (!plan) PyErr_Clear();
    }
    Py_XDECREF(record_key);
    Py_XDECREF(plan_key);
    return r;
}

/* Methods (`a.add(b)`, `a + b`) must bind self, so each is a method descriptor of Tensor
   with a C function of its own: a fixed pool of them, handed out by fast_method(). */
static ew_fast_slot method_slots[EW_METHOD_SLOTS];
static PyMethodDef method_defs[EW_METHOD_SLOTS];
static int method_slots_used;

static PyObject *method_call(int i, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *stack[EW_MAX_OPERANDS];
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw + 1 > EW_MAX_OPERANDS) {      /* rare: through a tuple */
        PyObject *all = PyTuple_New(nargs + 1);
        if (!all) return NULL;
        Py_INCREF(self);
        PyTuple_SET_ITEM(all, 0, self);
        for (Py_ssize_t k = 0; k < nargs; k++) { Py_INCREF(args[k]); PyTuple_SET_ITEM(all, k + 1, args[k]); }
        PyObject *kw = NULL;
        if (nkw) {
            kw = PyDict_New();
            for (Py_ssize_t k = 0; kw && k < nkw; k++)
                if (PyDict_SetItem(kw, PyTuple_GET_ITEM(kwnames, k), args[nargs + k]) < 0) Py_CLEAR(kw);
            if (!kw) { Py_DECREF(all); return NULL; }
        }
        PyObject *r = PyObject_Call(method_slots[i].fallback, all, kw);
        Py_DECREF(all);
        Py_XDECREF(kw);
        return r;
    }
    stack[0] = self;
    for (Py_ssize_t k = 0; k < nargs + nkw; k++) stack[k + 1] = args[k];
    return serve(&method_slots[i], stack, nargs + 1, kwnames);
}

#define EW_METHOD(i) \
    static PyObject *ew_method_##i(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) { \
        return method_call(i, self, args, nargs, kwnames); }
EW_FOR_METHOD_SLOTS(EW_METHOD)
static PyObject *(*const method_fns[EW_METHOD_SLOTS])(PyObject *, PyObject *const *, Py_ssize_t, PyObject *) = {
#define EW_METHOD_FN(i) ew_method_##i,
    EW_FOR_METHOD_SLOTS(EW_METHOD_FN)
};

/* module functions carry their slot as the PyCFunction's self: a capsule */
static PyObject *function_call(PyObject *cap, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    ew_fast_slot *slot = PyCapsule_GetPointer(cap, "ew_fast_slot");
    if (!slot) return NULL;
    return serve(slot, args, nargs, kwnames);
}

static void clear_slot(ew_fast_slot *slot) {
    Py_CLEAR(slot->op);
    Py_CLEAR(slot->fallback);
    Py_CLEAR(slot->params);
    Py_CLEAR(slot->argnames);
    Py_CLEAR(slot->select_kw);
    Py_CLEAR(slot->variants);
    Py_CLEAR(slot->seen);
    Py_CLEAR(slot->last.plan);
}

static void slot_capsule_free(PyObject *cap) {
    ew_fast_slot *slot = PyCapsule_GetPointer(cap, "ew_fast_slot");
    if (slot) {
        clear_slot(slot);
        PyMem_Free(slot);
    }
}

static const char *copy_text(PyObject *s) {
    const char *text = s && PyUnicode_Check(s) ? PyUnicode_AsUTF8(s) : NULL;
    if (!text) { PyErr_Clear(); return NULL; }
    char *copy = PyMem_Malloc(strlen(text) + 1);      /* lives as long as the method (forever) */
    if (copy) strcpy(copy, text);
    return copy;
}

/* ------------------------------------------------------------------ the module's face */
static int member_offset(PyObject *cls, const char *name, Py_ssize_t *off) {
    PyObject *d = PyObject_GetAttrString(cls, name);
    if (!d) return 0;
    int ok = Py_TYPE(d) == &PyMemberDescr_Type && ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX;
    if (ok) *off = ((PyMemberDescrObject *)d)->d_member->offset;
    Py_DECREF(d);
    if (!ok) PyErr_Format(PyExc_TypeError, "fastcall: %s is not a slot", name);
    return ok;
}

/* The Tensor slots run_plan fills in a new Tensor (it skips __new__ and __init__, a third of
   a small call), and where their offsets go. */
static const struct { const char *name; Py_ssize_t *offset; } tensor_slots[] = {
    {"_storage", &t_storage}, {"_ptr", &t_ptr}, {"_shape", &t_shape}, {"_strides", &t_strides},
    {"_offset", &t_offset}, {"_dtype", &t_dtype}, {"_wrapped", &t_wrapped}, {"_lazy", &t_lazy},
};
#define EW_TENSOR_SLOTS (sizeof tensor_slots / sizeof tensor_slots[0])

/* The offsets, checked once: Tensor's __slots__ must be exactly these (a slot added in
   Python would be missing from the tensors made here), the instances plain (no __dict__,
   no items), and each offset where setattr through the class's descriptor writes. */
static int check_tensor_slots(PyTypeObject *tp, const Py_ssize_t *offsets) {
    PyObject *names = PyObject_GetAttrString((PyObject *)tp, "__slots__");
    int ok = names && PyTuple_Check(names) && tp->tp_dictoffset == 0 && tp->tp_itemsize == 0;
    Py_ssize_t known = 0;
    for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(names); i++) {
        PyObject *n = PyTuple_GET_ITEM(names, i);
        if (PyUnicode_Check(n) && PyUnicode_CompareWithASCIIString(n, "__weakref__") == 0) continue;
        int found = 0;
        for (size_t k = 0; k < EW_TENSOR_SLOTS; k++)
            if (PyUnicode_Check(n) && PyUnicode_CompareWithASCIIString(n, tensor_slots[k].name) == 0) found = 1;
        ok = found;
        known++;
    }
    ok = ok && known == (Py_ssize_t)EW_TENSOR_SLOTS;
    Py_XDECREF(names);
    PyErr_Clear();
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "fastcall: Tensor's __slots__ are not the ones csrc/fastcall.c fills "
                        "(tensor_slots)");
        return 0;
    }
    PyObject *t = tp->tp_alloc(tp, 0);
    if (!t) return 0;
    for (size_t k = 0; ok && k < EW_TENSOR_SLOTS; k++) {
        const Py_ssize_t off = offsets[k];
        PyObject *mark = PyLong_FromSsize_t((Py_ssize_t)k + 1000);
        ok = mark && off >= (Py_ssize_t)sizeof(PyObject) && off + (Py_ssize_t)sizeof(PyObject *) <= tp->tp_basicsize &&
             PyObject_SetAttrString(t, tensor_slots[k].name, mark) == 0 && SLOT(t, off) == mark;
        Py_XDECREF(mark);
    }
    Py_DECREF(t);
    if (!ok) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "fastcall: a Tensor slot is not where its member descriptor says");
    }
    return ok;
}

/* init(Tensor, dtype, plans, state) */
static PyObject *fast_init(PyObject *self, PyObject *args) {
    PyObject *tensor, *dtype, *plan_cache, *st;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:init", &PyType_Type, &tensor, &PyType_Type, &dtype, &PyDict_Type,
                          &plan_cache, &PyDict_Type, &st))
        return NULL;
    Py_ssize_t offsets[EW_TENSOR_SLOTS], index, itemsize;      /* kept only once all are checked */
    for (size_t k = 0; k < EW_TENSOR_SLOTS; k++)
        if (!member_offset(tensor, tensor_slots[k].name, &offsets[k])) return NULL;
    if (!member_offset(dtype, "index", &index) || !member_offset(dtype, "itemsize", &itemsize) ||
        !check_tensor_slots((PyTypeObject *)tensor, offsets))
        return NULL;
    for (size_t k = 0; k < EW_TENSOR_SLOTS; k++) *tensor_slots[k].offset = offsets[k];
    d_index = index;
    d_itemsize = itemsize;
    Py_XSETREF(tensor_type, (PyTypeObject *)Py_NewRef(tensor));
    Py_XSETREF(plans, Py_NewRef(plan_cache));
    Py_XSETREF(state, Py_NewRef(st));
    Py_RETURN_NONE;
}

/* The slot's data from (op name, operands, fallback, name, in-place, out= allowed,
   ((param, default), ...), select keyword or None, {value: op} or None, seen dict,
   operand names, required operands). */
static int fill_slot(ew_fast_slot *slot, PyObject *args, const char *fmt, PyObject **name) {
    PyObject *op, *fallback, *params, *select_kw, *variants, *seen, *argnames;
    int nargs, inplace, has_out, nrequired;
    if (!PyArg_ParseTuple(args, fmt, &op, &nargs, &fallback, name, &inplace, &has_out, &PyTuple_Type, &params,
                          &select_kw, &variants, &PyDict_Type, &seen, &PyTuple_Type, &argnames, &nrequired))
        return 0;
    int ok = PyUnicode_CheckExact(op) && PyCallable_Check(fallback) && nargs >= 1 && nargs <= 3 &&
             PyTuple_GET_SIZE(argnames) == nargs && nrequired >= 1 && nrequired <= nargs &&
             PyTuple_GET_SIZE(params) <= EW_MAX_PARAMS && (select_kw == Py_None || PyUnicode_CheckExact(select_kw)) &&
             (variants == Py_None || PyDict_CheckExact(variants));
    for (Py_ssize_t p = 0; ok && p < nargs; p++) ok = PyUnicode_CheckExact(PyTuple_GET_ITEM(argnames, p));
    for (Py_ssize_t p = 0; ok && p < PyTuple_GET_SIZE(params); p++) {
        PyObject *pair = PyTuple_GET_ITEM(params, p);
        ok = PyTuple_CheckExact(pair) && PyTuple_GET_SIZE(pair) == 2 && PyUnicode_CheckExact(PyTuple_GET_ITEM(pair, 0));
    }
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "fastcall: (op name, 1 to 3 operands, a callable, name, inplace, has_out, "
                        "params, select keyword, variants, seen, operand names, required) expected");
        return 0;
    }
    slot->op = Py_NewRef(op);
    slot->fallback = Py_NewRef(fallback);
    slot->nargs = nargs;
    slot->nrequired = nrequired;
    slot->argnames = Py_NewRef(argnames);
    slot->inplace = inplace;
    slot->has_out = has_out;
    slot->params = Py_NewRef(params);
    slot->select_kw = select_kw == Py_None ? NULL : Py_NewRef(select_kw);
    slot->variants = variants == Py_None ? NULL : Py_NewRef(variants);
    slot->seen = Py_NewRef(seen);
    return 1;
}

/* function(op, nargs, fallback, name, ...): a module-level function (fill_slot's arguments) */
static PyObject *fast_function(PyObject *self, PyObject *args) {
    static PyMethodDef def = {"fast", (PyCFunction)(void (*)(void))function_call, METH_FASTCALL | METH_KEYWORDS, NULL};
    PyObject *name = NULL;
    (void)self;
    ew_fast_slot *slot = PyMem_Calloc(1, sizeof *slot);
    if (!slot) return PyErr_NoMemory();
    if (!fill_slot(slot, args, "OiOUiiO!OOO!O!i:function", &name)) { PyMem_Free(slot); return NULL; }
    PyObject *cap = PyCapsule_New(slot, "ew_fast_slot", slot_capsule_free);
    if (!cap) {
        clear_slot(slot);
        PyMem_Free(slot);
        return NULL;
    }
    PyMethodDef *own = PyMem_Malloc(sizeof *own);     /* the function's name and doc, for help() */
    if (!own) { Py_DECREF(cap); return PyErr_NoMemory(); }
    *own = def;
    own->ml_name = copy_text(name);
    PyObject *doc = PyObject_GetAttrString(slot->fallback, "__doc__");
    own->ml_doc = copy_text(doc);
    Py_XDECREF(doc);
    if (!own->ml_name) own->ml_name = "fast";
    PyObject *f = PyCFunction_New(own, cap);
    Py_DECREF(cap);
    return f;
}

/* method(op, nargs, fallback, name, ...): a method descriptor of Tensor, or None when the pool is spent */
static PyObject *fast_method(PyObject *self, PyObject *args) {
    PyObject *name = NULL;
    (void)self;
    if (!tensor_type) { PyErr_SetString(PyExc_RuntimeError, "fastcall: init() first"); return NULL; }
    if (method_slots_used == EW_METHOD_SLOTS) Py_RETURN_NONE;
    const int i = method_slots_used;
    if (!fill_slot(&method_slots[i], args, "OiOUiiO!OOO!O!i:method", &name)) return NULL;
    method_defs[i].ml_name = copy_text(name);
    method_defs[i].ml_meth = (PyCFunction)(void (*)(void))method_fns[i];
    method_defs[i].ml_flags = METH_FASTCALL | METH_KEYWORDS;
    PyObject *doc = PyObject_GetAttrString(method_slots[i].fallback, "__doc__");
    method_defs[i].ml_doc = copy_text(doc);
    Py_XDECREF(doc);
    if (!method_defs[i].ml_name) method_defs[i].ml_name = "fast";
    method_slots_used++;
    return PyDescr_NewMethod(tensor_type, &method_defs[i]);
}

/* forget(): every entry point's last plan goes stale (runtime._fastpath.forget clears
   their seen dicts) */
static PyObject *fast_forget(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    generation++;
    Py_RETURN_NONE;
}


/* Tensor.T of a 2-d Tensor, the `self` of this C function being the Python property's getter
   (`fallback`): a new view with the shape and strides reversed and the same storage, address,
   offset, dtype and conj/neg bit, its slots filled as run_plan fills an output's (the getter
   costs half of `q.T * q2` at 100 elements).  Anything else (another class, other dims and
   their deprecation warnings, a slot unset) goes to the getter. */
static PyObject *transpose_call(PyObject *fallback, PyObject *t) {
    PyObject *shape, *strides, *r;
    if (!tensor_type || Py_TYPE(t) != tensor_type || !(shape = SLOT(t, t_shape)) || !(strides = SLOT(t, t_strides)) ||
        !PyTuple_CheckExact(shape) || PyTuple_GET_SIZE(shape) != 2 || !PyTuple_CheckExact(strides) ||
        PyTuple_GET_SIZE(strides) != 2 || !SLOT(t, t_storage) || !SLOT(t, t_ptr) || !SLOT(t, t_offset) ||
        !SLOT(t, t_dtype) || !SLOT(t, t_lazy))
        return PyObject_CallOneArg(fallback, t);
    PyObject *sh = PyTuple_Pack(2, PyTuple_GET_ITEM(shape, 1), PyTuple_GET_ITEM(shape, 0));
    PyObject *st = sh ? PyTuple_Pack(2, PyTuple_GET_ITEM(strides, 1), PyTuple_GET_ITEM(strides, 0)) : NULL;
    r = st ? tensor_type->tp_alloc(tensor_type, 0) : NULL;
    if (!r) {
        Py_XDECREF(sh);
        Py_XDECREF(st);
        return NULL;
    }
    SLOT(r, t_storage) = Py_NewRef(SLOT(t, t_storage));
    SLOT(r, t_ptr) = Py_NewRef(SLOT(t, t_ptr));
    SLOT(r, t_shape) = sh;
    SLOT(r, t_strides) = st;
    SLOT(r, t_offset) = Py_NewRef(SLOT(t, t_offset));
    SLOT(r, t_dtype) = Py_NewRef(SLOT(t, t_dtype));
    SLOT(r, t_wrapped) = Py_NewRef(Py_False);
    SLOT(r, t_lazy) = Py_NewRef(SLOT(t, t_lazy));
    return r;
}

/* transposer(getter): the C getter of Tensor.T, falling back to `getter` */
static PyObject *fast_transposer(PyObject *self, PyObject *getter) {
    static PyMethodDef def = {"T", (PyCFunction)(void (*)(void))transpose_call, METH_O,
                              "The tensor with its two dimensions swapped (a view)."};
    (void)self;
    if (!PyCallable_Check(getter)) {
        PyErr_SetString(PyExc_TypeError, "transposer(getter): getter must be callable");
        return NULL;
    }
    return PyCFunction_New(&def, getter);
}

/* Capsules for runtime/_dlpack.py: made, checked and renamed here, where the GIL is held,
   so that the runtime talks to C through cffi and this module only. */
void ew_dlpack_capsule_destructor(void *capsule);
const char *ew_dlpack_name(int which);

/* capsule(address, versioned): a new "dltensor"/"dltensor_versioned" capsule of a managed
   tensor, which its destructor deletes unless a consumer renamed it */
static PyObject *fast_capsule(PyObject *self, PyObject *args) {
    unsigned long long address;
    int versioned;
    (void)self;
    if (!PyArg_ParseTuple(args, "Kp", &address, &versioned)) return NULL;
    return PyCapsule_New((void *)(uintptr_t)address, ew_dlpack_name(versioned ? 1 : 0),
                         (PyCapsule_Destructor)ew_dlpack_capsule_destructor);
}

/* capsule_take(capsule) -> (versioned, address), renaming it "used_..." so that no one else
   consumes it (a consumer deletes the tensor); None for anything but an unused DLPack capsule */
static PyObject *fast_capsule_take(PyObject *self, PyObject *capsule) {
    int versioned;
    (void)self;
    if (PyCapsule_IsValid(capsule, ew_dlpack_name(1))) versioned = 1;
    else if (PyCapsule_IsValid(capsule, ew_dlpack_name(0))) versioned = 0;
    else Py_RETURN_NONE;
    void *p = PyCapsule_GetPointer(capsule, ew_dlpack_name(versioned));
    if (!p || PyCapsule_SetName(capsule, ew_dlpack_name(versioned + 2)) != 0) return NULL;
    return Py_BuildValue("(iK)", versioned, (unsigned long long)(uintptr_t)p);
}

/* capsule_restore(capsule, versioned): give a taken capsule its first name back, when the
   consumer refuses the tensor after all (its producer keeps it, and deletes it) */
static PyObject *fast_capsule_restore(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int versioned;
    (void)self;
    if (!PyArg_ParseTuple(args, "Op", &capsule, &versioned)) return NULL;
    if (PyCapsule_SetName(capsule, ew_dlpack_name(versioned ? 1 : 0)) != 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"forget", fast_forget, METH_NOARGS, "forget(): drop every entry point's last plan"},
    {"init", fast_init, METH_VARARGS, "init(Tensor, dtype, plans, state)"},
    {"function", fast_function, METH_VARARGS, "function(op, nargs, fallback, name, inplace, has_out, params, select_kw, variants, seen) -> a fast function"},
    {"method", fast_method, METH_VARARGS, "method(op, nargs, fallback, name, inplace, has_out, params, select_kw, variants, seen) -> a Tensor method, or None"},
    {"transposer", fast_transposer, METH_O, "transposer(getter) -> Tensor.T's getter in C, falling back to getter"},
    {"capsule", fast_capsule, METH_VARARGS, "capsule(address, versioned) -> a DLPack capsule"},
    {"capsule_take", fast_capsule_take, METH_O, "capsule_take(capsule) -> (versioned, address) or None"},
    {"capsule_restore", fast_capsule_restore, METH_VARARGS, "capsule_restore(capsule, versioned)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "runtime._fastcall", "The C short call path, Storage and DLPack capsules.", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

/* The library is also this extension module: runtime/_lib.py imports the cffi module's file a
   second time under this name (Python finds PyInit__fastcall in it), so both share the same
   loaded code and state. */
PyMODINIT_FUNC PyInit__fastcall(void) {
    if (PyType_Ready(&ew_storage_type) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    zero = PyLong_FromLong(0);
    s_default = PyUnicode_InternFromString("default");
    Py_INCREF(&ew_storage_type);
    if (!zero || !s_default || PyModule_AddObject(m, "Storage", (PyObject *)&ew_storage_type) < 0) {
        Py_DECREF(&ew_storage_type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
