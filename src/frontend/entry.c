/* entry: --function NAME, a generated main that calls NAME with arbitrary
 * arguments (the model of a caller that knows nothing).
 *
 * The model (stated in every answer through ir_module.entry_model):
 *  - a parameter of integer or floating type is an arbitrary value of its
 *    type;
 *  - a pointer parameter points to a fresh heap object (malloc, assumed to
 *    succeed) of its pointee type whose bytes are arbitrary; a character or
 *    void pointer (LLVM i8*) and a pointer to an incomplete type point to an
 *    object of entry.object_size bytes;
 *  - with entry.char_args FE_CHAR_ARGS_STRING (the default) a parameter of
 *    type char *, signed char * or unsigned char * (qualifiers and typedefs
 *    of plain char allowed; typedefs of signed or unsigned char such as
 *    uint8_t are bytes) is a NUL-terminated string: its object of N =
 *    entry.object_size arbitrary bytes gets a 0 at an arbitrary index below
 *    N, so every length 0 .. N - 1 is covered. The object has N bytes
 *    whatever the length, not length + 1: a mild over-approximation of the
 *    caller (an access between the terminator and the object's end is not
 *    an error here). The C types come from the debug information (the
 *    DISubprogram's type); without it every i8 pointer, void * included,
 *    is a string. Character pointers one level down stay bytes;
 *  - --buffer-arg P,N (entry.buffer_args): P points to exactly N elements
 *    of its pointee (a scalar; bytes for void and characters), N arbitrary
 *    in [0, entry.object_size] and drawn before P's object. N = 0 gives a
 *    non-NULL pointer one past the end of a 1-byte object, not malloc(0):
 *    the graph's malloc(0) is NULL, so the case would be lost there; no
 *    byte may be accessed through it (only a free of it differs from a
 *    caller's malloc(0): it is an invalid free here);
 *  - pointers inside such an object get the same rule once more (one level
 *    down); deeper pointers, and function pointers, are NULL;
 *  - with entry.args_may_be_null every pointer of the first two levels may
 *    also be NULL;
 *  - globals start from their initializers; the objects stay reachable from
 *    a global array to the end (they are the caller's: not a leak), and the
 *    function may free them;
 *  - the function's result is ignored, but a pointer it returns is kept in
 *    that global array too (the caller's to free: not a leak).
 * Padding between the fields of a struct is left uninitialized.
 *
 * The same walk writes, as C, the main of the native harness (--harness):
 * it draws the values with the same __VERIFIER_nondet_* calls in the same
 * order, so the counterexample's values replay the same arguments.
 *
 * Outside the model, with a one-line error: a parameter passed by value as
 * an aggregate (byval, or a struct or array type), integers other than
 * 1, 8, 16, 32 and 64 bits, other floating types, more than
 * ENTRY_MAX_STORES stores in all, and a --buffer-arg whose P or N is no
 * parameter, P no pointer to a scalar, character or void, N no integer of
 * 8 bits or more, or a parameter in two pairs. */
#include "fe_internal.h"
#include <llvm-c/DebugInfo.h>

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_MAX_STORES 65536
#define ENTRY_DEPTH 2 /* levels of pointers that get an object */
#define ENTRY_UNROLL 4 /* arrays of more scalars are filled by a loop */

typedef struct {
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  const fe_entry *e;
  LLVMTypeRef i8, i8p, i1, i32, i64, intptr;
  LLVMValueRef keep; /* the global array that keeps the objects reachable */
  unsigned nobjects, maxobjects;
  unsigned stores;
  strbuf c;          /* the harness's main, as C */
  const char *why;   /* first reason the model does not apply */
} entry_ctx;

/* The function `name` as a callee of type fty: declared if the module has
 * none, cast if the program declares it with another type. */
static LLVMValueRef callee_of(entry_ctx *x, const char *name, LLVMTypeRef fty) {
  LLVMValueRef f = LLVMGetNamedFunction(x->mod, name);
  if (!f) return LLVMAddFunction(x->mod, name, fty);
  if (LLVMGlobalGetValueType(f) != fty) return LLVMConstBitCast(f, LLVMPointerType(fty, 0));
  return f;
}

/* The nondet function (and its C type) that draws a scalar of type t;
 * NULL when t is not a scalar of the model. */
static const char *nondet_name(entry_ctx *x, LLVMTypeRef t, const char **ctype) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(t)) {
    case 1: *ctype = "_Bool"; return "__VERIFIER_nondet_bool";
    case 8: *ctype = "unsigned char"; return "__VERIFIER_nondet_uchar";
    case 16: *ctype = "unsigned short"; return "__VERIFIER_nondet_ushort";
    case 32: *ctype = "unsigned int"; return "__VERIFIER_nondet_uint";
    case 64: *ctype = "unsigned long long"; return "__VERIFIER_nondet_ulonglong";
    default: return NULL;
    }
  case LLVMFloatTypeKind: *ctype = "float"; return "__VERIFIER_nondet_float";
  case LLVMDoubleTypeKind: *ctype = "double"; return "__VERIFIER_nondet_double";
  default: (void)x; return NULL;
  }
}

