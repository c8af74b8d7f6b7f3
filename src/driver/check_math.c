/* check_math: see check_math.h. */
#include "check_math.h"

#include <stdio.h>
#include <string.h>

#include "../ir/ir_arith.h"

#include "check_seg.h"
#include "property.h"

/* The bytes of the stack object an alloca makes, 0 when not constant. */
static uint64_t alloca_bytes(const ir_inst *a) {
  if (a->op != IR_ALLOCA || a->nops < 1 || a->ops[0].kind != IR_VAL_CONST) return 0;
  uint64_t n = a->ops[0].imm & ir_mask(a->ops[0].type.bits);
  return n && a->size <= UINT64_MAX / n ? a->size * n : 0;
}

/* Is the address p of an access of `bytes` bytes in f a global or a stack
 * variable of f plus a constant offset (ptradds of constants, off bytes so
 * far), with the access inside it? */
static bool direct_address_at(const ir_module *m, const ir_func *f, ir_value p, uint64_t off, uint64_t bytes,
                              unsigned depth) {
  uint64_t size = 0;
  if (p.kind == IR_VAL_GLOBAL) {
    if (p.id >= m->globals.len || m->globals.data[p.id].external) return false;
    uint64_t goff = p.imm & ir_mask(m->ptr_bits);
    size = m->globals.data[p.id].size;
    if (goff > size || off > size - goff) return false;
    off += goff;
  } else if (p.kind == IR_VAL_INST && p.id < f->ninsts) {
    const ir_inst *in = &f->insts[p.id];
    if (in->op == IR_PTRADD && in->nops == 2 && in->ops[1].kind == IR_VAL_CONST && depth < 8) {
      int64_t k = ir_sext(in->ops[1].imm, in->ops[1].type.bits);
      if (k < 0 || (uint64_t)k > UINT32_MAX) return false;
      return direct_address_at(m, f, in->ops[0], off + (uint64_t)k, bytes, depth + 1);
    }
    size = alloca_bytes(in);
  } else {
    return false;
  }
  return off <= size && bytes <= size - off;
}

static bool direct_address(const ir_module *m, const ir_func *f, ir_value p, uint64_t bytes) {
  return direct_address_at(m, f, p, 0, bytes, 0);
}

static bool harmless_builtin(ir_builtin b) {
  switch (b) {
  case IR_BUILTIN_NONDET: case IR_BUILTIN_ASSUME: case IR_BUILTIN_VERIFIER_ERROR: case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_ABORT: case IR_BUILTIN_EXIT: case IR_BUILTIN_TRAP:
    return true;
  default:
    return false;
  }
}

/* Does ok hold for every instruction of every function with a body? */
typedef bool (*inst_test)(const ir_module *m, const ir_func *f, const ir_inst *in, bool flag);
static bool every_inst(const ir_module *m, inst_test ok, bool flag) {
  for (size_t fi = 0; fi < m->funcs.len; fi++) {
    const ir_func *f = &m->funcs.data[fi];
    if (!f->defined) continue;
    for (uint32_t i = 0; i < f->ninsts; i++)
      if (!ok(m, f, &f->insts[i], flag)) return false;
  }
  return true;
}

static bool safe_by_syntax(const ir_module *m, const ir_func *f, const ir_inst *in, bool undefined_calls_arbitrary) {
  switch (in->op) {
  case IR_LOAD: return in->nops >= 1 && direct_address(m, f, in->ops[0], in->size);
  case IR_STORE: return in->nops >= 2 && direct_address(m, f, in->ops[1], in->size);
  case IR_CALL: {
    if (in->callee == IR_NONE || in->callee >= m->funcs.len) return false; /* indirect */
    const ir_func *g = &m->funcs.data[in->callee];
    ir_builtin b = ir_builtin_of_name(g->name);
    /* termCOMP's rule: a function without a body writes nothing */
    return g->defined || harmless_builtin(b) || (undefined_calls_arbitrary && b == IR_BUILTIN_NONE);
  }
  case IR_HAVOC: case IR_ASM: return false;
  default: return true;
  }
}

bool drv_memory_safe_by_syntax(const ir_module *m, bool undefined_calls_arbitrary) {
  return every_inst(m, safe_by_syntax, undefined_calls_arbitrary);
}

static bool not_unsigned(const ir_module *m, const ir_func *f, const ir_inst *in, bool unused) {
  (void)m, (void)f, (void)unused;
  switch (in->op) {
  case IR_ICMP:
    return !(in->ops[0].type.kind == IR_TY_INT && in->ops[0].type.bits > 1 &&
             (in->pred == IR_UGT || in->pred == IR_UGE || in->pred == IR_ULT || in->pred == IR_ULE));
  case IR_UDIV: case IR_UREM: case IR_LSHR: return false;
  case IR_ZEXT: return in->ops[0].type.bits <= 1;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_SHL: return !((in->flags & IR_NUW) && !(in->flags & IR_NSW));
  default: return true;
  }
}

bool drv_exact_no_applies(const ir_module *m) {
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || m->funcs.data[mainf].nparams) return false; /* argc is free in the ITS, >= 1 in a run */
  return every_inst(m, not_unsigned, false);
}

void drv_require_memory_safety(const ir_module *m, const drv_options *o, budget b, const char *what, verdict *out) {
  /* bit-precise: signed overflow and the other UB too (memory safety by
   * syntax says nothing of them) */
  bool ub = !o->math_ints;
  if (!ub && drv_memory_safe_by_syntax(m, o->require_memory_safety)) {
    verdict_note(out, "memory safety: every load and store is to a global or a stack variable of its own frame, at a "
                      "constant offset within its size, and no call reaches memory");
    return;
  }
  property mp = {(1u << PROP_VALID_DEREF) | (1u << PROP_VALID_FREE), "valid-deref, valid-free", false};
  if (ub) {
    mp.checks |= 1u << PROP_NO_OVERFLOW;
    snprintf(mp.name, sizeof mp.name, "valid-deref, valid-free, no-overflow");
  }
  verdict seg_out = {0};
  if (drv_seg_check(m, &mp, o, b, &seg_out)) {
    verdict_note(out, "%s proved by the symbolic execution graph:",
                 ub ? "memory safety and the absence of undefined behaviour are" : "memory safety is");
    verdict_note_lines(out, "  ", seg_out.detail.data);
  } else {
    char why[512];
    verdict_first_reason(&seg_out, why, sizeof why);
    verdict_free(out);
    verdict_unknown(out, "%s, and %s not proved: %s", what,
                    ub ? "memory safety and the absence of undefined behaviour are" : "memory safety is", why);
  }
  verdict_free(&seg_out);
}
