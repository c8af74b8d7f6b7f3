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
 * 1, 8, 16, 32 and 64 bits, other floating types, and more than
 * ENTRY_MAX_STORES stores in all. */
#include "fe_internal.h"

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
 * few states). */
static void fill_loop(entry_ctx *x, LLVMValueRef obj, unsigned id, LLVMTypeRef et, uint64_t off, uint64_t es,
                      uint64_t n) {
  /* while (k < n) { store; k++; }: the bound is known where the store is */
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(x->b));
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(x->b);
  LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(x->ctx, fn, "fill.head");
  LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(x->ctx, fn, "fill");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(x->ctx, fn, "filled");
  LLVMBuildBr(x->b, head);
  LLVMPositionBuilderAtEnd(x->b, head);
  LLVMValueRef k = LLVMBuildPhi(x->b, x->i64, "k");
  LLVMValueRef more = LLVMBuildICmp(x->b, LLVMIntULT, k, LLVMConstInt(x->i64, n, 0), "");
  LLVMBuildCondBr(x->b, more, body, done);
  LLVMPositionBuilderAtEnd(x->b, body);
  char cvar[64];
  snprintf(cvar, sizeof cvar, "v%u", x->stores);
  strbuf_printf(&x->c, "  for (unsigned long long k = 0; k < %lluULL; k++) {\n  ", (unsigned long long)n);
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

static LLVMValueRef make_object(entry_ctx *x, LLVMTypeRef pointee, unsigned depth, unsigned *id);

/* A pointer value for a slot of pointer type pt at `depth` (1: a
 * parameter, 2: inside its object): an object, or NULL. C: `void *cvar`. */
static LLVMValueRef pointer_value(entry_ctx *x, LLVMTypeRef pt, unsigned depth, const char *cvar) {
  LLVMTypeRef pointee = LLVMGetElementType(pt);
  if (depth > ENTRY_DEPTH || LLVMGetTypeKind(pointee) == LLVMFunctionTypeKind) {
    strbuf_printf(&x->c, "  void *%s = 0;\n", cvar);
    return LLVMConstNull(pt);
  }
  unsigned id;
  LLVMValueRef obj = make_object(x, pointee, depth, &id);
  if (!obj) return NULL;
  LLVMValueRef v = LLVMBuildBitCast(x->b, obj, pt, "");
  strbuf_printf(&x->c, "  void *%s = o%u;\n", cvar, id);
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
    LLVMValueRef v = pointer_value(x, t, depth + 1, cvar);
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
      fill_loop(x, obj, id, et, off, es, n);
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

/* A fresh object for a pointer to `pointee`: malloc, assumed non-NULL,
 * kept in the global array, contents filled; its C name is o<*id>. */
static LLVMValueRef make_object(entry_ctx *x, LLVMTypeRef pointee, unsigned depth, unsigned *id) {
  bool chars = is_char_like(pointee);
  uint64_t size = chars ? x->e->object_size : LLVMABISizeOfType(x->td, pointee);
  if (size == 0) size = 1;
  *id = x->nobjects++;
  LLVMTypeRef margs[1] = {x->intptr};
  LLVMTypeRef mty = LLVMFunctionType(x->i8p, margs, 1, 0);
  LLVMValueRef n = LLVMConstInt(x->intptr, size, 0);
  LLVMValueRef obj = LLVMBuildCall2(x->b, mty, callee_of(x, "malloc", mty), &n, 1, "");
  /* __VERIFIER_assume(obj != NULL): the caller's object exists */
  LLVMTypeRef aargs[1] = {x->i32};
  LLVMTypeRef aty = LLVMFunctionType(LLVMVoidTypeInContext(x->ctx), aargs, 1, 0);
  LLVMValueRef nn = LLVMBuildZExt(x->b, LLVMBuildIsNotNull(x->b, obj, ""), x->i32, "");
  LLVMBuildCall2(x->b, aty, callee_of(x, "__VERIFIER_assume", aty), &nn, 1, "");
  /* kept reachable: the caller owns it */
  LLVMValueRef idx[2] = {LLVMConstInt(x->i64, 0, 0), LLVMConstInt(x->i64, *id, 0)};
  LLVMTypeRef kty = LLVMGlobalGetValueType(x->keep);
  LLVMBuildStore(x->b, obj, LLVMBuildInBoundsGEP2(x->b, kty, x->keep, idx, 2, ""));
  strbuf_printf(&x->c, "  unsigned char *o%u = malloc(%llu);\n  __VERIFIER_assume(o%u != 0);\n"
                       "  bitprove_entry_objects[%u] = o%u;\n",
                *id, (unsigned long long)size, *id, *id, *id);
  bool ok = true;
  if (chars) fill_loop(x, obj, *id, x->i8, 0, 1, size);
  else ok = fill(x, obj, *id, pointee, 0, depth);
  return ok ? obj : NULL;
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
    snprintf(cvar, sizeof cvar, "a%u", i);
    args[i] = LLVMGetTypeKind(t) == LLVMPointerTypeKind ? pointer_value(&x, t, 1, cvar) : draw(&x, t, cvar);
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
    out->model = xasprintf(
        "%s is called with arbitrary arguments: each scalar an arbitrary value of its type; each pointer (and each "
        "pointer inside the objects they point to, one level down) points to a fresh heap object of its pointee type "
        "with arbitrary contents (void and character pointers: %llu bytes); deeper pointers and function pointers "
        "are NULL%s; globals start from their initializers",
        e->name, (unsigned long long)e->object_size,
        e->args_may_be_null ? "; every pointer of the first two levels may also be NULL" : "");
  }
  strbuf_free(&decl);
  strbuf_free(&call);
  strbuf_free(&body);
  strbuf_free(&x.c);
  free(args);
  LLVMDisposeBuilder(x.b);
  LLVMDisposeTargetData(x.td);
  if (x.why) return false;
  return true;
}