/* Emits a call drawing a value of scalar type t; C: `ctype vN = name();`. */
static LLVMValueRef draw(entry_ctx *x, LLVMTypeRef t, const char *cvar) {
  const char *ctype = NULL;
  const char *name = nondet_name(x, t, &ctype);
  if (!name) return NULL;
  LLVMTypeRef fty = LLVMFunctionType(t, NULL, 0, 0);
  LLVMValueRef f = callee_of(x, name, fty);
  strbuf_printf(&x->c, "  %s %s = %s();\n", ctype, cvar, name);
  return LLVMBuildCall2(x->b, fty, f, NULL, 0, "");
}

static LLVMValueRef byte_ptr(entry_ctx *x, LLVMValueRef obj, uint64_t off, LLVMTypeRef elem) {
  LLVMValueRef idx = LLVMConstInt(x->i64, off, 0);
  LLVMValueRef p = LLVMBuildInBoundsGEP2(x->b, x->i8, obj, &idx, 1, "");
  return LLVMBuildBitCast(x->b, p, LLVMPointerType(elem, 0), "");
}

/* Fills n elements of scalar type et (es bytes apart) from byte `off` of
 * `obj` with one loop (a loop, not n stores: the graph generalizes it in a
 * few states). n is an i64 value (a constant, or a drawn length of at
 * most entry.object_size), nc the same count as a C expression. */
static void fill_loop(entry_ctx *x, LLVMValueRef obj, unsigned id, LLVMTypeRef et, uint64_t off, uint64_t es,
                      LLVMValueRef n, const char *nc) {
  /* while (k < n) { store; k++; }: the bound is known where the store is */
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(x->b));
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(x->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(x->ctx, fn, "fill.head");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(x->ctx, fn, "fill");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(x->ctx, fn, "filled");
  LLVMBuildBr(x->b, head);
  LLVMPositionBuilderAtEnd(x->b, head);
  LLVMValueRef k = LLVMBuildPhi(x->b, x->i64, "k");
  LLVMValueRef more = LLVMBuildICmp(x->b, LLVMIntULT, k, n, "");
  /* a drawn count also gets its constant bound, so that an unwinding of
   * this loop ends (BMC unrolls the generated main's loops to their end) */
  if (!LLVMIsConstant(n))
    more = LLVMBuildAnd(x->b, more, LLVMBuildICmp(x->b, LLVMIntULT, k, LLVMConstInt(x->i64, x->e->object_size, 0), ""),
                        "");
  LLVMBuildCondBr(x->b, more, body, done);
  LLVMPositionBuilderAtEnd(x->b, body);
  char cvar[64];
  snprintf(cvar, sizeof cvar, "v%u", x->stores);
  if (LLVMIsConstant(n)) strbuf_printf(&x->c, "  for (unsigned long long k = 0; k < %s; k++) {\n  ", nc);
  else
    strbuf_printf(&x->c, "  for (unsigned long long k = 0; k < %s && k < %lluULL; k++) {\n  ", nc,
                  (unsigned long long)x->e->object_size);
  LLVMValueRef v = draw(x, et, cvar);
  LLVMValueRef byte = LLVMBuildAdd(x->b, LLVMConstInt(x->i64, off, 0),
                                   LLVMBuildMul(x->b, k, LLVMConstInt(x->i64, es, 0), ""), "");
  LLVMValueRef p = LLVMBuildInBoundsGEP2(x->b, x->i8, obj, &byte, 1, "");
  LLVMBuildStore(x->b, v, LLVMBuildBitCast(x->b, p, LLVMPointerType(et, 0), ""));
  strbuf_printf(&x->c, "    memcpy(o%u + %llu + k * %llu, &%s, sizeof %s);\n  }\n", id, (unsigned long long)off,
                (unsigned long long)es, cvar, cvar);
  LLVMValueRef next = LLVMBuildAdd(x->b, k, LLVMConstInt(x->i64, 1, 0), "");
  LLVMBuildBr(x->b, head);
  LLVMValueRef zero = LLVMConstInt(x->i64, 0, 0);
  LLVMAddIncoming(k, &zero, &pre, 1);
  LLVMAddIncoming(k, &next, &body, 1);
  LLVMPositionBuilderAtEnd(x->b, done);
}

static bool is_scalar(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMIntegerTypeKind) {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w == 8 || w == 16 || w == 32 || w == 64;
  }
  return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static bool is_char_like(LLVMTypeRef pointee) {
  LLVMTypeKind k = LLVMGetTypeKind(pointee);
  if (k == LLVMIntegerTypeKind) return LLVMGetIntTypeWidth(pointee) == 8;
  return !LLVMTypeIsSized(pointee) || k == LLVMFunctionTypeKind;
}

/* What a parameter is to the model (fe_build_entry decides it). */
typedef enum {
  ARG_PLAIN,  /* the rules of the model's first items */
  ARG_STRING, /* a character pointer under --char-args string */
  ARG_BUFFER, /* --buffer-arg's pointer */
  ARG_LENGTH  /* --buffer-arg's length */
} arg_role;

typedef struct {
  arg_role role;
  unsigned other;      /* ARG_BUFFER: its length's parameter; ARG_LENGTH: its buffer's */
  LLVMValueRef value;  /* ARG_LENGTH: once drawn (before its buffer's object) */
} arg_info;

static LLVMValueRef make_object(entry_ctx *x, LLVMTypeRef pointee, unsigned depth, unsigned *id);
static LLVMValueRef make_string(entry_ctx *x, unsigned *id);
static LLVMValueRef make_buffer(entry_ctx *x, LLVMTypeRef pointee, LLVMValueRef n, const char *nc, unsigned *id,
                                LLVMValueRef *ptr, char *cptr, size_t cptr_size);

