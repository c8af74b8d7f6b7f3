/* interp: setup, the dispatch loop, frames, calls, returns and termination.
 * The semantics of each instruction are documented in ir/ir.h; the
 * interpreter's model (provenance, memory, nondet, checks) in interp.h.
 *
 * Frames live in an explicit stack (no host recursion), so deep recursion in
 * the program never overflows the host stack; registers of all frames share
 * one growable array. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- options and endings -------------------------------------------------- */
void interp_options_default(interp_options *o) {
  memset(o, 0, sizeof *o);
  o->max_steps = 100000000;
  o->max_depth = 100000;
  o->heap_limit = (uint64_t)2 << 30;
  o->stack_limit = (uint64_t)64 << 20;
  o->object_limit = (uint64_t)1 << 30;
  o->out = stdout;
}

void interp_options_replay(interp_options *o, const uint64_t *values, size_t n) {
  interp_options_default(o);
  o->out = NULL;
  o->nondet = values;
  o->nnondet = n;
  o->nondet_strict = true;
  o->max_steps = 20000000;
}

const char *interp_loc(const interp_state *st, ir_loc loc, char *buf, size_t n) {
  return ir_loc_format(st->m, loc, buf, n);
}

void interp_end(interp_state *st, interp_outcome o, ir_loc loc, char *detail) {
  if (st->done) {
    free(detail);
    return;
  }
  st->done = true;
  st->res->outcome = o;
  st->res->loc = loc;
  st->res->detail = detail;
  /* Memory lost before the run stopped stays lost: memtrack is checked at
   * every end of a real execution (not after UB, not on an infeasible path),
   * with the live frames as roots. Normal exits check in interp_end_exit. */
  if (o != INTERP_EXIT && o != INTERP_UB && o != INTERP_INFEASIBLE && st->frames.len)
    mem_check_leaks(st, true, false);
}

static char *vfmt(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
  vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
  return s;
}

void interp_end_ub(interp_state *st, interp_ub k, ir_loc loc, const char *fmt, ...) {
  if (st->done) return;
  va_list ap;
  va_start(ap, fmt);
  char *d = vfmt(fmt, ap);
  va_end(ap);
  interp_end(st, INTERP_UB, loc, d);
  st->res->ub = k;
}

void interp_end_unsupported(interp_state *st, ir_loc loc, const char *fmt, ...) {
  if (st->done) return;
  va_list ap;
  va_start(ap, fmt);
  char *d = vfmt(fmt, ap);
  va_end(ap);
  interp_end(st, INTERP_UNSUPPORTED, loc, d);
}

void interp_end_resources(interp_state *st, ir_loc loc, const char *fmt, ...) {
  if (st->done) return;
  va_list ap;
  va_start(ap, fmt);
  char *d = vfmt(fmt, ap);
  va_end(ap);
  interp_end(st, INTERP_OUT_OF_RESOURCES, loc, d);
}

void interp_end_exit(interp_state *st, int32_t code, ir_loc loc, bool frames_are_roots) {
  if (st->done) return;
  interp_end(st, INTERP_EXIT, loc, NULL);
  st->res->exit_code = code;
  mem_check_leaks(st, frames_are_roots, true);
}

static void malformed(interp_state *st, ir_loc loc, const char *what) {
  interp_end_unsupported(st, loc, "malformed IR: %s", what);
}

/* ---- trace ------------------------------------------------------------------ */
static void trace_value(interp_state *st, ir_type t, ival v) {
  FILE *tr = st->opt->trace;
  if (t.kind == IR_TY_PTR) {
    fprintf(tr, "ptr 0x%llx", (unsigned long long)v.bits);
    if (v.prov) {
      char db[512];
      const iobj *o = &st->objs.data[v.prov];
      fprintf(tr, " <%s%+lld>", mem_describe(st, v.prov, db, sizeof db),
              (long long)ir_sext((v.bits - o->base) & st->pmask, st->pw));
    }
  } else {
    fprintf(tr, "i%u %lld", t.bits, (long long)ir_sext(v.bits, t.bits ? t.bits : 64));
  }
}

static void trace_reg(interp_state *st, const ir_func *f, uint32_t id, ival v) {
  const ir_inst *in = &f->insts[id];
  fprintf(st->opt->trace, "%s:%u %%%u%s%s = ", f->name, in->loc.line, id, in->name ? " " : "",
          in->name ? in->name : "");
  trace_value(st, in->type, v);
  fputc('\n', st->opt->trace);
}

/* ---- registers and operands -------------------------------------------------- */
static inline iframe *top(interp_state *st) {
  assert(st->frames.len > 0);
  return &st->frames.data[st->frames.len - 1];
}
static inline const ir_func *func_of(interp_state *st, const iframe *fr) {
  assert(fr->func < st->m->funcs.len);
  return &st->m->funcs.data[fr->func];
}

/* ---- the mathematical-integer reading (interp_options.math_exact) ---------------------- */

static ival eval(interp_state *st, const iframe *fr, const ir_value *v, ir_loc loc);

static bool sign_set(ir_type t, uint64_t bits) {
  return t.kind == IR_TY_INT && t.bits > 1 && t.bits <= 64 && ((bits >> (t.bits - 1)) & 1);
}

