/* DLPack glue, the C half of runtime/_dlpack.py.

   A tensor we export is one malloc'ed block: the managed tensor, then its shape and strides.
   Its manager_ctx is a strong reference to the Python object owning the memory (the tensor's
   storage).  The consumer calls the deleter when it frees its tensor, from any thread and with
   or without the GIL, so the deleter takes the GIL to drop that reference, and runs no Python
   code.  A capsule that was never consumed calls the deleter from its destructor. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "cdef.h"      /* the DLPack structs, and this file's functions */

static atomic_llong ew_dlpack_count;     /* exported and not yet deleted (a test's leak counter) */

static void ew_dlpack_drop_owner(void *owner) {
    if (owner && Py_IsInitialized()) {   /* after interpreter exit the owner is gone anyway */
        PyGILState_STATE gil = PyGILState_Ensure();
        Py_DECREF((PyObject *)owner);
        PyGILState_Release(gil);
    }
}

static void ew_dlpack_deleter(struct DLManagedTensor *self) {
    ew_dlpack_drop_owner(self->manager_ctx);
    free(self);
    atomic_fetch_sub(&ew_dlpack_count, 1);
}

static void ew_dlpack_deleter_versioned(struct DLManagedTensorVersioned *self) {
    ew_dlpack_drop_owner(self->manager_ctx);
    free(self);
    atomic_fetch_sub(&ew_dlpack_count, 1);
}

/* owner: the address of a live Python object (the caller holds it); we take a reference. */
void *ew_dlpack_export(int versioned, uintptr_t data, int32_t ndim, const int64_t *shape, const int64_t *strides,
                       uint8_t code, uint8_t bits, uint64_t flags, uintptr_t owner) {
    size_t head = sizeof(struct DLManagedTensorVersioned);     /* the larger kind; 8-aligned */
    char *block = malloc(head + 2 * (size_t)ndim * sizeof(int64_t));
    if (!block) return NULL;
    int64_t *dims = (int64_t *)(block + head);
    if (ndim > 0) {
        memcpy(dims, shape, (size_t)ndim * sizeof(int64_t));
        memcpy(dims + ndim, strides, (size_t)ndim * sizeof(int64_t));
    }
    struct DLTensor *t;
    if (versioned) {
        struct DLManagedTensorVersioned *m = (struct DLManagedTensorVersioned *)block;
        m->version.major = 1;
        m->version.minor = 0;
        m->manager_ctx = (void *)owner;
        m->deleter = ew_dlpack_deleter_versioned;
        m->flags = flags;
        t = &m->dl_tensor;
    } else {
        struct DLManagedTensor *m = (struct DLManagedTensor *)block;
        m->manager_ctx = (void *)owner;
        m->deleter = ew_dlpack_deleter;
        t = &m->dl_tensor;
    }
    t->data = (void *)data;
    t->device.device_type = 1;           /* kDLCPU */
    t->device.device_id = 0;
    t->ndim = ndim;
    t->dtype.code = code;
    t->dtype.bits = bits;
    t->dtype.lanes = 1;
    t->shape = dims;
    t->strides = dims + ndim;
    t->byte_offset = 0;
    PyGILState_STATE gil = PyGILState_Ensure();     /* cffi calls us without the GIL */
    Py_INCREF((PyObject *)owner);
    PyGILState_Release(gil);
    atomic_fetch_add(&ew_dlpack_count, 1);
    return block;
}

/* A consumer done with a managed tensor (ours or anyone's) calls its deleter, if it has one. */
void ew_dlpack_release(struct DLManagedTensor *managed) {
    if (managed && managed->deleter) managed->deleter(managed);
}

void ew_dlpack_release_versioned(struct DLManagedTensorVersioned *managed) {
    if (managed && managed->deleter) managed->deleter(managed);
}

/* The destructor of the capsules we make (called with the GIL): a capsule still carrying its
   first name was never consumed, so its tensor is ours to delete. */
void ew_dlpack_capsule_destructor(void *capsule) {
    PyObject *c = (PyObject *)capsule;
    if (PyCapsule_IsValid(c, "dltensor_versioned"))
        ew_dlpack_release_versioned(PyCapsule_GetPointer(c, "dltensor_versioned"));
    else if (PyCapsule_IsValid(c, "dltensor"))
        ew_dlpack_release(PyCapsule_GetPointer(c, "dltensor"));
}

/* Capsule names live as long as the library: a capsule keeps a pointer to its name. */
const char *ew_dlpack_name(int which) {
    static const char *const names[] = {"dltensor", "dltensor_versioned", "used_dltensor",
                                        "used_dltensor_versioned"};
    return which >= 0 && which < 4 ? names[which] : NULL;
}

int64_t ew_dlpack_live(void) {
    return (int64_t)atomic_load(&ew_dlpack_count);
}