/* A pointer value for a slot of pointer type pt at `depth` (1: a
 * parameter, 2: inside its object): an object, or NULL. C: `void *cvar`.
 * `ai` (parameters only, else NULL) may ask for a string or a buffer
 * whose length (an ARG_LENGTH already drawn) is `len`. */
static LLVMValueRef pointer_value(entry_ctx *x, LLVMTypeRef pt, unsigned depth, const char *cvar,
                                  const arg_info *ai, const arg_info *len, unsigned len_index) {
  LLVMTypeRef pointee = LLVMGetElementType(pt);
  if (depth > ENTRY_DEPTH || LLVMGetTypeKind(pointee) == LLVMFunctionTypeKind) {
    strbuf_printf(&x->c, "  void *%s = 0;\n", cvar);
    return LLVMConstNull(pt);
  }
  unsigned id;
  LLVMValueRef obj, at;
  char cat[64];
  if (ai && ai->role == ARG_BUFFER) {
    assert(len && len->role == ARG_LENGTH && len->value);
    char nc[32];
    snprintf(nc, sizeof nc, "a%u", len_index);
    obj = make_buffer(x, pointee, len->value, nc, &id, &at, cat, sizeof cat);
  } else {
    obj = ai && ai->role == ARG_STRING ? make_string(x, &id) : make_object(x, pointee, depth, &id);
    at = obj;
    snprintf(cat, sizeof cat, "o%u", id);
  }
  if (!obj) return NULL;
  LLVMValueRef v = LLVMBuildBitCast(x->b, at, pt, "");
  strbuf_printf(&x->c, "  void *%s = %s;\n", cvar, cat);
  if (x->e->args_may_be_null) {
    char flag[32];
    snprintf(flag, sizeof flag, "%s_null", cvar);
    LLVMValueRef isnull = draw(x, x->i1, flag);
    v = LLVMBuildSelect(x->b, isnull, LLVMConstNull(pt), v, "");
    strbuf_printf(&x->c, "  if (%s) %s = 0;\n", flag, cvar);
  }
  return v;
}

/* Fills the bytes [off, off + size of t) of object `obj` (C: oN). */
static bool fill(entry_ctx *x, LLVMValueRef obj, unsigned id, LLVMTypeRef t, uint64_t off, unsigned depth) {
  if (x->why) return false;
  if (++x->stores > ENTRY_MAX_STORES) {
    x->why = "the arguments' objects need more than 65536 stores";
    return false;
  }
  char cvar[64];
  snprintf(cvar, sizeof cvar, "v%u", x->stores);
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind: {
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) % 8 != 0) break; /* bytes below */
    LLVMValueRef v = draw(x, t, cvar);
    if (!v) break;
    LLVMBuildStore(x->b, v, byte_ptr(x, obj, off, t));
    strbuf_printf(&x->c, "  memcpy(o%u + %llu, &%s, sizeof %s);\n", id, (unsigned long long)off, cvar, cvar);
    return true;
  }
  case LLVMPointerTypeKind: {
    LLVMValueRef v = pointer_value(x, t, depth + 1, cvar, NULL, NULL, 0);
    if (!v) return false;
    LLVMBuildStore(x->b, v, byte_ptr(x, obj, off, t));
    strbuf_printf(&x->c, "  memcpy(o%u + %llu, &%s, sizeof %s);\n", id, (unsigned long long)off, cvar, cvar);
    return true;
  }
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < n; i++)
      if (!fill(x, obj, id, LLVMStructGetTypeAtIndex(t, i), off + LLVMOffsetOfElement(x->td, t, i), depth))
        return false;
    return true;
  }
  case LLVMArrayTypeKind: {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint64_t n = LLVMGetArrayLength(t), es = LLVMABISizeOfType(x->td, et);
    if (is_scalar(et) && n > ENTRY_UNROLL) {
      char nc[32];
      snprintf(nc, sizeof nc, "%lluULL", (unsigned long long)n);
      fill_loop(x, obj, id, et, off, es, LLVMConstInt(x->i64, n, 0), nc);
      return true;
    }
    for (uint64_t i = 0; i < n; i++)
      if (!fill(x, obj, id, et, off + i * es, depth)) return false;
    return true;
  }
  default:
    break;
  }
  /* other types (vectors, long double, odd-width integers): their bytes */
  uint64_t size = LLVMTypeIsSized(t) ? LLVMABISizeOfType(x->td, t) : 0;
  for (uint64_t k = 0; k < size; k++)
    if (!fill(x, obj, id, x->i8, off + k, depth)) return false;
  return true;
}

/* __VERIFIER_assume(cond); C: the same with cond_c. */
static void assume(entry_ctx *x, LLVMValueRef cond, const char *cond_c) {
  LLVMTypeRef aargs[1] = {x->i32};
  LLVMTypeRef aty = LLVMFunctionType(LLVMVoidTypeInContext(x->ctx), aargs, 1, 0);
  LLVMValueRef c = LLVMBuildZExt(x->b, cond, x->i32, "");
  LLVMBuildCall2(x->b, aty, callee_of(x, "__VERIFIER_assume", aty), &c, 1, "");
  strbuf_printf(&x->c, "  __VERIFIER_assume(%s);\n", cond_c);
}

