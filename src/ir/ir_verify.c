/* ir_verify: structural well-formedness of a module (see ir.h).
 *
 * Checked: block layout (contiguous, non-empty, terminator last and only
 * last, phis first), successor and operand references in range, operand and
 * result types per opcode, one phi entry per predecessor edge, call arity
 * and argument types for direct calls, return types. Not checked: SSA
 * dominance (the front end produces it from LLVM, which verified it). */
#include "ir.h"

#include <stdarg.h>
#include <string.h>

typedef struct {
  const ir_module *m;
  const ir_func *f;
  char *err;
  size_t errlen;
  bool failed;
} verifier;

static bool fail(verifier *v, uint32_t inst, const char *fmt, ...) UTIL_PRINTF(3, 4);

static bool fail(verifier *v, uint32_t inst, const char *fmt, ...) {
  if (v->failed) return false;
  v->failed = true;
  if (!v->err || !v->errlen) return false;
  int n = snprintf(v->err, v->errlen, "@%s", v->f ? v->f->name : "?");
  if (inst != IR_NONE && n >= 0 && (size_t)n < v->errlen)
    n += snprintf(v->err + n, v->errlen - (size_t)n, " inst %u (%s)", inst,
                  ir_opcode_name((ir_opcode)v->f->insts[inst].op));
  if (n >= 0 && (size_t)n < v->errlen) {
    n += snprintf(v->err + n, v->errlen - (size_t)n, ": ");
    va_list ap;
    va_start(ap, fmt);
    if ((size_t)n < v->errlen) vsnprintf(v->err + n, v->errlen - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return false;
}

static bool is_int(ir_type t) { return t.kind == IR_TY_INT && t.bits >= 1 && t.bits <= 64; }
static bool is_float(ir_type t) { return t.kind == IR_TY_INT && ir_float_width_ok(t.bits); }
static bool is_ptr(const verifier *v, ir_type t) { return t.kind == IR_TY_PTR && t.bits == v->m->ptr_bits; }

static bool check_value(verifier *v, uint32_t inst, ir_value x) {
  const ir_func *f = v->f;
  const ir_module *m = v->m;
  switch (x.kind) {
  case IR_VAL_CONST:
    if (!is_int(x.type)) return fail(v, inst, "constant of non-integer type");
    if (x.type.bits < 64 && (x.imm >> x.type.bits)) return fail(v, inst, "constant wider than its type");
    return true;
  case IR_VAL_INST:
    if (x.id >= f->ninsts) return fail(v, inst, "operand %%%u out of range", x.id);
    if (!ir_type_eq(f->insts[x.id].type, x.type)) return fail(v, inst, "operand %%%u has the wrong type", x.id);
    if (x.type.kind == IR_TY_VOID) return fail(v, inst, "operand %%%u has no value", x.id);
    return true;
  case IR_VAL_ARG:
    if (x.id >= f->nparams) return fail(v, inst, "parameter %u out of range", x.id);
    if (!ir_type_eq(f->params[x.id], x.type)) return fail(v, inst, "parameter %u has the wrong type", x.id);
    return true;
  case IR_VAL_GLOBAL:
    if (x.id >= m->globals.len) return fail(v, inst, "global %u out of range", x.id);
    if (!is_ptr(v, x.type)) return fail(v, inst, "global address is not a pointer");
    return true;
  case IR_VAL_FUNC:
    if (x.id >= m->funcs.len) return fail(v, inst, "function %u out of range", x.id);
    if (!is_ptr(v, x.type)) return fail(v, inst, "function address is not a pointer");
    return true;
  case IR_VAL_NULL:
    if (!is_ptr(v, x.type)) return fail(v, inst, "null is not a pointer");
    return true;
  case IR_VAL_UNDEF:
    if (!is_int(x.type) && !is_ptr(v, x.type)) return fail(v, inst, "undef of bad type");
    return true;
  default: return fail(v, inst, "missing operand");
  }
}

static bool has_edge(const ir_func *f, uint32_t from, uint32_t to) {
  const ir_inst *t = &f->insts[f->blocks[from].first + f->blocks[from].count - 1];
  for (uint32_t i = 0; i < t->ntargets; i++)
    if (t->targets[i] == to) return true;
  return false;
}

static bool check_inst(verifier *v, uint32_t id) {
  const ir_func *f = v->f;
  const ir_module *m = v->m;
  const ir_inst *in = &f->insts[id];
  for (uint32_t i = 0; i < in->nops; i++)
    if (!check_value(v, id, in->ops[i])) return false;
  for (uint32_t i = 0; i < in->ntargets; i++)
    if (in->targets[i] >= f->nblocks) return fail(v, id, "target block %u out of range", in->targets[i]);
  const ir_value *o = in->ops;
  ir_type t = in->type;
#define NEED(n)                                                                \
  if (in->nops != (n)) return fail(v, id, "expects %d operands, has %u", (n), in->nops)
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
  case IR_SHL: case IR_LSHR: case IR_ASHR: case IR_AND: case IR_OR: case IR_XOR:
    NEED(2);
    if (!is_int(t) || !ir_type_eq(o[0].type, t) || !ir_type_eq(o[1].type, t))
      return fail(v, id, "operands and result must share one integer type");
    return true;
  case IR_ICMP:
    NEED(2);
    if (!ir_type_eq(o[0].type, o[1].type) || !ir_type_eq(t, ir_type_int(1)) || in->pred > IR_SLE)
      return fail(v, id, "icmp: operands differ in type or result is not i1");
    return true;
  case IR_OVERFLOW:
    NEED(2);
    if (!is_int(o[0].type) || !ir_type_eq(o[0].type, o[1].type) || !ir_type_eq(t, ir_type_int(1)) ||
        in->pred > IR_OVF_UMUL)
      return fail(v, id, "overflow: bad operand or result types");
    return true;
  case IR_SELECT:
    NEED(3);
    if (!ir_type_eq(o[0].type, ir_type_int(1)) || !ir_type_eq(o[1].type, t) || !ir_type_eq(o[2].type, t))
      return fail(v, id, "select: bad types");
    return true;
  case IR_TRUNC: case IR_ZEXT: case IR_SEXT:
    NEED(1);
    if (!is_int(o[0].type) || !is_int(t)) return fail(v, id, "integer cast of non-integer");
    if (in->op == IR_TRUNC ? t.bits >= o[0].type.bits : t.bits <= o[0].type.bits)
      return fail(v, id, "cast width goes the wrong way");
    return true;
  case IR_PTRTOINT:
    NEED(1);
    if (!is_ptr(v, o[0].type) || !is_int(t)) return fail(v, id, "ptrtoint: bad types");
    return true;
  case IR_INTTOPTR:
    NEED(1);
    if (!is_int(o[0].type) || !is_ptr(v, t)) return fail(v, id, "inttoptr: bad types");
    return true;
  case IR_COPY:
    NEED(1);
    if (!ir_type_eq(o[0].type, t)) return fail(v, id, "copy changes the type");
    return true;
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM:
    NEED(2);
    if (!is_float(t) || !ir_type_eq(o[0].type, t) || !ir_type_eq(o[1].type, t))
      return fail(v, id, "float arithmetic: operands and result must share one float width (32/64)");
    return true;
  case IR_FCMP:
    NEED(2);
    if (!is_float(o[0].type) || !ir_type_eq(o[0].type, o[1].type) || !ir_type_eq(t, ir_type_int(1)) ||
        in->pred > IR_FTRUE)
      return fail(v, id, "fcmp: operands differ or are not floats, or result is not i1");
    return true;
  case IR_FPTOSI: case IR_FPTOUI:
    NEED(1);
    if (!is_float(o[0].type) || !is_int(t)) return fail(v, id, "float-to-int: bad types");
    return true;
  case IR_SITOFP: case IR_UITOFP:
    NEED(1);
    if (!is_int(o[0].type) || !is_float(t)) return fail(v, id, "int-to-float: bad types");
    return true;
  case IR_FPEXT: case IR_FPTRUNC:
    NEED(1);
    if (in->op == IR_FPEXT ? !(o[0].type.bits == 32 && ir_type_eq(t, ir_type_int(64)))
                           : !(o[0].type.bits == 64 && ir_type_eq(t, ir_type_int(32))))
      return fail(v, id, "fpext/fptrunc: needs binary32 <-> binary64");
    if (!is_int(o[0].type)) return fail(v, id, "fpext/fptrunc: bad operand");
    return true;
  case IR_FMATH:
    if (in->pred >= IR_FM_COUNT) return fail(v, id, "fmath: unknown function");
    if (in->nops != ir_fmath_arity((ir_fmath)in->pred)) return fail(v, id, "fmath: wrong number of operands");
    if (!is_float(t)) return fail(v, id, "fmath: result is not a float");
    for (uint32_t i = 0; i < in->nops; i++)
      if (!ir_type_eq(o[i].type, t)) return fail(v, id, "fmath: operand of another type");
    return true;
  case IR_ASM:
    if (t.kind != IR_TY_VOID && !is_int(t) && !is_ptr(v, t)) return fail(v, id, "asm: bad result type");
    return true;
  case IR_HAVOC:
    NEED(1);
    if (!is_ptr(v, o[0].type) || t.kind != IR_TY_VOID || in->size == 0) return fail(v, id, "havoc: bad form");
    return true;
  case IR_PTRADD:
    NEED(2);
    if (!is_ptr(v, o[0].type) || !ir_type_eq(o[1].type, ir_type_int(m->ptr_bits)) || !is_ptr(v, t))
      return fail(v, id, "ptradd: needs a pointer and a pointer-width offset");
    return true;
  case IR_PHI:
    if (in->nops != in->ntargets || in->nops == 0) return fail(v, id, "phi: one block per incoming value");
    for (uint32_t i = 0; i < in->nops; i++) {
      if (!ir_type_eq(o[i].type, t)) return fail(v, id, "phi: incoming value of the wrong type");
      if (!has_edge(f, in->targets[i], in->block))
        return fail(v, id, "phi: b%u is not a predecessor", in->targets[i]);
    }
    for (uint32_t p = 0; p < f->nblocks; p++) {
      if (!has_edge(f, p, in->block)) continue;
      bool found = false;
      for (uint32_t i = 0; i < in->ntargets && !found; i++) found = in->targets[i] == p;
      if (!found) return fail(v, id, "phi: no entry for predecessor b%u", p);
    }
    return true;
  case IR_ALLOCA:
    NEED(1);
    if (!is_int(o[0].type) || !is_ptr(v, t)) return fail(v, id, "alloca: bad types");
    return true;
  case IR_LOAD:
    NEED(1);
    if (!is_ptr(v, o[0].type) || t.kind == IR_TY_VOID) return fail(v, id, "load: bad types");
    if (in->size != ir_type_bytes(t)) return fail(v, id, "load: size disagrees with type");
    return true;
  case IR_STORE:
    NEED(2);
    if (!is_ptr(v, o[1].type) || t.kind != IR_TY_VOID) return fail(v, id, "store: bad types");
    if (in->size != ir_type_bytes(o[0].type)) return fail(v, id, "store: size disagrees with type");
    return true;
  case IR_CALL: {
    if (in->callee == IR_NONE) {
      if (in->nops < 1 || !is_ptr(v, o[0].type)) return fail(v, id, "indirect call without callee pointer");
      return true;
    }
    if (in->callee >= m->funcs.len) return fail(v, id, "callee out of range");
    const ir_func *c = &m->funcs.data[in->callee];
    if (in->nops < c->nparams || (!c->variadic && in->nops != c->nparams))
      return fail(v, id, "call of @%s with %u arguments, expects %u", c->name, in->nops, c->nparams);
    for (uint32_t i = 0; i < c->nparams; i++)
      if (!ir_type_eq(o[i].type, c->params[i])) return fail(v, id, "call of @%s: argument %u has the wrong type", c->name, i);
    if (!ir_type_eq(t, c->ret)) return fail(v, id, "call of @%s: result type differs", c->name);
    return true;
  }
  case IR_BR:
    if (in->ntargets != 1) return fail(v, id, "br needs one target");
    return true;
  case IR_CONDBR:
    NEED(1);
    if (in->ntargets != 2 || !ir_type_eq(o[0].type, ir_type_int(1))) return fail(v, id, "condbr: bad form");
    return true;
  case IR_SWITCH:
    NEED(1);
    if (in->ntargets < 1 || !is_int(o[0].type)) return fail(v, id, "switch: bad form");
    if (in->ntargets > 1 && !in->case_values) return fail(v, id, "switch: missing case values");
    return true;
  case IR_RET:
    if (f->ret.kind == IR_TY_VOID ? in->nops != 0 : (in->nops != 1 || !ir_type_eq(o[0].type, f->ret)))
      return fail(v, id, "ret disagrees with the function's return type");
    return true;
  case IR_UNREACHABLE: return true;
  default: return fail(v, id, "unknown opcode %u", in->op);
  }
#undef NEED
}

static bool check_func(verifier *v) {
  const ir_func *f = v->f;
  if (!f->defined) return true;
  if (f->nblocks == 0) return fail(v, IR_NONE, "defined function without blocks");
  uint32_t next = 0;
  for (uint32_t b = 0; b < f->nblocks; b++) {
    const ir_block *blk = &f->blocks[b];
    if (blk->first != next || blk->count == 0) return fail(v, IR_NONE, "block b%u is empty or not contiguous", b);
    next = blk->first + blk->count;
    if (next > f->ninsts) return fail(v, IR_NONE, "block b%u runs past the instructions", b);
    bool phis = true;
    for (uint32_t i = blk->first; i < next; i++) {
      const ir_inst *in = &f->insts[i];
      if (in->block != b) return fail(v, i, "records block %u, lies in b%u", in->block, b);
      if (ir_is_terminator(in->op) != (i == next - 1))
        return fail(v, i, "terminator must end its block, and only there");
      if (in->op == IR_PHI && !phis) return fail(v, i, "phi after a non-phi instruction");
      if (in->op != IR_PHI) phis = false;
    }
  }
  if (next != f->ninsts) return fail(v, IR_NONE, "instructions outside any block");
  for (uint32_t i = 0; i < f->ninsts; i++)
    if (!check_inst(v, i)) return false;
  return true;
}

bool ir_verify(const ir_module *m, char *err, size_t errlen) {
  verifier v = {m, NULL, err, errlen, false};
  if (m->ptr_bits != 32 && m->ptr_bits != 64) return fail(&v, IR_NONE, "pointer width %u", m->ptr_bits);
  for (size_t i = 0; i < m->funcs.len; i++) {
    v.f = &m->funcs.data[i];
    if (!check_func(&v)) return false;
  }
  v.f = NULL;
  for (size_t i = 0; i < m->globals.len; i++) {
    const ir_global *g = &m->globals.data[i];
    for (uint32_t r = 0; r < g->nrelocs; r++) {
      const ir_reloc *rl = &g->relocs[r];
      bool ok = rl->offset + m->ptr_bits / 8 <= g->size &&
                (rl->kind == IR_VAL_GLOBAL ? rl->target < m->globals.len
                                           : rl->kind == IR_VAL_FUNC && rl->target < m->funcs.len);
      if (!ok) return fail(&v, IR_NONE, "global @%s: bad relocation %u", g->name, r);
    }
  }
  if (err && errlen) err[0] = 0;
  return true;
}