/* May operand k, a constant with its sign bit set, be read as the program meant it? */
static bool math_constant_ok(const ir_inst *in) {
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: /* -c (C's x - c), unless nuw only */
    return (in->flags & IR_NSW) || !(in->flags & IR_NUW);
  case IR_ICMP: return in->pred == IR_EQ || in->pred == IR_NE || in->pred >= IR_SGT;
  case IR_PTRADD: return true; /* offsets are signed */
  default: return false;
  }
}

/* The integer operand k of in means: a constant read signed in add / sub /
 * mul (unless nuw only), else the (sign-clear) bits. */
static __int128 math_operand(const ir_inst *in, unsigned k, uint64_t bits) {
  const ir_value *v = &in->ops[k];
  if (v->kind == IR_VAL_CONST && ((in->flags & IR_NSW) || !(in->flags & IR_NUW)) && sign_set(v->type, bits))
    return (__int128)ir_sext(bits, v->type.bits);
  return (__int128)bits;
}

static void math_inexact(interp_state *st, const ir_inst *in, const char *why) {
  interp_end_unsupported(st, in->loc, "mathematical integers: %s in %s", why, ir_opcode_name((ir_opcode)in->op));
}

/* Before in executes: its operands have one integer meaning. */
static bool math_operands_ok(interp_state *st, const iframe *fr, const ir_inst *in) {
  if (in->op == IR_PHI) return true; /* jump() reads phis; their results are checked */
  for (uint32_t k = 0; k < in->nops; k++) {
    const ir_value *v = &in->ops[k];
    if (v->type.kind != IR_TY_INT || v->type.bits <= 1) continue;
    if (v->kind == IR_VAL_UNDEF) { /* evaluating it would draw a second value */
      math_inexact(st, in, "an undefined value");
      return false;
    }
    uint64_t bits = v->kind == IR_VAL_CONST ? v->imm & ir_mask(v->type.bits) : eval(st, fr, v, in->loc).bits;
    if (st->done) return false;
    if (!sign_set(v->type, bits)) continue;
    if (v->kind != IR_VAL_CONST || !math_constant_ok(in)) {
      math_inexact(st, in, v->kind == IR_VAL_CONST ? "a constant that is -c or 2^n - c" : "a value with its sign bit set");
      return false;
    }
  }
  return true;
}

/* After add / sub / mul / shl / trunc computed r: r is the exact integer result. */
static bool math_result_ok(interp_state *st, const ir_inst *in, uint64_t a, uint64_t b, uint64_t r) {
  __int128 x = math_operand(in, 0, a), m;
  switch (in->op) {
  case IR_ADD: m = x + math_operand(in, 1, b); break;
  case IR_SUB: m = x - math_operand(in, 1, b); break;
  case IR_MUL: m = x * math_operand(in, 1, b); break; /* |x|, |y| < 2^63: no overflow */
  case IR_SHL:
    if (b >= 63) return math_inexact(st, in, "a shift out of range"), false;
    m = x * ((__int128)1 << b);
    break;
  case IR_TRUNC: m = x; break;
  default: return true;
  }
  if (m == (__int128)(r & ir_mask(in->type.bits))) return true; /* r as set_reg will keep it */
  math_inexact(st, in, "a result that is not the exact integer one");
  return false;
}

static inline void set_reg(interp_state *st, size_t fi, uint32_t id, ival v) {
  assert(fi < st->frames.len);
  iframe *fr = &st->frames.data[fi];
  const ir_func *f = func_of(st, fr);
  /* a frame's registers: ninsts results, then its arguments */
  assert(id < f->ninsts && fr->regs + id < st->regs.len);
  v.bits &= ir_mask(f->insts[id].type.bits ? f->insts[id].type.bits : 64);
  if (st->opt->math_exact && sign_set(f->insts[id].type, v.bits))
    math_inexact(st, &f->insts[id], "a result with its sign bit set");
  st->regs.data[fr->regs + id] = v;
  if (st->opt->trace) trace_reg(st, f, id, v);
}

static ival eval(interp_state *st, const iframe *fr, const ir_value *v, ir_loc loc) {
  ival r = {0, 0};
  const ir_func *f = func_of(st, fr);
  switch (v->kind) {
  case IR_VAL_CONST: r.bits = v->imm & ir_mask(v->type.bits ? v->type.bits : 64); break;
  case IR_VAL_INST:
    if (v->id < f->ninsts) r = st->regs.data[fr->regs + v->id];
    else malformed(st, loc, "operand refers to a missing instruction");
    break;
  case IR_VAL_ARG:
    if (v->id < fr->nargs) r = st->regs.data[fr->regs + f->ninsts + v->id];
    else malformed(st, loc, "operand refers to a missing parameter");
    break;
  case IR_VAL_GLOBAL:
    if (v->id < st->m->globals.len) r = mem_ptr(st, st->global_obj[v->id], v->imm);
    else malformed(st, loc, "operand refers to a missing global");
    break;
  case IR_VAL_FUNC:
    if (v->id < st->m->funcs.len) r = mem_ptr(st, st->func_obj[v->id], 0);
    else malformed(st, loc, "operand refers to a missing function");
    break;
  case IR_VAL_NULL: break;
  case IR_VAL_UNDEF:
    /* In a module with unsupported constructs an undef may stand for the value
     * of one (a float, an asm result): the run cannot go on faithfully. */
    if (st->m->unsupported.len) {
      interp_end_unsupported(st, loc, "value of an unsupported construct (the module has %s)",
                             st->m->unsupported.data[0].what);
      break;
    }
    r.bits = interp_nondet_next(st, v->type.bits ? v->type.bits : st->pw, v->type.kind == IR_TY_PTR,
                                INTERP_ND_UNDEF, loc, IR_NONE);
    break;
  default: malformed(st, loc, "operand of unknown kind"); break;
  }
  return r;
}