/* A fresh heap object of `size` bytes (an intptr value; C: size_c):
 * malloc, assumed non-NULL, kept in the global array; its C name is
 * o<*id>. Its contents are the caller's to fill. */
static LLVMValueRef alloc_object(entry_ctx *x, LLVMValueRef size, const char *size_c, unsigned *id) {
  *id = x->nobjects++;
  assert(*id < x->maxobjects);
  LLVMTypeRef margs[1] = {x->intptr};
  LLVMTypeRef mty = LLVMFunctionType(x->i8p, margs, 1, 0);
  LLVMValueRef obj = LLVMBuildCall2(x->b, mty, callee_of(x, "malloc", mty), &size, 1, "");
  strbuf_printf(&x->c, "  unsigned char *o%u = malloc(%s);\n", *id, size_c);
  /* the caller's object exists */
  char cond[32];
  snprintf(cond, sizeof cond, "o%u != 0", *id);
  assume(x, LLVMBuildIsNotNull(x->b, obj, ""), cond);
  /* kept reachable: the caller owns it */
  LLVMValueRef idx[2] = {LLVMConstInt(x->i64, 0, 0), LLVMConstInt(x->i64, *id, 0)};
  LLVMTypeRef kty = LLVMGlobalGetValueType(x->keep);
  LLVMBuildStore(x->b, obj, LLVMBuildInBoundsGEP2(x->b, kty, x->keep, idx, 2, ""));
  strbuf_printf(&x->c, "  bitprove_entry_objects[%u] = o%u;\n", *id, *id);
  return obj;
}

/* A fresh object for a pointer to `pointee`, contents filled. */
static LLVMValueRef make_object(entry_ctx *x, LLVMTypeRef pointee, unsigned depth, unsigned *id) {
  bool chars = is_char_like(pointee);
  uint64_t size = chars ? x->e->object_size : LLVMABISizeOfType(x->td, pointee);
  if (size == 0) size = 1;
  char sc[32];
  snprintf(sc, sizeof sc, "%llu", (unsigned long long)size);
  LLVMValueRef obj = alloc_object(x, LLVMConstInt(x->intptr, size, 0), sc, id);
  snprintf(sc, sizeof sc, "%lluULL", (unsigned long long)size);
  bool ok = true;
  if (chars) fill_loop(x, obj, *id, x->i8, 0, 1, LLVMConstInt(x->i64, size, 0), sc);
  else ok = fill(x, obj, *id, pointee, 0, depth);
  return ok ? obj : NULL;
}

/* --char-args string: object_size arbitrary bytes, then byte len = 0 for
 * an arbitrary len < object_size (every length 0 .. object_size - 1). */
static LLVMValueRef make_string(entry_ctx *x, unsigned *id) {
  uint64_t size = x->e->object_size;
  char sc[32];
  snprintf(sc, sizeof sc, "%llu", (unsigned long long)size);
  LLVMValueRef obj = alloc_object(x, LLVMConstInt(x->intptr, size, 0), sc, id);
  snprintf(sc, sizeof sc, "%lluULL", (unsigned long long)size);
  fill_loop(x, obj, *id, x->i8, 0, 1, LLVMConstInt(x->i64, size, 0), sc);
  if (++x->stores > ENTRY_MAX_STORES) {
    x->why = "the arguments' objects need more than 65536 stores";
    return NULL;
  }
  char len[32], cond[64];
  snprintf(len, sizeof len, "v%u", x->stores);
  LLVMValueRef n = draw(x, x->intptr, len);
  assert(n); /* intptr is 32 or 64 bits */
  snprintf(cond, sizeof cond, "%s < %lluULL", len, (unsigned long long)size);
  assume(x, LLVMBuildICmp(x->b, LLVMIntULT, n, LLVMConstInt(x->intptr, size, 0), ""), cond);
  LLVMBuildStore(x->b, LLVMConstInt(x->i8, 0, 0), LLVMBuildInBoundsGEP2(x->b, x->i8, obj, &n, 1, ""));
  strbuf_printf(&x->c, "  o%u[%s] = 0;\n", *id, len);
  return obj;
}

/* The element an array behind a pointer to `pointee` has under
 * --buffer-arg: the scalar itself, or a byte for void and characters;
 * NULL for aggregates and pointers (outside the option). */
static LLVMTypeRef buffer_elem(entry_ctx *x, LLVMTypeRef pointee) {
  if (is_char_like(pointee)) return x->i8;
  return is_scalar(pointee) ? pointee : NULL;
}

/* --buffer-arg: an object of exactly n elements (n: the length parameter's
 * value, drawn and assumed <= object_size; C: nc), its bytes arbitrary.
 * n = 0 gives no malloc(0) (the graph's malloc(0) is NULL, the
 * interpreter's and native ones a fresh object): the pointer is one past
 * the end of a 1-byte object, non-NULL, and no byte may be accessed
 * through it. *ptr (C: cptr) is that pointer; the object is the result. */
