/* lower_inst: one LLVM instruction -> bitprove IR instructions.
 *
 * Contract:
 *  - Every LLVM instruction of a reachable block is lowered in order into
 *    the current block of L->b; its result is recorded with fe_set_val().
 *    Terminators always produce exactly one IR terminator, phis exactly one
 *    IR_PHI or nothing, so block structure is kept.
 *  - Integer arithmetic keeps nsw/nuw/exact (flags.c); getelementptr
 *    becomes byte arithmetic (one IR_PTRADD, INBOUNDS from the GEP, or the
 *    base itself when the offset is 0).
 *  - Calls: direct calls of lowered functions and builtins; declared
 *    functions that are neither are reported ("call to undefined function")
 *    but still called; a call whose signature disagrees with the callee's
 *    (K&R code) becomes an indirect call of the function's address.
 *    byval arguments are copied at the call site (memcpy into a temporary
 *    allocated in the entry block), which is what byval means. Split values
 *    (lower_split.c) are passed leaf by leaf; a split result comes back
 *    through a hidden first pointer argument.
 *  - Instructions with split operands or results (other than call and ret)
 *    are lowered by lower_split.c.
 *  - Intrinsics with simple meaning become plain instructions or builtin
 *    calls (see lower_intrinsic); debug/lifetime markers are dropped; others
 *    are reported.
 *  - Floating point: lower_float.c; inline asm: lower_asm.c; atomics (a
 *    single thread's reading): lower_atomic.c.
 *  - Whatever cannot be represented is reported with the instruction's
 *    location and its result becomes undef.
 */
#include "fe_internal.h"
#include "../ir/ir_arith.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static uint32_t block_of(fe_lower *L, LLVMBasicBlockRef bb) {
  uint64_t k = 0;
  bool mapped = fe_map_get(&L->blocks, bb, &k); /* successors of reachable blocks are mapped */
  assert(mapped && k < L->b.blocks.len);
  (void)mapped;
  return (uint32_t)k;
}

void fe_set_result(fe_lower *L, LLVMValueRef inst, uint32_t id) {
  assert(L->in_func && id < L->b.insts.len);
  ir_inst *in = ir_build_inst(&L->b, id);
  assert(in->type.kind != IR_TY_VOID);
  if (!in->name) in->name = fe_name(L, inst);
  fe_set_val(L, inst, ir_inst_val(in->type, id));
}

/* Records why, and maps a value-producing instruction to undef. */
void fe_give_up(fe_lower *L, LLVMValueRef inst, const char *why) {
  if (why) fe_unsupported(L, why);
  if (fe_is_split(L, LLVMTypeOf(inst))) {
    fe_split_undef(L, inst);
    return;
  }
  const char *w2;
  ir_type t = fe_type(L, LLVMTypeOf(inst), &w2);
  if (t.kind != IR_TY_VOID) fe_set_val(L, inst, ir_undef_val(t));
}

/* The first unsupported type among the result and the operands. */
const char *fe_type_problem(fe_lower *L, LLVMValueRef inst) {
  const char *why;
  fe_type(L, LLVMTypeOf(inst), &why);
  if (why) return why;
  int n = LLVMGetNumOperands(inst);
  for (int i = 0; i < n; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(inst, (unsigned)i));
    if (LLVMGetTypeKind(t) == LLVMLabelTypeKind) continue;
    fe_type(L, t, &why);
    if (why) return why;
  }
  return NULL;
}

static ir_value as_type(ir_value v, ir_type t) { return ir_type_eq(v.type, t) ? v : ir_undef_val(t); }

static ir_value bin(fe_lower *L, ir_opcode op, unsigned flags, ir_value x, ir_value y) {
  assert(ir_is_binary(op) && x.type.kind == IR_TY_INT && ir_type_eq(x.type, y.type));
  return ir_inst_val(x.type, ir_emit_binary(&L->b, op, flags, x, y, L->loc));
}
static ir_value cmp(fe_lower *L, ir_pred p, ir_value x, ir_value y) {
  assert(ir_type_eq(x.type, y.type));
  return ir_inst_val(ir_type_int(1), ir_emit_icmp(&L->b, p, x, y, L->loc));
}
static ir_value sel(fe_lower *L, ir_value c, ir_value x, ir_value y) {
  assert(ir_type_eq(c.type, ir_type_int(1)) && ir_type_eq(x.type, y.type));
  return ir_inst_val(x.type, ir_emit_select(&L->b, c, x, y, L->loc));
}

/* ---- builtin functions made for intrinsics ----------------------------- */
static uint32_t builtin_func(fe_lower *L, ir_builtin bk, ir_type ret, unsigned n, const ir_type *params) {
  assert(bk > IR_BUILTIN_NONE && bk < IR_BUILTIN_COUNT);
  if (L->builtin_fn[bk] != IR_NONE) return L->builtin_fn[bk];
  const char *name = ir_builtin_name(bk);
  LLVMValueRef lf = LLVMGetNamedFunction(L->mod, name);
  uint32_t id = IR_NONE;
  if (lf && LLVMIsDeclaration(lf)) {
    /* The program declares it: use that function if the prototype agrees. */
    id = fe_func_id(L, lf);
    const ir_func *f = &L->m->funcs.data[id];
    bool same = f->builtin == bk && ir_type_eq(f->ret, ret) && f->nparams == n;
    for (unsigned i = 0; same && i < n; i++) same = ir_type_eq(f->params[i], params[i]);
    if (!same) id = IR_NONE;
  }
  if (id == IR_NONE) {
    /* A program function of that name keeps its body; ours gets another name. */
    char *nm = lf ? xasprintf("bitprove.%s", name) : xstrdup(name);
    id = ir_func_add(L->m, nm, ret, n, params, false);
    free(nm);
    L->m->funcs.data[id].builtin = (uint8_t)bk;
    while (L->will_define.len <= id) VEC_PUSH(L->will_define, 0);
  }
  assert(id < L->m->funcs.len && L->will_define.len > id);
  L->builtin_fn[bk] = id;
  return id;
}