/* ---- arithmetic ------------------------------------------------------------------ */
static const char *op_symbol(unsigned op) {
  switch (op) {
  case IR_ADD: return "+";
  case IR_SUB: return "-";
  case IR_MUL: return "*";
  case IR_SHL: return "<<";
  case IR_UDIV: case IR_SDIV: return "/";
  case IR_UREM: case IR_SREM: return "%";
  case IR_LSHR: case IR_ASHR: return ">>";
  default: return "?";
  }
}

/* The interp_ub kind of an arithmetic fault (IR_ARITH_OK: INTERP_UB_NONE). */
static interp_ub ub_of_fault(ir_arith_fault f) {
  switch (f) {
  case IR_ARITH_OK: return INTERP_UB_NONE;
  case IR_ARITH_SIGNED_OVERFLOW: return INTERP_UB_SIGNED_OVERFLOW;
  case IR_ARITH_UNSIGNED_WRAP: return INTERP_UB_UNSIGNED_WRAP;
  case IR_ARITH_INEXACT: return INTERP_UB_INEXACT;
  case IR_ARITH_DIV_BY_ZERO: return INTERP_UB_DIV_BY_ZERO;
  case IR_ARITH_DIV_OVERFLOW: return INTERP_UB_DIV_OVERFLOW;
  case IR_ARITH_REM_OVERFLOW: return INTERP_UB_REM_OVERFLOW;
  case IR_ARITH_SHIFT_TOO_FAR: return INTERP_UB_SHIFT_OUT_OF_RANGE;
  }
  return INTERP_UB_NONE;
}

static void arith_ub(interp_state *st, const ir_inst *in, interp_ub k, unsigned w, uint64_t a, uint64_t b) {
  long long sa = (long long)ir_sext(a, w), sb = (long long)ir_sext(b, w);
  unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;
  const char *sym = op_symbol(in->op);
  const char *opn = ir_opcode_name((ir_opcode)in->op);
  bool sgn = in->op == IR_SDIV || in->op == IR_SREM || in->op == IR_ASHR;
  switch (k) {
  case INTERP_UB_SIGNED_OVERFLOW:
    if (in->op == IR_SHL)
      interp_end_ub(st, k, in->loc, "%lld << %llu does not fit in i%u", sa, ub, w);
    else
      interp_end_ub(st, k, in->loc, "%lld %s %lld does not fit in i%u", sa, sym, sb, w);
    break;
  case INTERP_UB_UNSIGNED_WRAP:
    interp_end_ub(st, k, in->loc, "%llu %s %llu wraps around in i%u (nuw)", ua, sym, ub, w);
    break;
  case INTERP_UB_DIV_BY_ZERO:
    if (sgn) interp_end_ub(st, k, in->loc, "%lld %s 0 in i%u", sa, sym, w);
    else interp_end_ub(st, k, in->loc, "%llu %s 0 in i%u", ua, sym, w);
    break;
  case INTERP_UB_DIV_OVERFLOW:
  case INTERP_UB_REM_OVERFLOW:
    interp_end_ub(st, k, in->loc, "%lld %s -1 does not fit in i%u", sa, sym, w);
    break;
  case INTERP_UB_SHIFT_OUT_OF_RANGE:
    interp_end_ub(st, k, in->loc, "%s of i%u by %llu bits", opn, w, ub);
    break;
  case INTERP_UB_INEXACT:
    if (sgn) interp_end_ub(st, k, in->loc, "%s exact: %lld %s %lld is not exact in i%u", opn, sa, sym, sb, w);
    else interp_end_ub(st, k, in->loc, "%s exact: %llu %s %llu is not exact in i%u", opn, ua, sym, ub, w);
    break;
  default: interp_end_ub(st, k, in->loc, "%s in i%u", opn, w); break;
  }
}

/* Provenance of add/sub/and/or: kept when exactly one side carries it (for
 * sub only the left side: p - k), and only for pointer-wide values. */
static uint32_t arith_prov(interp_state *st, unsigned op, unsigned w, ival a, ival b) {
  if (w < st->pw) return 0;
  switch (op) {
  case IR_ADD: case IR_AND: case IR_OR:
    if (a.prov && !b.prov) return a.prov;
    if (b.prov && !a.prov) return b.prov;
    return 0;
  case IR_SUB: return a.prov && !b.prov ? a.prov : 0;
  default: return 0;
  }
}

