/* lower_atomic: C11 atomics with their sequential meaning.
 *
 * Contract: bitprove verifies single-threaded programs, where an atomic
 * operation means what the same operation without atomicity means (no other
 * thread can interleave). So:
 *  - `load atomic` / `store atomic` are plain loads and stores (lower_inst.c,
 *    lower_split.c; same width, same checks);
 *  - `fence` is nothing;
 *  - `atomicrmw OP p, v` loads old from p, stores `old OP v` to p, and its
 *    result is old. The arithmetic wraps (C11 7.17.7.5: atomic arithmetic on
 *    signed types is two's complement without undefined behaviour), so no
 *    nsw/nuw; fadd/fsub on float and double are IR_FADD/IR_FSUB;
 *  - `cmpxchg p, cmp, new` loads old from p, stores `old == cmp ? new : old`
 *    to p (a failing exchange writes back the value that is there: the same
 *    memory for one thread, and the location is a checked access either way)
 *    and its result {old, old == cmp} is a split value (lower_split.c), which
 *    extractvalue takes apart. A weak exchange never fails spuriously here,
 *    as on x86 (the assumption says so).
 * The generic library functions clang calls for objects no instruction
 * fits (__atomic_load/store/exchange/compare_exchange with a size) are the
 * same reading as byte copies (memmove) and a memcmp. Every atomic
 * operation lowered counts in ir_module.atomics (weak exchanges
 * also in atomics_weak), from which the driver states the assumption. What
 * has no sequential form here (atomicrmw on an integer wider than 64 bits or
 * on a pointer with arithmetic) is reported by name.
 */
#include "fe_internal.h"

#include <assert.h>
#include <string.h>

void fe_note_atomic(fe_lower *L) { L->m->atomics++; }

static ir_value bin(fe_lower *L, ir_opcode op, ir_value x, ir_value y) {
  assert(x.type.kind == IR_TY_INT && ir_type_eq(x.type, y.type));
  return ir_inst_val(x.type, ir_emit_binary(&L->b, op, 0, x, y, L->loc));
}

static ir_value pick(fe_lower *L, ir_pred p, ir_value x, ir_value y) {
  ir_value c = ir_inst_val(ir_type_int(1), ir_emit_icmp(&L->b, p, x, y, L->loc));
  return ir_inst_val(x.type, ir_emit_select(&L->b, c, x, y, L->loc));
}