static uint32_t call_builtin(fe_lower *L, ir_builtin bk, ir_type ret, unsigned n, const ir_type *params,
                             const ir_value *args) {
  assert(n <= 4); /* fixed[] holds every argument passed on */
  uint32_t f = builtin_func(L, bk, ret, n, params);
  ir_value fixed[4];
  for (unsigned i = 0; i < n && i < 4; i++) fixed[i] = as_type(args[i], params[i]);
  return ir_emit_call(&L->b, f, ret, n, fixed, L->loc);
}

uint32_t fe_call_builtin(fe_lower *L, ir_builtin bk, ir_type ret, unsigned n, const ir_type *params,
                         const ir_value *args) {
  return call_builtin(L, bk, ret, n, params, args);
}

/* ---- bit-manipulation intrinsics as arithmetic ---------------------------- */
static bool is_pow2(unsigned n) { return n && !(n & (n - 1)); }

static ir_value lower_bswap(fe_lower *L, ir_value x) {
  unsigned w = x.type.bits, bytes = w / 8;
  assert(x.type.kind == IR_TY_INT && w % 16 == 0);
  ir_value acc = ir_const(x.type, 0);
  for (unsigned i = 0; i < bytes; i++) {
    ir_value byte = i ? bin(L, IR_LSHR, 0, x, ir_const(x.type, 8 * i)) : x;
    byte = bin(L, IR_AND, 0, byte, ir_const(x.type, 0xff));
    unsigned to = 8 * (bytes - 1 - i);
    if (to) byte = bin(L, IR_SHL, 0, byte, ir_const(x.type, to));
    acc = i ? bin(L, IR_OR, 0, acc, byte) : byte;
  }
  return acc;
}

static ir_value lower_ctpop(fe_lower *L, ir_value x) {
  unsigned w = x.type.bits;
  ir_type t = x.type;
  if (w == 8 || w == 16 || w == 32 || w == 64) {
    /* SWAR population count */
    x = bin(L, IR_SUB, 0, x, bin(L, IR_AND, 0, bin(L, IR_LSHR, 0, x, ir_const(t, 1)), ir_const(t, 0x5555555555555555ULL)));
    x = bin(L, IR_ADD, 0, bin(L, IR_AND, 0, x, ir_const(t, 0x3333333333333333ULL)),
            bin(L, IR_AND, 0, bin(L, IR_LSHR, 0, x, ir_const(t, 2)), ir_const(t, 0x3333333333333333ULL)));
    x = bin(L, IR_AND, 0, bin(L, IR_ADD, 0, x, bin(L, IR_LSHR, 0, x, ir_const(t, 4))), ir_const(t, 0x0f0f0f0f0f0f0f0fULL));
    if (w > 8) x = bin(L, IR_LSHR, 0, bin(L, IR_MUL, 0, x, ir_const(t, 0x0101010101010101ULL)), ir_const(t, w - 8));
    return x;
  }
  ir_value acc = bin(L, IR_AND, 0, x, ir_const(t, 1));
  for (unsigned i = 1; i < w; i++)
    acc = bin(L, IR_ADD, 0, acc, bin(L, IR_AND, 0, bin(L, IR_LSHR, 0, x, ir_const(t, i)), ir_const(t, 1)));
  return acc;
}

/* Count leading (lead) or trailing zeros by binary search; N for 0. */
static ir_value lower_ctz_clz(fe_lower *L, ir_value x, bool lead) {
  unsigned w = x.type.bits;
  assert(is_pow2(w)); /* the binary search halves w down to 1 */
  ir_type t = x.type;
  if (w == 1) return bin(L, IR_XOR, 0, x, ir_const(t, 1));
  ir_value n = ir_const(t, 0);
  for (unsigned s = w / 2; s >= 1; s /= 2) {
    ir_value c;
    if (lead) {
      c = cmp(L, IR_ULT, x, ir_const(t, (uint64_t)1 << (w - s))); /* top s bits zero */
    } else {
      c = cmp(L, IR_EQ, bin(L, IR_AND, 0, x, ir_const(t, ((uint64_t)1 << s) - 1)), ir_const(t, 0));
    }
    n = sel(L, c, bin(L, IR_ADD, 0, n, ir_const(t, s)), n);
    x = sel(L, c, bin(L, lead ? IR_SHL : IR_LSHR, 0, x, ir_const(t, s)), x);
  }
  /* x == 0 now only if it was 0: then n == N-1, and one more makes N */
  ir_value z = ir_inst_val(t, ir_emit_cast(&L->b, IR_ZEXT, t, cmp(L, IR_EQ, x, ir_const(t, 0)), L->loc));
  return bin(L, IR_ADD, 0, n, z);
}

/* fshl(a, b, s) = (a << s%N) | (b >> (N - s%N)), fshr the mirror; shifts
 * are split so that no shift amount reaches N. */