/* ---- control flow -------------------------------------------------------------------- */
/* Enters block `target` of the top frame: phis read the old registers
 * together, then are assigned together. */
static void jump(interp_state *st, uint32_t target, ir_loc loc) {
  size_t fi = st->frames.len - 1;
  iframe *fr = &st->frames.data[fi];
  const ir_func *f = func_of(st, fr);
  if (target >= f->nblocks) {
    malformed(st, loc, "branch to a missing block");
    return;
  }
  fr->prev_block = fr->block;
  fr->block = target;
  const ir_block *bl = &f->blocks[target];
  uint32_t first = bl->first, n = 0;
  st->tmp.len = 0;
  while (n < bl->count && f->insts[first + n].op == IR_PHI) {
    const ir_inst *phi = &f->insts[first + n];
    uint32_t k = 0;
    while (k < phi->nops && k < phi->ntargets && phi->targets[k] != fr->prev_block) k++;
    if (k >= phi->nops || k >= phi->ntargets) {
      malformed(st, phi->loc, "phi without a value for its predecessor");
      return;
    }
    ival v = eval(st, fr, &phi->ops[k], phi->loc);
    VEC_PUSH(st->tmp, v);
    n++;
  }
  assert(first + n <= f->ninsts);
  st->res->steps += n;
  for (uint32_t i = 0; i < n; i++) set_reg(st, fi, first + i, st->tmp.data[i]);
  fr->pc = first + n;
  if (st->lasso) lasso_enter_block(st, target);
}

static void kill_allocas_from(interp_state *st, size_t from, ir_loc loc) {
  assert(from <= st->allocas.len);
  for (size_t i = from; i < st->allocas.len; i++) mem_kill(st, st->allocas.data[i], OBJ_DEAD, loc);
  st->allocas.len = from;
}

/* Pushes a frame for defined function `callee` with st->args; call_inst is
 * the caller's instruction (IR_NONE for main). */
static void push_frame(interp_state *st, uint32_t callee, uint32_t call_inst, ir_loc loc) {
  assert(callee < st->m->funcs.len && st->m->funcs.data[callee].defined);
  const ir_func *g = &st->m->funcs.data[callee];
  if (g->nblocks == 0) {
    malformed(st, loc, "function without blocks");
    return;
  }
  if (st->frames.len >= st->opt->max_depth) {
    interp_end_resources(st, loc, "call depth limit (%u) exceeded calling '%s'", st->opt->max_depth, g->name);
    return;
  }
  size_t base = st->regs.len, need = (size_t)g->ninsts + st->args.len;
  while (st->regs.cap < base + need) {
    st->regs.cap = st->regs.cap ? 2 * st->regs.cap : 256;
    st->regs.data = xrealloc(st->regs.data, st->regs.cap * sizeof *st->regs.data);
  }
  memset(st->regs.data + base, 0, g->ninsts * sizeof *st->regs.data);
  if (st->args.len) memcpy(st->regs.data + base + g->ninsts, st->args.data, st->args.len * sizeof *st->regs.data);
  st->regs.len = base + need;
  assert(st->regs.len <= st->regs.cap);
  iframe fr = {callee, 0, IR_NONE, g->blocks[0].first, base, (uint32_t)st->args.len, st->allocas.len, call_inst};
  VEC_PUSH(st->frames, fr);
  if (st->opt->trace) fprintf(st->opt->trace, "call %s\n", g->name);
  if (st->opt->observe) {
    st->event_values.len = 0;
    for (size_t i = 0; i < st->args.len; i++) VEC_PUSH(st->event_values, st->args.data[i].bits);
    st->opt->observe(st->opt->observe_ctx, &(interp_event){.kind = INTERP_EV_CALL,
                                                           .loc = loc,
                                                           .func = callee,
                                                           .visit = st->frames.len,
                                                           .values = st->event_values.data,
                                                           .nvalues = (uint32_t)st->args.len,
                                                           .ndraws = st->res->nondet.len});
  }
}

static void do_return(interp_state *st, const ir_inst *in) {
  size_t fi = st->frames.len - 1;
  iframe *fr = &st->frames.data[fi];
  const ir_func *f = func_of(st, fr);
  ival rv = {0, 0};
  if (in->nops) rv = eval(st, fr, &in->ops[0], in->loc);
  if (st->done) return;
  if (st->opt->trace) {
    fprintf(st->opt->trace, "ret %s", f->name);
    if (in->nops) {
      fputs(" = ", st->opt->trace);
      trace_value(st, in->ops[0].type, rv);
    }
    fputc('\n', st->opt->trace);
  }
  if (st->opt->observe)
    st->opt->observe(st->opt->observe_ctx, &(interp_event){.kind = INTERP_EV_RETURN, .loc = in->loc, .func = fr->func});
  /* frames nest: this one's registers and stack objects are the last ones */
  assert(fr->regs <= st->regs.len && fr->allocas <= st->allocas.len);
  kill_allocas_from(st, fr->allocas, in->loc);
  st->regs.len = fr->regs;
  uint32_t call_inst = fr->call_inst;
  st->frames.len--;
  if (st->frames.len == 0) {
    /* main returned: its value is the exit code (void main: 0). */
    int32_t code = 0;
    if (in->nops && f->ret.kind == IR_TY_INT) code = (int32_t)ir_sext(rv.bits, f->ret.bits);
    interp_end_exit(st, code, in->loc, false);
    return;
  }
  size_t ci = st->frames.len - 1;
  const ir_func *cf = func_of(st, &st->frames.data[ci]);
  assert(call_inst < cf->ninsts && cf->insts[call_inst].op == IR_CALL);
  assert(st->frames.data[ci].pc == call_inst);
  if (cf->insts[call_inst].type.kind != IR_TY_VOID) set_reg(st, ci, call_inst, rv);
  st->frames.data[ci].pc++;
}