/* The name an unsupported atomicrmw is reported by. */
static const char *rmw_name(LLVMAtomicRMWBinOp k) {
  static const char *const names[] = {"xchg", "add", "sub", "and", "nand", "or",
                                      "xor", "max", "min", "umax", "umin", "fadd", "fsub"};
  return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

/* Has OP a meaning at type t? Arithmetic needs an integer (a float for
 * fadd/fsub: one of the two formats). */
static bool rmw_supported(LLVMAtomicRMWBinOp k, ir_type t) {
  if (k == LLVMAtomicRMWBinOpXchg) return true;
  if (t.kind != IR_TY_INT) return false;
  if (k == LLVMAtomicRMWBinOpFAdd || k == LLVMAtomicRMWBinOpFSub) return ir_float_width_ok(t.bits);
  return k <= LLVMAtomicRMWBinOpUMin;
}

/* old OP v (rmw_supported). */
static ir_value rmw_value(fe_lower *L, LLVMAtomicRMWBinOp k, ir_value old, ir_value v) {
  switch (k) {
  case LLVMAtomicRMWBinOpXchg: return v;
  case LLVMAtomicRMWBinOpAdd: return bin(L, IR_ADD, old, v);
  case LLVMAtomicRMWBinOpSub: return bin(L, IR_SUB, old, v);
  case LLVMAtomicRMWBinOpAnd: return bin(L, IR_AND, old, v);
  case LLVMAtomicRMWBinOpNand: return bin(L, IR_XOR, bin(L, IR_AND, old, v), ir_const(old.type, ~(uint64_t)0));
  case LLVMAtomicRMWBinOpOr: return bin(L, IR_OR, old, v);
  case LLVMAtomicRMWBinOpXor: return bin(L, IR_XOR, old, v);
  case LLVMAtomicRMWBinOpMax: return pick(L, IR_SGT, old, v);
  case LLVMAtomicRMWBinOpMin: return pick(L, IR_SLT, old, v);
  case LLVMAtomicRMWBinOpUMax: return pick(L, IR_UGT, old, v);
  case LLVMAtomicRMWBinOpUMin: return pick(L, IR_ULT, old, v);
  case LLVMAtomicRMWBinOpFAdd: return bin(L, IR_FADD, old, v);
  case LLVMAtomicRMWBinOpFSub: return bin(L, IR_FSUB, old, v);
  }
  assert(!"rmw_supported said yes");
  return v;
}

/* The plain load and store of an atomic read-modify-write; volatile is kept. */
static uint32_t load_of(fe_lower *L, LLVMValueRef inst, ir_type t, ir_value p) {
  uint32_t id = ir_emit_load(&L->b, t, p, LLVMGetAlignment(inst), L->loc);
  if (LLVMGetVolatile(inst)) ir_build_inst(&L->b, id)->flags |= IR_VOLATILE;
  return id;
}

static void store_of(fe_lower *L, LLVMValueRef inst, ir_value v, ir_value p) {
  uint32_t id = ir_emit_store(&L->b, v, p, LLVMGetAlignment(inst), L->loc);
  if (LLVMGetVolatile(inst)) ir_build_inst(&L->b, id)->flags |= IR_VOLATILE;
}

static void lower_rmw(fe_lower *L, LLVMValueRef inst) {
  LLVMAtomicRMWBinOp k = LLVMGetAtomicRMWBinOp(inst);
  char what[40];
  snprintf(what, sizeof what, "atomicrmw %s", rmw_name(k));
  const char *why = fe_is_split(L, LLVMTypeOf(inst)) ? "wide" : fe_type_problem(L, inst);
  ir_type t = why ? ir_type_void() : fe_type(L, LLVMTypeOf(inst), &why);
  if (why || !rmw_supported(k, t)) {
    fe_give_up(L, inst, what);
    return;
  }
  ir_value p = fe_val(L, LLVMGetOperand(inst, 0)), v = fe_val(L, LLVMGetOperand(inst, 1));
  assert(ir_type_eq(v.type, t) && p.type.kind == IR_TY_PTR);
  uint32_t old = load_of(L, inst, t, p);
  store_of(L, inst, rmw_value(L, k, ir_inst_val(t, old), v), p);
  fe_set_result(L, inst, old);
  fe_note_atomic(L);
}

static void lower_cmpxchg(fe_lower *L, LLVMValueRef inst) {
  LLVMValueRef cmp = LLVMGetOperand(inst, 1);
  const char *why = NULL;
  ir_type t = fe_type(L, LLVMTypeOf(cmp), &why);
  if (why || fe_is_split(L, LLVMTypeOf(cmp)) || !fe_is_split(L, LLVMTypeOf(inst))) {
    fe_give_up(L, inst, "cmpxchg");
    return;
  }
  ir_value p = fe_val(L, LLVMGetOperand(inst, 0)), c = fe_val(L, cmp), n = fe_val(L, LLVMGetOperand(inst, 2));
  assert(ir_type_eq(c.type, t) && ir_type_eq(n.type, t) && p.type.kind == IR_TY_PTR);
  ir_value old = ir_inst_val(t, load_of(L, inst, t, p));
  ir_value eq = ir_inst_val(ir_type_int(1), ir_emit_icmp(&L->b, IR_EQ, old, c, L->loc));
  store_of(L, inst, ir_inst_val(t, ir_emit_select(&L->b, eq, n, old, L->loc)), p);
  ir_value pair[2] = {old, eq};
  ir_build_inst(&L->b, old.id)->name = fe_name(L, inst);
  fe_set_split(L, inst, pair, 2); /* {old, success}, as with.overflow's pair */
  fe_note_atomic(L);
  if (LLVMGetWeak(inst)) L->m->atomics_weak++;
}

void fe_lower_atomic(fe_lower *L, LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMFence: fe_note_atomic(L); return; /* orders nothing in one thread */
  case LLVMAtomicRMW: lower_rmw(L, inst); return;
  case LLVMAtomicCmpXchg: lower_cmpxchg(L, inst); return;
  default: assert(!"not an atomic instruction"); return;
  }
}