static ir_value lower_funnel(fe_lower *L, ir_value a, ir_value b, ir_value s, bool left) {
  ir_type t = a.type;
  unsigned w = t.bits;
  assert(is_pow2(w)); /* s % w as s & (w - 1) */
  ir_value sm = bin(L, IR_AND, 0, s, ir_const(t, w - 1));
  ir_value inv = bin(L, IR_SUB, 0, ir_const(t, w - 1), sm);
  if (left) {
    ir_value hi = bin(L, IR_SHL, 0, a, sm);
    ir_value lo = bin(L, IR_LSHR, 0, bin(L, IR_LSHR, 0, b, ir_const(t, 1)), inv);
    return bin(L, IR_OR, 0, hi, lo);
  }
  ir_value lo = bin(L, IR_LSHR, 0, b, sm);
  ir_value hi = bin(L, IR_SHL, 0, bin(L, IR_SHL, 0, a, ir_const(t, 1)), inv);
  return bin(L, IR_OR, 0, hi, lo);
}

/* ---- intrinsics ------------------------------------------------------------ */
static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static void lower_intrinsic(fe_lower *L, LLVMValueRef inst, LLVMValueRef fn, unsigned nargs) {
  size_t len = 0;
  const char *raw = LLVMGetValueName2(fn, &len);
  char *name = xstrndup(raw ? raw : "", len);
  ir_type pt = L->pty, st = ir_type_int(L->pbits);
  ir_value a[4];
  for (unsigned i = 0; i < 4; i++) a[i] = ir_undef_val(ir_type_int(32));

  if (starts(name, "llvm.dbg.") || starts(name, "llvm.lifetime.") || starts(name, "llvm.donothing") ||
      starts(name, "llvm.experimental.noalias.scope.decl") || starts(name, "llvm.var.annotation") ||
      starts(name, "llvm.prefetch") || starts(name, "llvm.sideeffect") || starts(name, "llvm.codeview.")) {
    goto done; /* no meaning for the program */
  }
  if (starts(name, "llvm.va_start") || starts(name, "llvm.va_copy") || starts(name, "llvm.va_end")) {
    fe_unsupported(L, "variadic function definition");
    goto done;
  }
  if (starts(name, "llvm.assume")) {
    fe_give_up(L, inst, "llvm.assume");
    goto done;
  }
  bool ovf = strstr(name, ".with.overflow.") != NULL;
  const char *why = ovf ? NULL : fe_type_problem(L, inst);
  if (ovf) {
    for (unsigned i = 0; i < nargs && !why; i++) fe_type(L, LLVMTypeOf(LLVMGetOperand(inst, i)), &why);
  }
  if (why) {
    fe_give_up(L, inst, why);
    goto done;
  }
  for (unsigned i = 0; i < nargs && i < 4; i++) a[i] = fe_val(L, LLVMGetOperand(inst, i));

  if (starts(name, "llvm.memcpy.") || starts(name, "llvm.memmove.") || starts(name, "llvm.memset.")) {
    bool set = starts(name, "llvm.memset.");
    ir_builtin bk = set ? IR_BUILTIN_MEMSET : starts(name, "llvm.memcpy.") ? IR_BUILTIN_MEMCPY : IR_BUILTIN_MEMMOVE;
    ir_type ps[3] = {pt, set ? ir_type_int(32) : pt, st};
    ir_value args[3] = {a[0], a[1], fe_to_ptr_width(L, a[2], false)};
    if (set && a[1].type.kind == IR_TY_INT && a[1].type.bits < 32) {
      args[1] = a[1].kind == IR_VAL_CONST ? ir_const(ir_type_int(32), a[1].imm)
                                          : ir_inst_val(ir_type_int(32), ir_emit_cast(&L->b, IR_ZEXT, ir_type_int(32), a[1], L->loc));
    }
    call_builtin(L, bk, pt, 3, ps, args);
  } else if (ovf) {
    static const struct { const char *p; ir_opcode op; ir_ovf k; } tab[] = {
        {"llvm.sadd.", IR_ADD, IR_OVF_SADD}, {"llvm.uadd.", IR_ADD, IR_OVF_UADD},
        {"llvm.ssub.", IR_SUB, IR_OVF_SSUB}, {"llvm.usub.", IR_SUB, IR_OVF_USUB},
        {"llvm.smul.", IR_MUL, IR_OVF_SMUL}, {"llvm.umul.", IR_MUL, IR_OVF_UMUL}};
    unsigned k = 0;
    while (k < 6 && !starts(name, tab[k].p)) k++;
    if (k == 6 || nargs != 2 || a[0].type.kind != IR_TY_INT || !ir_type_eq(a[0].type, a[1].type)) {
      fe_give_up(L, inst, "aggregate value (struct/array in register)");
      goto done;
    }
    uint32_t r = ir_emit_binary(&L->b, tab[k].op, 0, a[0], a[1], L->loc);
    ir_inst o = {0};
    o.op = IR_OVERFLOW;
    o.pred = (uint8_t)tab[k].k;
    o.type = ir_type_int(1);
    o.callee = IR_NONE;
    o.loc = L->loc;
    o.nops = 2;
    o.ops = a;
    uint32_t ov = ir_build_emit(&L->b, &o);
    ir_value pair[2] = {ir_inst_val(a[0].type, r), ir_inst_val(ir_type_int(1), ov)};
    ir_build_inst(&L->b, r)->name = fe_name(L, inst);
    fe_set_split(L, inst, pair, 2); /* {result, overflowed}: a split value */
  } else if (starts(name, "llvm.smax.") || starts(name, "llvm.smin.") || starts(name, "llvm.umax.") ||
             starts(name, "llvm.umin.")) {
    ir_pred p = starts(name, "llvm.smax.") ? IR_SGT : starts(name, "llvm.smin.") ? IR_SLT
              : starts(name, "llvm.umax.") ? IR_UGT : IR_ULT;
    fe_set_result(L, inst, ir_emit_select(&L->b, cmp(L, p, a[0], a[1]), a[0], a[1], L->loc));
  } else if (starts(name, "llvm.abs.")) {
    bool poison = a[1].kind == IR_VAL_CONST && a[1].imm;
    ir_value neg = bin(L, IR_SUB, poison ? IR_NSW : 0, ir_const(a[0].type, 0), a[0]);
    fe_set_result(L, inst, ir_emit_select(&L->b, cmp(L, IR_SLT, a[0], ir_const(a[0].type, 0)), neg, a[0], L->loc));
  } else if (starts(name, "llvm.expect.")) {
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, a[0].type, a[0], L->loc));
  } else if (strcmp(name, "llvm.trap") == 0 || strcmp(name, "llvm.debugtrap") == 0 ||
             strcmp(name, "llvm.ubsantrap") == 0) {
    call_builtin(L, IR_BUILTIN_TRAP, ir_type_void(), 0, NULL, NULL);
  } else if (starts(name, "llvm.objectsize.")) {
    /* __builtin_object_size: (ptr, i1 min, i1 null_unknown, i1 dynamic).
     * LangRef: the size is "unknown" when it cannot be determined, -1
     * with min false and 0 with min true, and the compiler may always give
     * that answer, so it is a sound model of every compilation. The exact
     * size would decide _FORTIFY_SOURCE's checks like one compiler; with
     * "unknown" they pass, and the memory model still reports the access
     * they guard when it is out of bounds. */
    const char *tw = NULL;
    ir_type rt = fe_type(L, LLVMTypeOf(inst), &tw);
    bool min = a[1].kind == IR_VAL_CONST && (a[1].imm & 1);
    if (tw || rt.kind != IR_TY_INT) {
      fe_give_up(L, inst, tw ? tw : "llvm.objectsize of a non-integer type");
      goto done;
    }
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, rt, ir_const(rt, min ? 0 : ir_mask(rt.bits)), L->loc));
  } else if (strcmp(name, "llvm.stacksave") == 0) {
    fe_set_result(L, inst, call_builtin(L, IR_BUILTIN_STACKSAVE, pt, 0, NULL, NULL));
  } else if (strcmp(name, "llvm.stackrestore") == 0) {
    call_builtin(L, IR_BUILTIN_STACKRESTORE, ir_type_void(), 1, &pt, a);
  } else if (starts(name, "llvm.bswap.") && a[0].type.bits % 16 == 0) {
    ir_value r = lower_bswap(L, a[0]);
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc));
  } else if (starts(name, "llvm.ctpop.")) {
    ir_value r = lower_ctpop(L, a[0]);
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc));
  } else if ((starts(name, "llvm.ctlz.") || starts(name, "llvm.cttz.")) && is_pow2(a[0].type.bits)) {
    ir_value r = lower_ctz_clz(L, a[0], starts(name, "llvm.ctlz."));
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc));
  } else if ((starts(name, "llvm.fshl.") || starts(name, "llvm.fshr.")) && is_pow2(a[0].type.bits)) {
    ir_value r = lower_funnel(L, a[0], a[1], a[2], starts(name, "llvm.fshl."));
    fe_set_result(L, inst, ir_emit_cast(&L->b, IR_COPY, r.type, r, L->loc));
  } else if (fe_lower_float_intrinsic(L, inst, name, a, nargs)) {
    /* lowered */
  } else {
    /* strip the type suffixes for a stable reason: llvm.foo.i32 -> llvm.foo */
    char *what = xasprintf("intrinsic '%s'", name);
    fe_give_up(L, inst, what);
    free(what);
  }