/* The function a pointer designates, or IR_NONE after ending the run. */
static uint32_t resolve_callee(interp_state *st, ival fp, ir_loc loc) {
  uint32_t id = fp.prov ? fp.prov : mem_lookup(st, fp.bits);
  if (id) {
    const iobj *o = &st->objs.data[id];
    if (o->kind == OBJ_FUNC && fp.bits == o->base) {
      assert(o->ref < st->m->funcs.len);
      return o->ref;
    }
    char db[512];
    interp_end_ub(st, INTERP_UB_INVALID_CALL, loc, "call through pointer 0x%llx into %s, not a function",
                  (unsigned long long)fp.bits, mem_describe(st, id, db, sizeof db));
  } else if (fp.bits == 0) {
    interp_end_ub(st, INTERP_UB_INVALID_CALL, loc, "call through a null function pointer");
  } else {
    interp_end_ub(st, INTERP_UB_INVALID_CALL, loc, "call through pointer 0x%llx, not a function",
                  (unsigned long long)fp.bits);
  }
  return IR_NONE;
}

static void do_call(interp_state *st, const ir_func *f, const ir_inst *in) {
  size_t fi = st->frames.len - 1;
  iframe *fr = &st->frames.data[fi];
  uint32_t first = 0, callee = in->callee;
  if (callee == IR_NONE) {
    if (in->nops < 1) {
      malformed(st, in->loc, "indirect call without callee");
      return;
    }
    ival fp = eval(st, fr, &in->ops[0], in->loc);
    if (st->done) return;
    callee = resolve_callee(st, fp, in->loc);
    if (st->done) return;
    first = 1;
  }
  if (callee >= st->m->funcs.len) {
    malformed(st, in->loc, "call of a missing function");
    return;
  }
  const ir_func *g = &st->m->funcs.data[callee];
  st->args.len = 0;
  for (uint32_t i = first; i < in->nops; i++) {
    ival a = eval(st, fr, &in->ops[i], in->loc);
    VEC_PUSH(st->args, a);
  }
  if (st->done) return;
  ir_builtin b = (ir_builtin)st->eff_builtin[callee];
  assert(in >= f->insts && in < f->insts + f->ninsts);
  if (b != IR_BUILTIN_NONE) {
    ival ret = {0, 0};
    interp_builtin(st, b, g, in, st->args.data, (uint32_t)st->args.len, &ret);
    if (st->done) return;
    if (in->type.kind != IR_TY_VOID) set_reg(st, fi, (uint32_t)(in - f->insts), ret);
    st->frames.data[fi].pc++;
    return;
  }
  if (!g->defined) {
    interp_end_unsupported(st, in->loc, "call to undefined function '%s'", g->name);
    return;
  }
  if (st->args.len < g->nparams) {
    interp_end_ub(st, INTERP_UB_INVALID_CALL, in->loc, "call of '%s' with %zu argument(s), it takes %u", g->name,
                  st->args.len, g->nparams);
    return;
  }
  push_frame(st, callee, (uint32_t)(in - f->insts), in->loc);
}

/* ---- one instruction ------------------------------------------------------------------- */
/* Operands each opcode reads unconditionally (the verifier guarantees them;
 * the interpreter still refuses malformed IR rather than crash). */
static const uint8_t min_ops[IR_OPCODE_COUNT] = {
    [IR_ADD] = 2, [IR_SUB] = 2, [IR_MUL] = 2, [IR_UDIV] = 2, [IR_SDIV] = 2, [IR_UREM] = 2, [IR_SREM] = 2,
    [IR_SHL] = 2, [IR_LSHR] = 2, [IR_ASHR] = 2, [IR_AND] = 2, [IR_OR] = 2, [IR_XOR] = 2, [IR_ICMP] = 2,
    [IR_SELECT] = 3, [IR_TRUNC] = 1, [IR_ZEXT] = 1, [IR_SEXT] = 1, [IR_PTRTOINT] = 1, [IR_INTTOPTR] = 1,
    [IR_COPY] = 1, [IR_PTRADD] = 2, [IR_OVERFLOW] = 2, [IR_ALLOCA] = 1, [IR_LOAD] = 1, [IR_STORE] = 2,
    [IR_CONDBR] = 1, [IR_SWITCH] = 1, [IR_BR] = 0, [IR_RET] = 0, [IR_UNREACHABLE] = 0, [IR_CALL] = 0, [IR_PHI] = 0,
    [IR_FADD] = 2, [IR_FSUB] = 2, [IR_FMUL] = 2, [IR_FDIV] = 2, [IR_FREM] = 2, [IR_FCMP] = 2, [IR_FPTOSI] = 1,
    [IR_FPTOUI] = 1, [IR_SITOFP] = 1, [IR_UITOFP] = 1, [IR_FPEXT] = 1, [IR_FPTRUNC] = 1, [IR_FMATH] = 1,
    [IR_ASM] = 0, [IR_HAVOC] = 1,
};