static LLVMValueRef make_buffer(entry_ctx *x, LLVMTypeRef pointee, LLVMValueRef n, const char *nc, unsigned *id,
                                LLVMValueRef *ptr, char *cptr, size_t cptr_size) {
  LLVMTypeRef et = buffer_elem(x, pointee);
  assert(et); /* fe_build_entry checked it */
  uint64_t es = LLVMABISizeOfType(x->td, et);
  LLVMValueRef n64 = LLVMBuildZExt(x->b, n, x->i64, "");
  LLVMValueRef empty = LLVMBuildICmp(x->b, LLVMIntEQ, n64, LLVMConstInt(x->i64, 0, 0), "");
  LLVMValueRef bytes = LLVMBuildAdd(x->b, LLVMBuildMul(x->b, n64, LLVMConstInt(x->i64, es, 0), ""),
                                    LLVMBuildZExt(x->b, empty, x->i64, ""), "");
  if (LLVMGetIntTypeWidth(x->intptr) < 64) bytes = LLVMBuildTrunc(x->b, bytes, x->intptr, ""); /* <= 2^23 */
  char sc[96];
  snprintf(sc, sizeof sc, "%s * %lluULL + (%s == 0)", nc, (unsigned long long)es, nc);
  LLVMValueRef obj = alloc_object(x, bytes, sc, id);
  fill_loop(x, obj, *id, et, 0, es, n64, nc);
  LLVMValueRef skip = LLVMBuildZExt(x->b, empty, x->i64, "");
  *ptr = LLVMBuildInBoundsGEP2(x->b, x->i8, obj, &skip, 1, "");
  snprintf(cptr, cptr_size, "o%u + (%s == 0)", *id, nc);
  return obj;
}

/* Counts the objects the walk will allocate (the keep-alive array's size). */
static unsigned count_objects(LLVMTypeRef t, unsigned depth, LLVMTargetDataRef td, unsigned budget) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind: {
    LLVMTypeRef pointee = LLVMGetElementType(t);
    if (depth + 1 > ENTRY_DEPTH || LLVMGetTypeKind(pointee) == LLVMFunctionTypeKind) return 0;
    if (is_char_like(pointee)) return 1;
    return 1 + count_objects(pointee, depth + 1, td, budget);
  }
  case LLVMStructTypeKind: {
    unsigned s = 0, n = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < n && s <= budget; i++) s += count_objects(LLVMStructGetTypeAtIndex(t, i), depth, td, budget);
    return s;
  }
  case LLVMArrayTypeKind: {
    uint64_t n = LLVMGetArrayLength(t);
    unsigned one = count_objects(LLVMGetElementType(t), depth, td, budget);
    return one && n > budget ? budget + 1 : (unsigned)(one * n);
  }
  default: return 0;
  }
}

static const char *c_param_type(LLVMTypeRef t, bool sign) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(t)) {
    case 1: return "_Bool";
    case 8: return sign ? "signed char" : "unsigned char";
    case 16: return sign ? "short" : "unsigned short";
    case 32: return "unsigned int";
    case 64: return "unsigned long long";
    default: return NULL;
    }
  case LLVMFloatTypeKind: return "float";
  case LLVMDoubleTypeKind: return "double";
  case LLVMPointerTypeKind: return "void *";
  default: return NULL;
  }
}

/* ---- the C types of the parameters, from the debug information ---------- */

/* Operand i of metadata node md (a MetadataAsValue), or NULL. */
static LLVMValueRef md_op(LLVMValueRef md, unsigned i) {
  if (!md || !LLVMIsAMDNode(md)) return NULL;
  unsigned n = LLVMGetMDNodeNumOperands(md);
  if (i >= n) return NULL;
  LLVMValueRef *ops = xcalloc(n, sizeof *ops);
  LLVMGetMDNodeOperands(md, ops);
  LLVMValueRef r = ops[i];
  free(ops);
  return r;
}

static LLVMMetadataKind md_kind(LLVMValueRef md) {
  return LLVMGetMetadataKind(LLVMValueAsMetadata(md));
}

/* The name of a DIType ("" when it has none). */
static const char *md_type_name(LLVMValueRef md, size_t *len) {
  const char *s = LLVMDITypeGetName(LLVMValueAsMetadata(md), len);
  if (!s) *len = 0;
  return s ? s : "";
}

/* What the debug information says a parameter's pointee is. */
typedef enum { PTE_UNKNOWN, PTE_CHAR, PTE_OTHER } pointee_kind;

/* The pointee of DIType t, a pointer behind typedefs and qualifiers:
 * PTE_CHAR for char, signed char and unsigned char as spelled, and for a
 * typedef of plain char (a string type such as gchar); PTE_OTHER for
 * anything else, a typedef of signed or unsigned char included (uint8_t,
 * int8_t, u8, BYTE: bytes, not text). The operand numbers are LLVM 14's
 * (DIDerivedType: 3 the base type); a node of another kind than expected
 * gives PTE_UNKNOWN. */
static pointee_kind pointee_of(LLVMValueRef t) {
  /* the pointer: a derived type with a size and no name (a typedef has a
   * name, a qualifier no size) */
  for (unsigned hops = 0;; hops++) {
    if (!t || hops > 32 || md_kind(t) != LLVMDIDerivedTypeMetadataKind) return PTE_UNKNOWN;
    size_t len;
    md_type_name(t, &len);
    if (!len && LLVMDITypeGetSizeInBits(LLVMValueAsMetadata(t)) != 0) break;
    t = md_op(t, 3);
  }
  t = md_op(t, 3);
  bool typedefed = false;
  for (unsigned hops = 0; t && md_kind(t) == LLVMDIDerivedTypeMetadataKind; hops++) {
    if (hops > 32) return PTE_UNKNOWN;
    size_t len;
    md_type_name(t, &len);
    typedefed |= len > 0;
    t = md_op(t, 3);
  }
  if (!t) return PTE_OTHER; /* void */
  if (md_kind(t) != LLVMDIBasicTypeMetadataKind) return PTE_OTHER;
  size_t len;
  const char *name = md_type_name(t, &len);
  bool plain = len == 4 && memcmp(name, "char", 4) == 0;
  bool sign = (len == 11 && memcmp(name, "signed char", 11) == 0) ||
              (len == 13 && memcmp(name, "unsigned char", 13) == 0);
  return plain || (sign && !typedefed) ? PTE_CHAR : PTE_OTHER;
}