done:
  free(name);
}

/* ---- calls ------------------------------------------------------------------- */
static bool is_thread_function(const char *n) {
  return starts(n, "pthread_") || starts(n, "__VERIFIER_atomic") || starts(n, "thrd_") || starts(n, "mtx_") ||
         starts(n, "cnd_");
}

static bool is_setjmp_function(const char *n) {
  static const char *const names[] = {"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp",
                                      "_longjmp", "siglongjmp", "__longjmp_chk", NULL};
  for (int i = 0; names[i]; i++)
    if (strcmp(n, names[i]) == 0) return true;
  return false;
}

/* byval: the callee owns a copy of the pointed-to object. */
static ir_value byval_copy(fe_lower *L, LLVMValueRef inst, LLVMValueRef fn, unsigned i, ir_value arg) {
  if (!L->kind_byval || arg.type.kind != IR_TY_PTR) return arg;
  LLVMAttributeRef attr = LLVMGetCallSiteEnumAttribute(inst, i + 1, L->kind_byval);
  if (!attr && fn && LLVMIsAFunction(fn) && i < LLVMCountParams(fn))
    attr = LLVMGetEnumAttributeAtIndex(fn, i + 1, L->kind_byval);
  if (!attr) return arg;
  LLVMTypeRef bt = LLVMGetTypeAttributeValue(attr);
  if (!bt || !LLVMTypeIsSized(bt)) {
    fe_unsupported(L, "byval argument without type");
    return arg;
  }
  uint64_t size = LLVMABISizeOfType(L->td, bt);
  unsigned align = LLVMABIAlignmentOfType(L->td, bt);
  assert(i < LLVMGetNumArgOperands(inst));
  uint64_t base;
  ir_value tmp;
  if (fe_map_get(&L->call_tmps, inst, &base) && L->valtab.data[base + 1 + i].kind == IR_VAL_INST)
    tmp = L->valtab.data[base + 1 + i]; /* allocated in the entry block */
  else
    tmp = ir_inst_val(L->pty, ir_emit_alloca(&L->b, size, ir_const(ir_type_int(32), 1), align, L->loc));
  ir_type ps[3] = {L->pty, L->pty, ir_type_int(L->pbits)};
  ir_value args[3] = {tmp, arg, ir_const(ir_type_int(L->pbits), size)};
  call_builtin(L, IR_BUILTIN_MEMCPY, L->pty, 3, ps, args);
  return tmp;
}