static inline bool bad_width(unsigned w) { return w == 0 || w > 64; }

/* Widths the arithmetic relies on: result and first operand in 1..64. */
static bool well_formed(const ir_inst *in) {
  if (in->op >= IR_OPCODE_COUNT || in->nops < min_ops[in->op]) return false;
  if (in->type.kind != IR_TY_VOID && bad_width(in->type.bits)) return false;
  if ((ir_is_binary(in->op) || ir_is_cast(in->op) || in->op == IR_ICMP || in->op == IR_OVERFLOW ||
       in->op == IR_SWITCH || in->op == IR_PTRADD) &&
      bad_width(in->ops[0].type.bits))
    return false;
  if (in->op == IR_SWITCH && in->ntargets > 1 && !in->case_values) return false;
  if (ir_is_float_op(in->op)) {
    /* float operands are binary32/binary64 (int-to-float: any width) */
    bool from_int = in->op == IR_SITOFP || in->op == IR_UITOFP;
    if (from_int ? bad_width(in->ops[0].type.bits) : !ir_float_width_ok(in->ops[0].type.bits)) return false;
    if (in->op == IR_FPTOSI || in->op == IR_FPTOUI || in->op == IR_FCMP) return true;
    if (!ir_float_width_ok(in->type.bits)) return false;
    if (in->op == IR_FMATH && (in->pred >= IR_FM_COUNT || in->nops < ir_fmath_arity((ir_fmath)in->pred))) return false;
    if ((in->op >= IR_FADD && in->op <= IR_FCMP) && in->ops[1].type.bits != in->ops[0].type.bits) return false;
  }
  return true;
}

