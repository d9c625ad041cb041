/* The short call path, in C because a Python-level call costs more than the whole op on a
   small tensor.  `a + b`, `rt.add(a, b)`, `a.add(b)` and unary calls like `a.exp()` whose
   operands are plain tensors of one shape laid out contiguously, called without keywords,
   and whose plan (kernel, result dtype) the Python dispatcher has already recorded in its
   plan cache, are run here: one C call allocates the output, runs the loop and builds the
   Tensor.  Everything else (and every first call, which records the plan) goes to the
   Python function this one stands in for, with the same arguments.

   Also here: Storage, the memory block a tensor and its views share (ours from ew_alloc,
   or another object's kept alive by a reference), and the address-taking entry points
   that let tensors keep plain integer addresses instead of cffi pointer objects. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
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
   classes' member descriptors at init, so they follow the Python definitions). */
static PyTypeObject *tensor_type;
static Py_ssize_t t_storage, t_ptr, t_shape, t_strides, t_offset, t_dtype, t_wrapped;
static Py_ssize_t d_index, d_itemsize;
static PyObject *plans;          /* the dispatcher's plan cache: key tuple -> plan tuple */
static PyObject *state;          /* promotion._state: {"default": dtype} */
static PyObject *s_default, *zero;
#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

typedef struct { PyObject *op; PyObject *fallback; int nargs; } ew_fast_slot;

/* Every operand contiguous in row-major order with the same shape; *numel gets the count.
   The strides must be exactly those the Python side gives a contiguous tensor, since the
   output takes them over. */
static int contiguous(PyObject *shape, PyObject *strides, int64_t *numel) {
    if (!PyTuple_CheckExact(shape) || !PyTuple_CheckExact(strides)) return 0;
    Py_ssize_t nd = PyTuple_GET_SIZE(shape);
    if (PyTuple_GET_SIZE(strides) != nd) return 0;
    int64_t expected = 1, count = 1;
    for (Py_ssize_t i = nd - 1; i >= 0; i--) {
        long long n = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, i));
        long long st = PyLong_AsLongLong(PyTuple_GET_ITEM(strides, i));
        if ((n == -1 || st == -1) && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        if (st != expected || n < 0) return 0;
        expected *= n > 1 ? n : 1;
        count *= n;
    }
    *numel = count;
    return 1;
}

static int dtype_int(PyObject *dt, Py_ssize_t off, long *v) {
    PyObject *o = dt ? SLOT(dt, off) : NULL;
    if (!o || !PyLong_CheckExact(o)) return 0;
    *v = PyLong_AsLong(o);
    return !(*v == -1 && PyErr_Occurred());
}

/* The op on `args` (nargs tensors) if the short path applies: a new reference, or NULL with
   an exception set.  NULL without an exception: not applicable, take the Python path. */