/* A call of function fid, which has no body, by the user's convention
 * (fe_undefined): an IR_ASM with IR_ASM_EXTERN_CALL whose result is
 * arbitrary; with FE_UNDEFINED_HAVOC its pointer arguments are its operands
 * (it may write what they reach). A result split over registers has no such
 * form: false, and the call stays unsupported. */
static bool lower_undefined_call(fe_lower *L, LLVMValueRef inst, uint32_t fid, unsigned nargs) {
  LLVMTypeRef rty = LLVMGetReturnType(LLVMGetCalledFunctionType(inst));
  if (fe_is_split(L, rty)) return false;
  const char *why = NULL;
  ir_type rt = fe_type(L, rty, &why);
  if (why) return false;
  bool writes = L->opt->undefined == FE_UNDEFINED_HAVOC;
  VEC(ir_value) ops = {0};
  for (unsigned i = 0; writes && i < nargs; i++) {
    LLVMValueRef a = LLVMGetOperand(inst, i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) VEC_PUSH(ops, fe_val(L, a));
  }
  uint32_t id = fe_emit_extern_call(L, rt, fid, writes, (uint32_t)ops.len, ops.data);
  VEC_FREE(ops);
  if (rt.kind != IR_TY_VOID) fe_set_result(L, inst, id);
  return true;
}