static void step(interp_state *st) {
  size_t fi = st->frames.len - 1;
  iframe *fr = &st->frames.data[fi];
  const ir_func *f = func_of(st, fr);
  /* push_frame and jump only enter blocks that exist */
  assert(fr->block < f->nblocks);
  const ir_block *bl = &f->blocks[fr->block];
  if (fr->pc >= bl->first + bl->count || fr->pc >= f->ninsts) {
    malformed(st, f->loc, "block without terminator");
    return;
  }
  uint32_t id = fr->pc;
  const ir_inst *in = &f->insts[id];
  st->res->steps++;
  st->cur_loc = in->loc;
  if (!well_formed(in)) {
    malformed(st, in->loc, "instruction with missing operands or bad widths");
    return;
  }
  ival a, b, r = {0, 0};
  if (st->opt->math_exact && !math_operands_ok(st, fr, in)) return;
  switch (in->op) {
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
  case IR_SHL: case IR_LSHR: case IR_ASHR: case IR_AND: case IR_OR: case IR_XOR: {
    a = eval(st, fr, &in->ops[0], in->loc);
    b = eval(st, fr, &in->ops[1], in->loc);
    if (st->done) return;
    unsigned w = in->type.bits;
    ir_arith_fault f = ir_arith_binary((ir_opcode)in->op, in->flags, w, a.bits, b.bits, &r.bits);
    if (f != IR_ARITH_OK) {
      arith_ub(st, in, ub_of_fault(f), w, a.bits, b.bits);
      return;
    }
    r.prov = arith_prov(st, in->op, w, a, b);
    if (st->opt->math_exact && !math_result_ok(st, in, a.bits, b.bits, r.bits)) return;
    break;
  }
  case IR_ICMP:
    a = eval(st, fr, &in->ops[0], in->loc);
    b = eval(st, fr, &in->ops[1], in->loc);
    r.bits = ir_arith_icmp((ir_pred)in->pred, in->ops[0].type.bits, a.bits, b.bits);
    break;
  case IR_OVERFLOW:
    a = eval(st, fr, &in->ops[0], in->loc);
    b = eval(st, fr, &in->ops[1], in->loc);
    r.bits = ir_arith_overflows((ir_ovf)in->pred, in->ops[0].type.bits, a.bits, b.bits);
    break;
  case IR_SELECT:
    a = eval(st, fr, &in->ops[0], in->loc);
    r = eval(st, fr, &in->ops[(a.bits & 1) ? 1 : 2], in->loc);
    break;
  case IR_TRUNC: case IR_ZEXT: case IR_SEXT: case IR_PTRTOINT: case IR_INTTOPTR: case IR_COPY: {
    a = eval(st, fr, &in->ops[0], in->loc);
    unsigned sw = in->ops[0].type.bits, dw = in->type.bits;
    r.bits = in->op == IR_SEXT ? (uint64_t)ir_sext(a.bits, sw) : a.bits;
    /* A value narrower than a pointer cannot carry an address. */
    r.prov = in->op == IR_COPY || (sw >= st->pw && dw >= st->pw) ? a.prov : 0;
    if (st->opt->math_exact && in->op == IR_TRUNC && dw > 1 && !math_result_ok(st, in, a.bits, 0, r.bits)) return;
    break;
  }
  case IR_PTRADD:
    a = eval(st, fr, &in->ops[0], in->loc);
    b = eval(st, fr, &in->ops[1], in->loc);
    r.bits = (a.bits + b.bits) & st->pmask;
    r.prov = a.prov ? a.prov : b.prov;
    break;
  case IR_PHI: malformed(st, in->loc, "phi after the start of its block"); return;
  case IR_ALLOCA: {
    a = eval(st, fr, &in->ops[0], in->loc);
    if (st->done) return;
    uint64_t size;
    if (__builtin_mul_overflow(in->size, a.bits, &size)) size = UINT64_MAX;
    uint32_t o = mem_stack_alloc(st, size, in->align, in->name, in->loc);
    if (!o) return;
    r = mem_ptr(st, o, 0);
    break;
  }
  case IR_LOAD: {
    a = eval(st, fr, &in->ops[0], in->loc);
    if (st->done) return;
    if (in->size == 0 || in->size > 8) {
      interp_end_unsupported(st, in->loc, "load of %llu bytes", (unsigned long long)in->size);
      return;
    }
    uint64_t off;
    uint32_t o = mem_check(st, a, in->size, "load", false, in->loc, &off);
    if (!o) return;
    r.bits = mem_load(st, o, off, (unsigned)in->size, in->type.bits, in->type.kind == IR_TY_PTR, in->loc, &r.prov);
    break;
  }
  case IR_STORE: {
    a = eval(st, fr, &in->ops[0], in->loc);
    b = eval(st, fr, &in->ops[1], in->loc);
    if (st->done) return;
    if (in->size == 0 || in->size > 8) {
      interp_end_unsupported(st, in->loc, "store of %llu bytes", (unsigned long long)in->size);
      return;
    }
    uint64_t off;
    uint32_t o = mem_check(st, b, in->size, "store", true, in->loc, &off);
    if (!o) return;
    mem_store(st, o, off, (unsigned)in->size, a.bits, a.prov);
    fr->pc++;
    return;
  }
  case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FCMP: case IR_FPTOSI:
  case IR_FPTOUI: case IR_SITOFP: case IR_UITOFP: case IR_FPEXT: case IR_FPTRUNC: case IR_FMATH: {
    uint64_t v[2] = {0, 0};
    for (uint32_t k = 0; k < in->nops && k < 2; k++) v[k] = eval(st, fr, &in->ops[k], in->loc).bits;
    if (st->done || !interp_float_op(st, in, v, &r.bits)) return;
    break;
  }
  case IR_ASM:
    /* The result does not depend on the operands: they are not read (an
     * undef one draws nothing). */
    if (in->type.kind != IR_TY_VOID && (in->flags & IR_ASM_EXTERN_CALL))
      r.bits = interp_nondet_next(st, in->type.bits, in->type.kind == IR_TY_PTR, INTERP_ND_EXTERN, in->loc,
                                  (uint32_t)in->size);
    else if (in->type.kind != IR_TY_VOID)
      r.bits = interp_nondet_next(st, in->type.bits, in->type.kind == IR_TY_PTR, INTERP_ND_ASM, in->loc, IR_NONE);
    break;
  case IR_HAVOC: {
    a = eval(st, fr, &in->ops[0], in->loc);
    if (st->done) return;
    uint64_t off;
    uint32_t o = mem_check(st, a, in->size, "store", true, in->loc, &off);
    if (!o) return;
    for (uint64_t k = 0; k < in->size && !st->done; k++) {
      uint64_t byte = interp_nondet_next(st, 8, false, INTERP_ND_ASM, in->loc, IR_NONE);
      if (!st->done) mem_store(st, o, off + k, 1, byte, 0);
    }
    if (st->done) return;
    break;
  }
  case IR_CALL: do_call(st, f, in); return;
  case IR_BR:
    if (in->ntargets < 1) break;
    jump(st, in->targets[0], in->loc);
    return;
  case IR_CONDBR:
    a = eval(st, fr, &in->ops[0], in->loc);
    if (st->done || in->ntargets < 2) break;
    if (st->opt->observe)
      st->opt->observe(st->opt->observe_ctx,
                       &(interp_event){.kind = INTERP_EV_BRANCH, .loc = in->loc, .func = fr->func, .taken = (a.bits & 1) != 0});
    jump(st, in->targets[(a.bits & 1) ? 0 : 1], in->loc);
    return;
  case IR_SWITCH: {
    a = eval(st, fr, &in->ops[0], in->loc);
    if (st->done || in->ntargets < 1) break;
    uint64_t m = ir_mask(in->ops[0].type.bits);
    uint32_t t = in->targets[0];
    for (uint32_t i = 1; i < in->ntargets; i++)
      if ((in->case_values[i - 1] & m) == (a.bits & m)) {
        t = in->targets[i];
        break;
      }
    jump(st, t, in->loc);
    return;
  }
  case IR_RET: do_return(st, in); return;
  case IR_UNREACHABLE:
    interp_end_ub(st, INTERP_UB_UNREACHABLE, in->loc, "executed unreachable in '%s'", f->name);
    return;
  default: malformed(st, in->loc, "unknown opcode"); return;
  }
  if (st->done) return;
  if (ir_is_terminator(in->op)) {
    malformed(st, in->loc, "terminator without targets");
    return;
  }
  if (in->type.kind != IR_TY_VOID) set_reg(st, fi, id, r);
  st->frames.data[fi].pc++;
}