/* ---- the generic library functions -------------------------------------------- */
/* memmove(dst, src, n): a sequential copy that also allows dst == src (a
 * failing compare-exchange copies the object onto itself). */
static void copy(fe_lower *L, ir_value dst, ir_value src, ir_value n) {
  ir_type ps[3] = {L->pty, L->pty, ir_type_int(L->pbits)};
  ir_value a[3] = {dst, src, n};
  fe_call_builtin(L, IR_BUILTIN_MEMMOVE, L->pty, 3, ps, a);
}

bool fe_lower_atomic_call(fe_lower *L, LLVMValueRef inst, const char *name) {
  static const struct {
    const char *name;
    unsigned nptrs; /* pointer arguments after the size */
    unsigned norders;
    bool result;    /* returns bool */
  } tab[] = {{"__atomic_load", 2, 1, false},
             {"__atomic_store", 2, 1, false},
             {"__atomic_exchange", 3, 1, false},
             {"__atomic_compare_exchange", 3, 2, true}};
  unsigned k = 0;
  while (k < 4 && strcmp(name, tab[k].name) != 0) k++;
  if (k == 4) return false;
  /* the prototype: (size_t, void *..., int...) -> void or bool */
  LLVMTypeRef fty = LLVMGetCalledFunctionType(inst), rty = LLVMGetReturnType(fty);
  unsigned n = 1 + tab[k].nptrs + tab[k].norders;
  if (LLVMCountParamTypes(fty) != n || LLVMGetNumArgOperands(inst) != n) return false;
  LLVMTypeRef ps[8];
  LLVMGetParamTypes(fty, ps);
  bool ok = LLVMGetTypeKind(ps[0]) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(ps[0]) == L->pbits;
  for (unsigned i = 1; i <= tab[k].nptrs; i++) ok &= LLVMGetTypeKind(ps[i]) == LLVMPointerTypeKind;
  for (unsigned i = 1 + tab[k].nptrs; i < n; i++) ok &= LLVMGetTypeKind(ps[i]) == LLVMIntegerTypeKind;
  ok &= tab[k].result ? LLVMGetTypeKind(rty) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(rty) <= 64
                      : LLVMGetTypeKind(rty) == LLVMVoidTypeKind;
  if (!ok) return false;
  ir_value a[4];
  for (unsigned i = 0; i <= tab[k].nptrs; i++) a[i] = fe_val(L, LLVMGetOperand(inst, i));
  ir_value size = a[0];
  switch (k) {
  case 0: copy(L, a[2], a[1], size); break; /* (n, src, dst) */
  case 1: copy(L, a[1], a[2], size); break; /* (n, obj, src) */
  case 2: /* (n, obj, val, ret): ret = *obj, *obj = val */
    copy(L, a[3], a[1], size);
    copy(L, a[1], a[2], size);
    break;
  case 3: { /* (n, obj, expected, desired): as cmpxchg, bytewise (C11 7.17.7.4 note 2) */
    ir_type ps[3] = {L->pty, L->pty, ir_type_int(L->pbits)};
    ir_value cargs[3] = {a[1], a[2], size};
    ir_value c = ir_inst_val(ir_type_int(32), fe_call_builtin(L, IR_BUILTIN_MEMCMP, ir_type_int(32), 3, ps, cargs));
    ir_value eq = ir_inst_val(ir_type_int(1), ir_emit_icmp(&L->b, IR_EQ, c, ir_const(c.type, 0), L->loc));
    copy(L, a[1], ir_inst_val(L->pty, ir_emit_select(&L->b, eq, a[3], a[1], L->loc)), size);
    copy(L, a[2], ir_inst_val(L->pty, ir_emit_select(&L->b, eq, a[2], a[1], L->loc)), size);
    ir_type rt = ir_type_int(LLVMGetIntTypeWidth(rty));
    uint32_t r = rt.bits == 1 ? ir_emit_cast(&L->b, IR_COPY, rt, eq, L->loc)
                              : ir_emit_cast(&L->b, IR_ZEXT, rt, eq, L->loc);
    fe_set_result(L, inst, r);
    L->m->atomics_weak++; /* the call does not say whether the source's was weak */
    break;
  }
  }
  fe_note_atomic(L);
  return true;
}