static void lower_call(fe_lower *L, LLVMValueRef inst) {
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  unsigned nargs = LLVMGetNumArgOperands(inst);
  LLVMTypeRef fty = LLVMGetCalledFunctionType(inst);
  const char *why_ret;
  ir_type rt = fe_type(L, LLVMGetReturnType(fty), &why_ret);
  if (LLVMIsAInlineAsm(callee)) {
    fe_lower_asm(L, inst);
    return;
  }
  LLVMValueRef fn = fe_strip_casts(callee);
  if (LLVMIsAFunction(fn) && LLVMGetIntrinsicID(fn)) {
    lower_intrinsic(L, inst, fn, nargs);
    return;
  }
  if (!LLVMIsAFunction(fn)) fn = NULL;

  if (fn) {
    size_t len = 0;
    const char *raw = LLVMGetValueName2(fn, &len);
    char *name = xstrndup(raw ? raw : "", len);
    char *what = NULL;
    uint32_t id = fe_func_id(L, fn);
    const ir_func *f = &L->m->funcs.data[id];
    bool body = id < L->will_define.len && L->will_define.data[id];
    if (!body && f->builtin == IR_BUILTIN_NONE &&
        (fe_lower_libm_call(L, inst, name) || fe_lower_atomic_call(L, inst, name))) {
      free(name);
      return;
    }
    if (is_thread_function(name)) what = xasprintf("threads (%s)", name);
    else if (is_setjmp_function(name)) what = xstrdup("setjmp/longjmp");
    else if (!body && f->builtin == IR_BUILTIN_NONE && L->opt->undefined != FE_UNDEFINED_UNSUPPORTED &&
             lower_undefined_call(L, inst, id, nargs)) {
      free(name);
      return;
    } else if (!body && f->builtin == IR_BUILTIN_NONE) what = xasprintf("call to undefined function '%s'", name);
    if (what && fe_unsupported(L, what) && !body && f->builtin == IR_BUILTIN_NONE && !is_thread_function(name) &&
        !is_setjmp_function(name))
      L->m->unsupported.data[L->m->unsupported.len - 1].undefined_call = true;
    free(what);
    free(name);
  }

  /* ops[0]: callee slot (indirect); then the hidden result pointer when
   * the result is split; then the arguments, split ones leaf by leaf. */
  LLVMTypeRef rty = LLVMGetReturnType(fty);
  bool rsplit = fe_is_split(L, rty);
  VEC(ir_value) ops = {0};
  VEC_PUSH(ops, ir_undef_val(L->pty));
  ir_value tmp = ir_undef_val(L->pty);
  if (rsplit) {
    uint64_t base;
    if (fe_map_get(&L->call_tmps, inst, &base) && L->valtab.data[base].kind == IR_VAL_INST)
      tmp = L->valtab.data[base];
    else
      tmp = ir_inst_val(L->pty, ir_emit_alloca(&L->b, LLVMABISizeOfType(L->td, rty), ir_const(ir_type_int(32), 1),
                                               LLVMABIAlignmentOfType(L->td, rty), L->loc));
    VEC_PUSH(ops, tmp);
    why_ret = NULL;
    fe_leaf lv[FE_MAX_LEAVES];
    fe_leaves(L, rty, lv, &why_ret);
    rt = ir_type_void();
  }
  const char *why_args = NULL;
  bool split_args = rsplit;
  for (unsigned i = 0; i < nargs; i++) {
    LLVMValueRef a = LLVMGetOperand(inst, i);
    const char *w = NULL;
    if (fe_is_split(L, LLVMTypeOf(a))) {
      ir_value vals[FE_MAX_LEAVES];
      fe_leaf lv[FE_MAX_LEAVES];
      unsigned k = fe_leaves(L, LLVMTypeOf(a), lv, &w);
      fe_split_val(L, a, vals);
      for (unsigned j = 0; j < k; j++) VEC_PUSH(ops, vals[j]);
      split_args = true;
    } else {
      fe_type(L, LLVMTypeOf(a), &w);
      VEC_PUSH(ops, byval_copy(L, inst, fn, i, fe_val(L, a)));
    }
    if (w && !why_args) why_args = w;
  }
  if (why_ret) fe_unsupported(L, why_ret);
  if (why_args && why_args != why_ret) fe_unsupported(L, why_args);
  assert(!rsplit || rt.kind == IR_TY_VOID); /* a split result comes back through the hidden pointer */
  uint32_t nops = (uint32_t)ops.len - 1;

  uint32_t id = IR_NONE;
  if (fn) {
    uint32_t fid = fe_func_id(L, fn);
    const ir_func *f = &L->m->funcs.data[fid];
    if (split_args && !(fid < L->will_define.len && L->will_define.data[fid]))
      fe_unsupported(L, "aggregate value (struct/array in register)"); /* no convention for library code */
    bool ok = nops >= f->nparams && (nops == f->nparams || f->variadic) &&
              (ir_type_eq(f->ret, rt) || rt.kind == IR_TY_VOID);
    for (unsigned i = 0; ok && i < f->nparams; i++) ok = ir_type_eq(ops.data[i + 1].type, f->params[i]);
    if (ok) id = ir_emit_call(&L->b, fid, f->ret, nops, ops.data + 1, L->loc);
    else ops.data[0] = ir_func_val(L->pty, fid); /* K&R mismatch: call through the address */
  } else {
    ops.data[0] = fe_val(L, callee);
    if (ops.data[0].type.kind != IR_TY_PTR) ops.data[0] = ir_undef_val(L->pty);
  }
  if (id == IR_NONE) id = ir_emit_call(&L->b, IR_NONE, rt, nops + 1, ops.data, L->loc);
  VEC_FREE(ops);
  if (rsplit) {
    fe_leaf lv[FE_MAX_LEAVES];
    ir_value vals[FE_MAX_LEAVES];
    const char *w;
    unsigned k = fe_leaves(L, rty, lv, &w);
    fe_load_leaves(L, tmp, lv, vals, k, LLVMABIAlignmentOfType(L->td, rty));
    fe_set_split(L, inst, vals, k);
  } else if (rt.kind != IR_TY_VOID) {
    if (ir_type_eq(ir_build_inst(&L->b, id)->type, rt)) fe_set_result(L, inst, id);
    else fe_set_val(L, inst, ir_undef_val(rt));
  }
}

/* ---- instructions -------------------------------------------------------------- */
static void lower_phi(fe_lower *L, LLVMValueRef inst) {
  const char *why;
  ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
  if (why) {
    fe_give_up(L, inst, why);
    return;
  }
  unsigned n = LLVMCountIncoming(inst);
  ir_value *ops = xcalloc(n ? n : 1, sizeof *ops);
  uint32_t *targets = xcalloc(n ? n : 1, sizeof *targets);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    uint64_t blk;
    if (!fe_map_get(&L->blocks, LLVMGetIncomingBlock(inst, i), &blk)) continue; /* dead edge */
    targets[k] = (uint32_t)blk;
    ops[k] = as_type(fe_val(L, LLVMGetIncomingValue(inst, i)), t);
    k++;
  }
  assert(k <= n);
  ir_inst p = {0};
  p.op = IR_PHI;
  p.type = t;
  p.callee = IR_NONE;
  p.loc = L->loc;
  p.nops = p.ntargets = k;
  p.ops = ops;
  p.targets = targets;
  fe_set_result(L, inst, ir_build_emit(&L->b, &p));
  free(ops);
  free(targets);
}

static void lower_switch(fe_lower *L, LLVMValueRef inst) {
  bool wide = fe_is_split(L, LLVMTypeOf(LLVMGetOperand(inst, 0)));
  ir_value c = wide ? fe_wide_switch_index(L, inst) : fe_val(L, LLVMGetOperand(inst, 0));
  unsigned ns = LLVMGetNumSuccessors(inst);
  if (c.type.kind != IR_TY_INT || ns == 0) {
    fe_unsupported(L, "switch on a non-integer");
    ir_emit_unreachable(&L->b, L->loc);
    return;
  }
  /* operands: cond, default, (value, dest)* */
  assert(LLVMGetNumOperands(inst) == (int)(2 * ns));
  uint32_t *targets = xcalloc(ns, sizeof *targets);
  uint64_t *cases = xcalloc(ns, sizeof *cases);
  targets[0] = block_of(L, LLVMGetSwitchDefaultDest(inst));
  for (unsigned i = 1; i < ns; i++) {
    targets[i] = block_of(L, LLVMGetSuccessor(inst, i));
    LLVMValueRef v = LLVMGetOperand(inst, 2 * i); /* operands: cond, default, (value, dest)* */
    cases[i - 1] = wide ? i : LLVMIsAConstantInt(v) ? ir_const(c.type, LLVMConstIntGetZExtValue(v)).imm : 0;
  }
  ir_inst s = {0};
  s.op = IR_SWITCH;
  s.type = ir_type_void();
  s.callee = IR_NONE;
  s.loc = L->loc;
  s.nops = 1;
  s.ops = &c;
  s.ntargets = ns;
  s.targets = targets;
  s.case_values = cases;
  ir_build_emit(&L->b, &s);
  free(targets);
  free(cases);
}