/* ---- setup ------------------------------------------------------------------------------ */
/* main(argc, argv[, envp]): argc = 1, argv = {"program", NULL}, envp = {NULL}. */
static bool main_args(interp_state *st, const ir_func *mainf) {
  static const char prog[] = "program";
  unsigned pb = st->pw / 8;
  st->args.len = 0;
  for (uint32_t i = 0; i < mainf->nparams; i++) {
    ir_type t = mainf->params[i];
    ival v = {0, 0};
    if (i == 0 && t.kind == IR_TY_INT) {
      v.bits = 1;
    } else if (i == 1 && t.kind == IR_TY_PTR) {
      uint32_t s = mem_new(st, OBJ_ARGV, sizeof prog, 16, "argv[0]", mainf->loc);
      uint32_t a = s ? mem_new(st, OBJ_ARGV, 2 * pb, pb, "argv", mainf->loc) : 0;
      if (!a) {
        interp_end_resources(st, mainf->loc, "address space exhausted");
        return false;
      }
      for (unsigned k = 0; k < sizeof prog; k++) mem_store(st, s, k, 1, (uint8_t)prog[k], 0);
      ival p0 = mem_ptr(st, s, 0);
      mem_store(st, a, 0, pb, p0.bits, p0.prov);
      v = mem_ptr(st, a, 0);
    } else if (i == 2 && t.kind == IR_TY_PTR) {
      uint32_t e = mem_new(st, OBJ_ARGV, pb, pb, "envp", mainf->loc);
      if (!e) {
        interp_end_resources(st, mainf->loc, "address space exhausted");
        return false;
      }
      v = mem_ptr(st, e, 0);
    } else {
      interp_end_unsupported(st, mainf->loc, "main with parameter %u of this type", i + 1);
      return false;
    }
    VEC_PUSH(st->args, v);
  }
  assert(st->args.len == mainf->nparams);
  return true;
}

void interp_run(const ir_module *m, const interp_options *opt_in, interp_result *res) {
  interp_options defaults;
  if (!opt_in) {
    interp_options_default(&defaults);
    opt_in = &defaults;
  }
  memset(res, 0, sizeof *res);
  res->max_steps = opt_in->max_steps;
  res->loc = ir_loc_none();
  interp_state st;
  memset(&st, 0, sizeof st);
  st.m = m;
  st.opt = opt_in;
  st.res = res;
  st.pw = m->ptr_bits == 32 ? 32 : 64;
  st.pmask = ir_mask(st.pw);
  st.rng = opt_in->seed;
  st.eff_builtin = xcalloc(m->funcs.len + 1, 1);
  for (size_t i = 0; i < m->funcs.len; i++) st.eff_builtin[i] = (uint8_t)ir_func_effective_builtin(&m->funcs.data[i]);

  if (opt_in->lasso.enabled) lasso_init(&st);
  if (mem_init(&st)) {
    assert(st.objs.len == 1 + m->funcs.len + m->globals.len);
    uint32_t mi = ir_func_find(m, "main");
    if (mi == IR_NONE || !m->funcs.data[mi].defined) {
      interp_end_unsupported(&st, ir_loc_none(), "no definition of main");
    } else if (main_args(&st, &m->funcs.data[mi])) {
      push_frame(&st, mi, IR_NONE, m->funcs.data[mi].loc);
      uint64_t max = opt_in->max_steps, ticks = 0;
      while (!st.done) {
        if (max && res->steps >= max) {
          interp_end(&st, INTERP_OUT_OF_STEPS, ir_loc_none(), NULL);
          break;
        }
        if (opt_in->budget.deadline > 0 && (++ticks & 0xfff) == 0 && budget_expired(opt_in->budget)) {
          interp_end(&st, INTERP_OUT_OF_RESOURCES, ir_loc_none(), xstrdup("time budget"));
          break;
        }
        step(&st);
      }
    }
  }

  lasso_free(&st);
  mem_free_all(&st);
  free(st.eff_builtin);
  VEC_FREE(st.frames);
  VEC_FREE(st.regs);
  VEC_FREE(st.allocas);
  VEC_FREE(st.tmp);
  VEC_FREE(st.args);
  VEC_FREE(st.event_values);
}

void interp_result_free(interp_result *r) {
  free(r->detail);
  VEC_FREE(r->nondet);
  VEC_FREE(r->leaks);
  for (size_t i = 0; i < r->externals.len; i++) free(r->externals.data[i].bytes);
  VEC_FREE(r->externals);
  r->detail = NULL;
}