static PyObject *fast_run(ew_fast_slot *slot, PyObject *const *args) {
    const int nargs = slot->nargs;
    PyObject *a = args[0], *b = nargs > 1 ? args[1] : NULL;
    if (Py_TYPE(a) != tensor_type || (b && Py_TYPE(b) != tensor_type)) return NULL;
    PyObject *shape = SLOT(a, t_shape), *strides = SLOT(a, t_strides);
    PyObject *pa = SLOT(a, t_ptr), *pb = b ? SLOT(b, t_ptr) : NULL;
    if (!shape || !strides || !pa || SLOT(a, t_wrapped) != Py_False) return NULL;
    int64_t n = 0, nb = 0;
    if (!contiguous(shape, strides, &n)) return NULL;
    if (b) {
        PyObject *sb = SLOT(b, t_shape), *stb = SLOT(b, t_strides);
        if (!sb || !stb || !pb || SLOT(b, t_wrapped) != Py_False) return NULL;
        if (sb != shape) {
            int eq = PyObject_RichCompareBool(sb, shape, Py_EQ);
            if (eq <= 0) { PyErr_Clear(); return NULL; }
        }
        if (!contiguous(sb, stb, &nb)) return NULL;
    }
    /* the plan key, as runtime._dispatch._plan_key makes it */
    PyObject *dflt = PyDict_GetItemWithError(state, s_default);
    long di, ai, bi = 0;
    if (!dtype_int(dflt, d_index, &di) || !dtype_int(SLOT(a, t_dtype), d_index, &ai) ||
        (b && !dtype_int(SLOT(b, t_dtype), d_index, &bi))) { PyErr_Clear(); return NULL; }
    const Py_ssize_t nd = PyTuple_GET_SIZE(shape);
    PyObject *key = PyTuple_New(2 + 2 * nargs);
    if (!key) return NULL;
    Py_INCREF(slot->op);
    PyTuple_SET_ITEM(key, 0, slot->op);
    PyTuple_SET_ITEM(key, 1, PyLong_FromLong(di));
    PyTuple_SET_ITEM(key, 2, PyLong_FromLong(ai));
    PyTuple_SET_ITEM(key, 3, PyLong_FromSsize_t(nd));
    if (b) {
        PyTuple_SET_ITEM(key, 4, PyLong_FromLong(bi));
        PyTuple_SET_ITEM(key, 5, PyLong_FromSsize_t(nd));
    }
    PyObject *plan = PyDict_GetItemWithError(plans, key);    /* borrowed */
    Py_DECREF(key);
    if (!plan) { PyErr_Clear(); return NULL; }
    /* plan: (kernel, result dtype, params, scalar_b, params address) */
    if (!PyTuple_CheckExact(plan) || PyTuple_GET_SIZE(plan) != 5) return NULL;
    if (b && n == 1 && PyObject_IsTrue(PyTuple_GET_ITEM(plan, 3))) return NULL;   /* a 1-element b: another loop */
    long kernel, itemsize;
    PyObject *result = PyTuple_GET_ITEM(plan, 1);
    kernel = PyLong_AsLong(PyTuple_GET_ITEM(plan, 0));
    void *params = PyLong_AsVoidPtr(PyTuple_GET_ITEM(plan, 4));
    if (PyErr_Occurred() || !dtype_int(result, d_itemsize, &itemsize)) { PyErr_Clear(); return NULL; }
    char *da = PyLong_AsVoidPtr(pa), *db = b ? PyLong_AsVoidPtr(pb) : NULL;
    if (PyErr_Occurred()) { PyErr_Clear(); return NULL; }

    ew_storage *st = (ew_storage *)storage_alloc((Py_ssize_t)(n * itemsize));
    if (!st) return NULL;
    if (n) {
        int rc;
        if (n >= EW_GIL_FREE_ELEMENTS) {
            Py_BEGIN_ALLOW_THREADS
            rc = ew_run_flat((int)kernel, n, st->ptr, da, db, params, 0);
            Py_END_ALLOW_THREADS
        } else {
            rc = ew_run_flat((int)kernel, n, st->ptr, da, db, params, 0);
        }
        if (rc) {
            Py_DECREF(st);
            if (rc == 1) PyErr_SetString(PyExc_RuntimeError, "ZeroDivisionError");
            else PyErr_Format(PyExc_RuntimeError, "internal error: kernel %ld refused its arguments (%d)", kernel, rc);
            return NULL;
        }
    }
    PyObject *addr = PyLong_FromVoidPtr(st->ptr);
    PyObject *t = addr ? tensor_type->tp_alloc(tensor_type, 0) : NULL;
    if (!t) {
        Py_XDECREF(addr);
        Py_DECREF(st);
        return NULL;
    }
    SLOT(t, t_storage) = (PyObject *)st;
    SLOT(t, t_ptr) = addr;
    Py_INCREF(shape);
    SLOT(t, t_shape) = shape;
    Py_INCREF(strides);
    SLOT(t, t_strides) = strides;
    Py_INCREF(zero);
    SLOT(t, t_offset) = zero;
    Py_INCREF(result);
    SLOT(t, t_dtype) = result;
    Py_INCREF(Py_False);
    SLOT(t, t_wrapped) = Py_False;
    return t;
}

/* A call of the Python function: the short path first, then the function itself. */
static PyObject *fast_call(ew_fast_slot *slot, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (nargs == slot->nargs && !kwnames) {
        PyObject *r = fast_run(slot, args);
        if (r || PyErr_Occurred()) return r;
    }
    return PyObject_Vectorcall(slot->fallback, args, (size_t)nargs, kwnames);
}

/* Methods (`a.add(b)`, `a + b`) must bind self, so each is a method descriptor of Tensor
   with a C function of its own: a fixed pool of them, handed out by fast_method(). */
static ew_fast_slot method_slots[EW_METHOD_SLOTS];
static PyMethodDef method_defs[EW_METHOD_SLOTS];
static int method_slots_used;

static PyObject *method_call(int i, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *stack[EW_MAX_OPERANDS];
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + 1 == method_slots[i].nargs && !kwnames) {
        stack[0] = self;
        for (Py_ssize_t k = 0; k < nargs; k++) stack[k + 1] = args[k];
        PyObject *r = fast_run(&method_slots[i], stack);
        if (r || PyErr_Occurred()) return r;
    }
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
    return PyObject_Vectorcall(method_slots[i].fallback, stack, (size_t)(nargs + 1), kwnames);
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
    return fast_call(slot, args, nargs, kwnames);
}