static void lower_gep(fe_lower *L, LLVMValueRef inst) {
  const char *why = fe_type_problem(L, inst);
  if (why) {
    fe_give_up(L, inst, why);
    return;
  }
  ir_value base = fe_val(L, LLVMGetOperand(inst, 0));
  int64_t cst;
  ir_value var;
  bool hv;
  if (!fe_gep_offset(L, inst, true, &cst, &var, &hv)) {
    fe_give_up(L, inst, "unsupported getelementptr");
    return;
  }
  if (!hv && cst == 0) {
    fe_set_val(L, inst, base); /* no arithmetic: the base pointer itself */
    return;
  }
  ir_type it = ir_type_int(L->pbits);
  ir_value off = ir_const(it, (uint64_t)cst);
  if (hv) off = cst ? bin(L, IR_ADD, 0, var, off) : var;
  fe_set_result(L, inst, ir_emit_ptradd(&L->b, LLVMIsInBounds(inst) ? IR_INBOUNDS : 0, base, off, L->loc));
}

static bool involves_split(fe_lower *L, LLVMValueRef inst) {
  if (fe_is_split(L, LLVMTypeOf(inst))) return true;
  int n = LLVMGetNumOperands(inst);
  for (int i = 0; i < n; i++)
    if (fe_is_split(L, LLVMTypeOf(LLVMGetOperand(inst, (unsigned)i)))) return true;
  return false;
}