/* kind[i] for each of fn's np parameters, from its DISubprogram's type
 * (operand 4; a DISubroutineType whose operand 3 lists the result's type
 * and the parameters'); all PTE_UNKNOWN without debug information, or when
 * the IR's parameters are not the C ones (a struct returned through
 * memory, a different count). */
static void pointee_kinds(LLVMContextRef ctx, LLVMValueRef fn, unsigned np, pointee_kind *kind) {
  for (unsigned i = 0; i < np; i++) kind[i] = PTE_UNKNOWN;
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  if (!sp || (np && LLVMGetEnumAttributeAtIndex(fn, 1, LLVMGetEnumAttributeKindForName("sret", 4)))) return;
  LLVMValueRef ty = md_op(LLVMMetadataAsValue(ctx, sp), 4);
  if (!ty || md_kind(ty) != LLVMDISubroutineTypeMetadataKind) return;
  LLVMValueRef list = md_op(ty, 3);
  if (!list || md_kind(list) != LLVMMDTupleMetadataKind || LLVMGetMDNodeNumOperands(list) != np + 1) return;
  for (unsigned i = 0; i < np; i++) kind[i] = pointee_of(md_op(list, i + 1));
}

/* The parameter of fn that `what` names (its name, or a 1-based position),
 * or np when none. */
static unsigned param_named(LLVMValueRef fn, unsigned np, const char *what, size_t len) {
  for (unsigned i = 0; i < np; i++) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(LLVMGetParam(fn, i), &n);
    if (n == len && memcmp(name, what, len) == 0) return i;
  }
  unsigned k = 0;
  for (size_t j = 0; j < len; j++) {
    if (what[j] < '0' || what[j] > '9' || k > np) return np;
    k = k * 10 + (unsigned)(what[j] - '0');
  }
  return len && k >= 1 && k <= np ? k - 1 : np;
}

/* The parameter's name for the model ("s"), or its position ("#2"). */
static void param_label(LLVMValueRef fn, unsigned i, char *buf, size_t size) {
  size_t n = 0;
  const char *name = LLVMGetValueName2(LLVMGetParam(fn, i), &n);
  if (n) snprintf(buf, size, "%.*s", (int)(n < 64 ? n : 64), name);
  else snprintf(buf, size, "#%u", i + 1);
}

/* Sets each parameter's role from --char-args and --buffer-arg; false with
 * a one-line *err for a --buffer-arg outside the option. */
static bool arg_roles(entry_ctx *x, LLVMValueRef fn, unsigned np, arg_info *ai, char **err) {
  const fe_entry *e = x->e;
  for (unsigned k = 0; k < e->nbuffer_args; k++) {
    const char *spec = e->buffer_args[k], *comma = strchr(spec, ',');
    assert(comma); /* the command line's check */
    unsigned p = param_named(fn, np, spec, (size_t)(comma - spec));
    unsigned n = param_named(fn, np, comma + 1, strlen(comma + 1));
    const char *why = NULL;
    if (p == np) why = "the pointer is not a parameter (a name or a 1-based position)";
    else if (n == np) why = "the length is not a parameter (a name or a 1-based position)";
    else if (p == n) why = "the pointer and the length are one parameter";
    else if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, p))) != LLVMPointerTypeKind) why = "the pointer is not a pointer";
    else if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(fn, n))) != LLVMIntegerTypeKind ||
             LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetParam(fn, n))) < 8)
      why = "the length is not an integer";
    else if (!buffer_elem(x, LLVMGetElementType(LLVMTypeOf(LLVMGetParam(fn, p)))))
      why = "the pointer's pointee is not a scalar, a character or void";
    else if (ai[p].role != ARG_PLAIN || ai[n].role != ARG_PLAIN)
      why = "a parameter in two --buffer-arg";
    if (why) {
      *err = xasprintf("--function %s: --buffer-arg %s: %s", e->name, spec, why);
      return false;
    }
    ai[p] = (arg_info){ARG_BUFFER, n, NULL};
    ai[n] = (arg_info){ARG_LENGTH, p, NULL};
  }
  if (e->char_args != FE_CHAR_ARGS_STRING) return true;
  pointee_kind *kind = xcalloc(np ? np : 1, sizeof *kind);
  pointee_kinds(x->ctx, fn, np, kind);
  for (unsigned i = 0; i < np; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
    if (ai[i].role != ARG_PLAIN || LLVMGetTypeKind(t) != LLVMPointerTypeKind) continue;
    LLVMTypeRef pointee = LLVMGetElementType(t);
    bool bytes = LLVMGetTypeKind(pointee) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(pointee) == 8;
    /* without debug information every i8 pointer (void * included) is a string */
    if (bytes && kind[i] != PTE_OTHER) ai[i].role = ARG_STRING;
  }
  free(kind);
  return true;
}