static void slot_capsule_free(PyObject *cap) {
    ew_fast_slot *slot = PyCapsule_GetPointer(cap, "ew_fast_slot");
    if (slot) {
        Py_XDECREF(slot->op);
        Py_XDECREF(slot->fallback);
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

/* init(Tensor, dtype, plans, state) */
static PyObject *fast_init(PyObject *self, PyObject *args) {
    PyObject *tensor, *dtype, *plan_cache, *st;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!O!:init", &PyType_Type, &tensor, &PyType_Type, &dtype, &PyDict_Type,
                          &plan_cache, &PyDict_Type, &st))
        return NULL;
    if (!member_offset(tensor, "_storage", &t_storage) || !member_offset(tensor, "_ptr", &t_ptr) ||
        !member_offset(tensor, "_shape", &t_shape) || !member_offset(tensor, "_strides", &t_strides) ||
        !member_offset(tensor, "_offset", &t_offset) || !member_offset(tensor, "_dtype", &t_dtype) ||
        !member_offset(tensor, "_wrapped", &t_wrapped) || !member_offset(dtype, "index", &d_index) ||
        !member_offset(dtype, "itemsize", &d_itemsize))
        return NULL;
    Py_XSETREF(tensor_type, (PyTypeObject *)Py_NewRef(tensor));
    Py_XSETREF(plans, Py_NewRef(plan_cache));
    Py_XSETREF(state, Py_NewRef(st));
    Py_RETURN_NONE;
}

static int fill_slot(ew_fast_slot *slot, PyObject *args, const char *fmt, PyObject **name) {
    PyObject *op, *fallback;
    int nargs;
    if (!PyArg_ParseTuple(args, fmt, &op, &nargs, &fallback, name)) return 0;
    if (!PyUnicode_CheckExact(op) || !PyCallable_Check(fallback) || nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "fastcall: (op name, 1 or 2 operands, a callable) expected");
        return 0;
    }
    slot->op = Py_NewRef(op);
    slot->fallback = Py_NewRef(fallback);
    slot->nargs = nargs;
    return 1;
}

/* function(op, nargs, fallback, name): a module-level function */
static PyObject *fast_function(PyObject *self, PyObject *args) {
    static PyMethodDef def = {"fast", (PyCFunction)(void (*)(void))function_call, METH_FASTCALL | METH_KEYWORDS, NULL};
    PyObject *name = NULL;
    (void)self;
    ew_fast_slot *slot = PyMem_Calloc(1, sizeof *slot);
    if (!slot) return PyErr_NoMemory();
    if (!fill_slot(slot, args, "OiOU:function", &name)) { PyMem_Free(slot); return NULL; }
    PyObject *cap = PyCapsule_New(slot, "ew_fast_slot", slot_capsule_free);
    if (!cap) {
        Py_DECREF(slot->op);
        Py_DECREF(slot->fallback);
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

/* method(op, nargs, fallback, name): a method descriptor of Tensor, or None when the pool is spent */
static PyObject *fast_method(PyObject *self, PyObject *args) {
    PyObject *name = NULL;
    (void)self;
    if (!tensor_type) { PyErr_SetString(PyExc_RuntimeError, "fastcall: init() first"); return NULL; }
    if (method_slots_used == EW_METHOD_SLOTS) Py_RETURN_NONE;
    const int i = method_slots_used;
    if (!fill_slot(&method_slots[i], args, "OiOU:method", &name)) return NULL;
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

static PyMethodDef module_methods[] = {
    {"init", fast_init, METH_VARARGS, "init(Tensor, dtype, plans, state)"},
    {"function", fast_function, METH_VARARGS, "function(op, nargs, fallback, name) -> a fast function"},
    {"method", fast_method, METH_VARARGS, "method(op, nargs, fallback, name) -> a Tensor method, or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "runtime._fastcall", "The C short call path and Storage.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

/* cffi cannot export Python objects, so the module goes out as its address, made once and
   kept for the life of the process: the caller turns the address into the object with
   ctypes.  cffi calls C with the GIL released, hence PyGILState_Ensure. */
static PyObject *the_module;

uintptr_t ew_fastcall_module(void) {
    PyGILState_STATE g = PyGILState_Ensure();
    if (!the_module) {
        if (PyType_Ready(&ew_storage_type) == 0) {
            the_module = PyModule_Create(&module_def);
            if (the_module) {
                zero = PyLong_FromLong(0);
                s_default = PyUnicode_InternFromString("default");
                Py_INCREF(&ew_storage_type);
                if (!zero || !s_default ||
                    PyModule_AddObject(the_module, "Storage", (PyObject *)&ew_storage_type) < 0)
                    Py_CLEAR(the_module);
            }
        }
        if (!the_module) PyErr_Clear();
    }
    PyGILState_Release(g);
    return (uintptr_t)the_module;
}