void fe_lower_inst(fe_lower *L, LLVMValueRef inst) {
  ir_builder *b = &L->b;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  const char *why;
  assert(L->in_func && b->cur_block != IR_NONE);
  if (op == LLVMFence || op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
    fe_lower_atomic(L, inst); /* before the split rule: cmpxchg's result is a pair */
    return;
  }
  if (op != LLVMCall && op != LLVMRet && op != LLVMSwitch && involves_split(L, inst)) {
    fe_lower_split_inst(L, inst);
    return;
  }
  switch (op) {
  /* terminators */
  case LLVMRet: {
    const ir_func *f = &L->m->funcs.data[b->func];
    if (LLVMGetNumOperands(inst) == 1 && fe_is_split(L, LLVMTypeOf(LLVMGetOperand(inst, 0)))) {
      /* split result: store the leaves through the hidden pointer */
      fe_leaf lv[FE_MAX_LEAVES];
      ir_value vals[FE_MAX_LEAVES];
      LLVMValueRef v = LLVMGetOperand(inst, 0);
      unsigned k = fe_leaves(L, LLVMTypeOf(v), lv, &why);
      fe_split_val(L, v, vals);
      fe_store_leaves(L, L->ret_ptr, lv, vals, k, LLVMABIAlignmentOfType(L->td, LLVMTypeOf(v)));
      ir_emit_ret(b, NULL, L->loc);
      return;
    }
    if (f->ret.kind == IR_TY_VOID || LLVMGetNumOperands(inst) == 0) {
      if (f->ret.kind == IR_TY_VOID) {
        ir_emit_ret(b, NULL, L->loc);
      } else {
        ir_value u = ir_undef_val(f->ret);
        ir_emit_ret(b, &u, L->loc);
      }
      return;
    }
    ir_type rt = f->ret;
    ir_value v = as_type(fe_val(L, LLVMGetOperand(inst, 0)), rt);
    ir_emit_ret(b, &v, L->loc);
    return;
  }
  case LLVMBr:
    if (LLVMIsConditional(inst)) {
      ir_value c = as_type(fe_val(L, LLVMGetCondition(inst)), ir_type_int(1));
      ir_emit_condbr(b, c, block_of(L, LLVMGetSuccessor(inst, 0)), block_of(L, LLVMGetSuccessor(inst, 1)), L->loc);
    } else {
      ir_emit_br(b, block_of(L, LLVMGetSuccessor(inst, 0)), L->loc);
    }
    return;
  case LLVMSwitch: lower_switch(L, inst); return;
  case LLVMUnreachable: ir_emit_unreachable(b, L->loc); return;
  case LLVMIndirectBr:
    fe_unsupported(L, "indirect branch (computed goto)");
    ir_emit_unreachable(b, L->loc);
    return;
  case LLVMInvoke:
  case LLVMResume:
  case LLVMCleanupRet:
  case LLVMCatchRet:
  case LLVMCatchSwitch:
    fe_give_up(L, inst, "exception handling");
    ir_emit_unreachable(b, L->loc);
    return;
  case LLVMCallBr:
    fe_give_up(L, inst, "inline asm goto");
    ir_emit_unreachable(b, L->loc);
    return;

  /* arithmetic */
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor: {
    if ((why = fe_type_problem(L, inst))) break;
    assert(LLVMGetNumOperands(inst) == 2);
    ir_value x = fe_val(L, LLVMGetOperand(inst, 0));
    ir_value y = fe_val(L, LLVMGetOperand(inst, 1));
    ir_opcode io = IR_XOR;
    bool is_bin = fe_binop(op, &io); /* op is one of the binary opcodes (the case labels above) */
    assert(is_bin);
    (void)is_bin;
    unsigned flags = fe_inst_flags(inst);
    if (op == LLVMShl) { /* the C signedness, where the front end learnt it (fe_options.shift_signs) */
      fe_shift_sign sign = fe_shift_sign_of(L->ctx, inst);
      if (sign == FE_SHL_SIGNED) flags |= IR_NSW;
      else if (sign == FE_SHL_UNSIGNED && !(flags & IR_NSW)) flags |= IR_UNSIGNED_SHL;
    }
    fe_set_result(L, inst, ir_emit_binary(b, io, flags, x, as_type(y, x.type), L->loc));
    return;
  }
  case LLVMFNeg: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFCmp:
  case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
    fe_lower_float_inst(L, inst);
    return;
  case LLVMICmp: {
    if ((why = fe_type_problem(L, inst))) break;
    assert(LLVMGetNumOperands(inst) == 2);
    ir_value x = fe_val(L, LLVMGetOperand(inst, 0));
    ir_value y = as_type(fe_val(L, LLVMGetOperand(inst, 1)), x.type);
    fe_set_result(L, inst, ir_emit_icmp(b, fe_pred(LLVMGetICmpPredicate(inst)), x, y, L->loc));
    return;
  }
  case LLVMSelect: {
    if ((why = fe_type_problem(L, inst))) break;
    assert(LLVMGetNumOperands(inst) == 3);
    ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
    ir_value c = as_type(fe_val(L, LLVMGetOperand(inst, 0)), ir_type_int(1));
    ir_value x = as_type(fe_val(L, LLVMGetOperand(inst, 1)), t);
    ir_value y = as_type(fe_val(L, LLVMGetOperand(inst, 2)), t);
    fe_set_result(L, inst, ir_emit_select(b, c, x, y, L->loc));
    return;
  }
  case LLVMPHI: lower_phi(L, inst); return;

  /* casts */
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast:
  case LLVMFreeze: {
    if ((why = fe_type_problem(L, inst))) break;
    ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
    ir_value x = fe_val(L, LLVMGetOperand(inst, 0));
    ir_opcode io = op == LLVMTrunc ? IR_TRUNC : op == LLVMZExt ? IR_ZEXT : op == LLVMSExt ? IR_SEXT
                 : op == LLVMPtrToInt ? IR_PTRTOINT : op == LLVMIntToPtr ? IR_INTTOPTR : IR_COPY;
    if (io == IR_COPY && !ir_type_eq(x.type, t)) {
      why = "bitcast between different types";
      break;
    }
    fe_set_result(L, inst, ir_emit_cast(b, io, t, x, L->loc));
    return;
  }
  case LLVMAddrSpaceCast: why = "addrspacecast"; break;

  /* memory */
  case LLVMAlloca: {
    LLVMTypeRef at = LLVMGetAllocatedType(inst);
    if (!LLVMTypeIsSized(at)) {
      why = "alloca of an unsized type";
      break;
    }
    ir_value n = fe_val(L, LLVMGetOperand(inst, 0));
    if (n.type.kind != IR_TY_INT) n = ir_const(ir_type_int(32), 1);
    fe_set_result(L, inst, ir_emit_alloca(b, LLVMABISizeOfType(L->td, at), n, LLVMGetAlignment(inst), L->loc));
    return;
  }
  case LLVMLoad: {
    if ((why = fe_type_problem(L, inst))) break;
    ir_type t = fe_type(L, LLVMTypeOf(inst), &why);
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) fe_note_atomic(L); /* a plain load */
    ir_value p = fe_val(L, LLVMGetOperand(inst, 0));
    uint32_t id = ir_emit_load(b, t, p, LLVMGetAlignment(inst), L->loc);
    if (LLVMGetVolatile(inst)) ir_build_inst(b, id)->flags |= IR_VOLATILE;
    fe_set_result(L, inst, id);
    return;
  }
  case LLVMStore: {
    if ((why = fe_type_problem(L, inst))) break;
    assert(LLVMGetNumOperands(inst) == 2);
    if (LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic) fe_note_atomic(L); /* a plain store */
    ir_value v = fe_val(L, LLVMGetOperand(inst, 0));
    ir_value p = fe_val(L, LLVMGetOperand(inst, 1));
    uint32_t id = ir_emit_store(b, v, p, LLVMGetAlignment(inst), L->loc);
    if (LLVMGetVolatile(inst)) ir_build_inst(b, id)->flags |= IR_VOLATILE;
    return;
  }
  case LLVMGetElementPtr: lower_gep(L, inst); return;

  case LLVMCall: lower_call(L, inst); return;

  case LLVMExtractValue:
  case LLVMInsertValue: why = "aggregate value (struct/array in register)"; break;
  case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector: why = "vector"; break;
  case LLVMVAArg: why = "va_arg"; break;
  case LLVMLandingPad: case LLVMCleanupPad: case LLVMCatchPad: why = "exception handling"; break;
  default: why = "unsupported instruction"; break;
  }
  fe_give_up(L, inst, why);
}