/* The clauses of the model for the parameters with a role ("; argument s
 * of f: ..."), appended to sb. */
static void model_of_roles(entry_ctx *x, LLVMValueRef fn, unsigned np, const arg_info *ai, strbuf *sb) {
  const fe_entry *e = x->e;
  for (unsigned i = 0; i < np; i++) {
    char name[80], len[80];
    param_label(fn, i, name, sizeof name);
    if (ai[i].role == ARG_STRING) {
      strbuf_printf(sb,
                    "; argument %s of %s: a NUL-terminated string of at most %llu characters in an object of %llu "
                    "bytes",
                    name, e->name, (unsigned long long)(e->object_size - 1), (unsigned long long)e->object_size);
    } else if (ai[i].role == ARG_BUFFER) {
      param_label(fn, ai[i].other, len, sizeof len);
      LLVMTypeRef et = buffer_elem(x, LLVMGetElementType(LLVMTypeOf(LLVMGetParam(fn, i))));
      uint64_t es = LLVMABISizeOfType(x->td, et);
      if (es == 1)
        strbuf_printf(sb, "; argument %s of %s: an object of %s bytes with arbitrary contents, 0 <= %s <= %llu", name,
                      e->name, len, len, (unsigned long long)e->object_size);
      else
        strbuf_printf(sb,
                      "; argument %s of %s: an array of %s elements of %llu bytes with arbitrary contents, 0 <= %s "
                      "<= %llu",
                      name, e->name, len, (unsigned long long)es, len, (unsigned long long)e->object_size);
      strbuf_printf(sb, " (%s = 0: a non-NULL pointer to no byte)", len);
    }
  }
}

bool fe_build_entry(LLVMModuleRef mod, const fe_options *opt, fe_entry_text *out, char **err) {
  memset(out, 0, sizeof *out);
  const fe_entry *e = &opt->entry;
  if (!e->name) return true;
  LLVMValueRef target = LLVMGetNamedFunction(mod, e->name);
  if (!target || LLVMIsDeclaration(target)) {
    *err = xasprintf("--function %s: no function of that name with a body in the program", e->name);
    return false;
  }
  entry_ctx x = {0};
  x.mod = mod;
  x.ctx = LLVMGetModuleContext(mod);
  x.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  x.e = e;
  x.i8 = LLVMInt8TypeInContext(x.ctx);
  x.i8p = LLVMPointerType(x.i8, 0);
  x.i1 = LLVMInt1TypeInContext(x.ctx);
  x.i32 = LLVMInt32TypeInContext(x.ctx);
  x.i64 = LLVMInt64TypeInContext(x.ctx);
  x.intptr = LLVMIntPtrTypeInContext(x.ctx, x.td);

  LLVMTypeRef fty = LLVMGlobalGetValueType(target);
  unsigned np = LLVMCountParams(target);
  unsigned kind_byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned kind_inalloca = LLVMGetEnumAttributeKindForName("inalloca", 8);
  unsigned kind_sext = LLVMGetEnumAttributeKindForName("signext", 7);
  const char *why = NULL;
  unsigned nobj = 0;
  if (LLVMIsFunctionVarArg(fty)) why = "a variadic function";
  for (unsigned i = 0; i < np && !why; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(target, i));
    if (LLVMGetEnumAttributeAtIndex(target, i + 1, kind_byval) ||
        LLVMGetEnumAttributeAtIndex(target, i + 1, kind_inalloca))
      why = "a parameter passed by value as a struct";
    else if (!c_param_type(t, false))
      why = LLVMGetTypeKind(t) == LLVMStructTypeKind || LLVMGetTypeKind(t) == LLVMArrayTypeKind
                ? "a parameter passed by value as a struct"
                : "a parameter of a type outside the model (integers of 1, 8, 16, 32, 64 bits, float, double, "
                  "pointers)";
    else if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) nobj += count_objects(t, 0, x.td, ENTRY_MAX_STORES);
  }
  if (why || nobj > ENTRY_MAX_STORES) {
    *err = xasprintf("--function %s: %s is not supported", e->name, why ? why : "an argument with too many objects");
    LLVMDisposeTargetData(x.td);
    return false;
  }
  arg_info *ai = xcalloc(np ? np : 1, sizeof *ai);
  if (!arg_roles(&x, target, np, ai, err)) {
    free(ai);
    LLVMDisposeTargetData(x.td);
    return false;
  }

  /* the program's own main steps aside */
  LLVMValueRef old_main = LLVMGetNamedFunction(mod, "main");
  if (old_main) LLVMSetValueName2(old_main, "__bitprove_program_main", strlen("__bitprove_program_main"));
  out->renamed_main = old_main != NULL;

  /* a returned pointer is the caller's too: kept in the last slot */
  bool returns_ptr = LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMPointerTypeKind;
  unsigned nslots = nobj + (returns_ptr ? 1 : 0);
  LLVMTypeRef kty = LLVMArrayType(x.i8p, nslots ? nslots : 1);
  x.keep = LLVMAddGlobal(mod, kty, "__bitprove_entry_objects");
  LLVMSetInitializer(x.keep, LLVMConstNull(kty));
  LLVMSetLinkage(x.keep, LLVMInternalLinkage);
  x.maxobjects = nobj;

  LLVMTypeRef mty = LLVMFunctionType(x.i32, NULL, 0, 0);
  LLVMValueRef main_fn = LLVMAddFunction(mod, "main", mty);
  x.b = LLVMCreateBuilderInContext(x.ctx);
  LLVMPositionBuilderAtEnd(x.b, LLVMAppendBasicBlockInContext(x.ctx, main_fn, "entry"));

  strbuf_printf(&x.c, "/* --function %s: the arguments of the counterexample's run */\n", e->name);
  strbuf_printf(&x.c, "static void *bitprove_entry_objects[%u]; /* the caller's objects: reachable to the end */\n",
                nslots ? nslots : 1);
  strbuf decl = {0}, call = {0};
  LLVMValueRef *args = xcalloc(np ? np : 1, sizeof *args);
  strbuf body = {0};
  strbuf tmp = x.c; /* the declarations go first; the body is collected apart */
  x.c = body;
  for (unsigned i = 0; i < np && !x.why; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(target, i));
    char cvar[32];
    /* a buffer's length is drawn first, where it comes before or after it */
    unsigned order[2] = {i, i}, nord = 1;
    if (ai[i].role == ARG_BUFFER && !ai[ai[i].other].value) order[0] = ai[i].other, nord = 2;
    for (unsigned k = 0; k < nord && !x.why; k++) {
      unsigned j = order[k];
      if (ai[j].role == ARG_LENGTH && ai[j].value) { /* drawn with its buffer */
        args[j] = ai[j].value;
        continue;
      }
      LLVMTypeRef tj = LLVMTypeOf(LLVMGetParam(target, j));
      snprintf(cvar, sizeof cvar, "a%u", j);
      if (LLVMGetTypeKind(tj) == LLVMPointerTypeKind) {
        const arg_info *len = ai[j].role == ARG_BUFFER ? &ai[ai[j].other] : NULL;
        args[j] = pointer_value(&x, tj, 1, cvar, &ai[j], len, ai[j].other);
      } else {
        args[j] = draw(&x, tj, cvar);
      }
      if (args[j] && ai[j].role == ARG_LENGTH) {
        char cond[64];
        snprintf(cond, sizeof cond, "%s <= %lluULL", cvar, (unsigned long long)e->object_size);
        assume(&x,
               LLVMBuildICmp(x.b, LLVMIntULE, LLVMBuildZExt(x.b, args[j], x.i64, ""),
                             LLVMConstInt(x.i64, e->object_size, 0), ""),
               cond);
        ai[j].value = args[j];
      }
    }
    if (!args[i] && !x.why) x.why = "an argument outside the model";
    bool sign = LLVMGetEnumAttributeAtIndex(target, i + 1, kind_sext) != NULL;
    strbuf_printf(&decl, "%s%s", i ? ", " : "", c_param_type(t, sign));
    strbuf_printf(&call, "%s(%s)a%u", i ? ", " : "", c_param_type(t, sign), i);
  }
  body = x.c;
  x.c = tmp;
  if (x.why) {
    *err = xasprintf("--function %s: %s", e->name, x.why);
  } else {
    LLVMValueRef result = LLVMBuildCall2(x.b, fty, target, args, np, "");
    if (returns_ptr) { /* what the function returns belongs to its caller, who keeps it */
      LLVMValueRef idx[2] = {LLVMConstInt(x.i64, 0, 0), LLVMConstInt(x.i64, nobj, 0)};
      LLVMBuildStore(x.b, LLVMBuildBitCast(x.b, result, x.i8p, ""),
                     LLVMBuildInBoundsGEP2(x.b, kty, x.keep, idx, 2, ""));
    }
    LLVMBuildRet(x.b, LLVMConstInt(x.i32, 0, 0));
    /* any other result is ignored (any return type is ABI-compatible with
     * void for a caller that ignores it; a struct returned through memory is
     * an explicit pointer parameter in the IR) */
    char keep_result[64] = "";
    if (returns_ptr) snprintf(keep_result, sizeof keep_result, "bitprove_entry_objects[%u] = ", nobj);
    strbuf_printf(&x.c, "%s %s(%s);\n\nint main(void) {\n%s  %s%s(%s);\n  return 0;\n}\n",
                  returns_ptr ? "void *" : "void", e->name, np ? decl.data : "void", body.data ? body.data : "",
                  keep_result, e->name, np ? call.data : "");
    out->c_main = x.c.data;
    x.c.data = NULL;
    strbuf model = {0};
    strbuf_printf(
        &model,
        "%s is called with arbitrary arguments: each scalar an arbitrary value of its type; each pointer (and each "
        "pointer inside the objects they point to, one level down) points to a fresh heap object of its pointee type "
        "with arbitrary contents (void and character pointers: %llu bytes); deeper pointers and function pointers "
        "are NULL%s; globals start from their initializers",
        e->name, (unsigned long long)e->object_size,
        e->args_may_be_null ? "; every pointer of the first two levels may also be NULL" : "");
    model_of_roles(&x, target, np, ai, &model);
    out->model = model.data;
  }
  strbuf_free(&decl);
  strbuf_free(&call);
  strbuf_free(&body);
  strbuf_free(&x.c);
  free(args);
  free(ai);
  LLVMDisposeBuilder(x.b);
  LLVMDisposeTargetData(x.td);
  if (x.why) return false;
  return true;
}
