/* recur: recurrent sets at a loop head (bmc.h, "recurrent sets").
 *
 * The proof obligation for a set S at loop head H, with x the values the
 * loop reads and x' their values when the iteration is back at H:
 *
 *     S(x)  implies  back(x) and not ub(x) and S(x')
 *
 * where back is the guard of the states that take an edge back to H and ub
 * the disjunction of the check sites (every undefined behaviour, error
 * calls) and of the bound cuts of inlined calls. It is valid iff
 * S(x) and not (back and not ub and S(x')) is unsatisfiable. The draws of
 * the iteration are either free variables (then the proof holds for every
 * value: "for all" is stronger than the "some choice" that
 * non-termination needs) or replaced by one constant.
 *
 * S is found the Houdini way: start from every candidate atom true at the
 * concrete visit, and while some state of S that comes back without UB
 * leaves S, drop the atoms that its successor violates. What remains is
 * inductive relative to back and not ub; the final query then asks the
 * whole obligation once more.
 */
#include <assert.h>
#include <gmp.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ir/c_types.h"
#include "../ir/cfg.h"
#include "../ir/ir_arith.h"
#include "../smt/build.h"
#include "../smt/solver.h"
#include "internal.h"

#define RECUR_MAX_SLOTS 48     /* values the loop reads */
#define RECUR_MAX_PAIR_SLOTS 16 /* relations between two values only up to this many */
#define RECUR_BOUND 2          /* inlining depth of recursive calls in the iteration */
#define RECUR_MAX_ROUNDS 64
#define RECUR_MAX_CONSTS 16    /* constants of the loop's comparisons used in candidates */

void bmc_recur_free(bmc_recur_result *r) {
  free(r->vars);
  free(r->slots);
  VEC_FREE(r->atoms);
  if (r->ctx) smt_ctx_free(r->ctx);
  memset(r, 0, sizeof *r);
}

/* ---- what the loop may contain ------------------------------------------------ */
static bool allowed_builtin(ir_builtin b) {
  switch (b) {
  case IR_BUILTIN_NONDET: case IR_BUILTIN_ASSUME: case IR_BUILTIN_VERIFIER_ERROR: case IR_BUILTIN_REACH_ERROR:
  case IR_BUILTIN_ABORT: case IR_BUILTIN_EXIT: case IR_BUILTIN_TRAP:
    return true;
  default: return false;
  }
}

/* Why the instructions of blocks[b] with keep[b] (all if keep is NULL) of
 * function fid cannot be encoded from a concrete state, NULL if they can;
 * callees are checked the same way (seen: per function, visited). */
static const char *refuse(const ir_module *m, uint32_t fid, const bool *keep, uint8_t *seen) {
  const ir_func *f = &m->funcs.data[fid];
  seen[fid] = 1;
  for (uint32_t b = 0; b < f->nblocks; b++) {
    if (keep && !keep[b]) continue;
    const ir_block *bl = &f->blocks[b];
    for (uint32_t i = bl->first; i < bl->first + bl->count; i++) {
      const ir_inst *in = &f->insts[i];
      if (in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ALLOCA || in->op == IR_HAVOC)
        return "the loop accesses memory";
      /* an asm result is a draw of the interpreter but no choice of the
       * environment: the constant-draw proofs would fix it */
      if (in->op == IR_ASM) return "the loop contains inline asm";
      for (uint32_t k = 0; k < in->nops; k++)
        if (in->ops[k].kind == IR_VAL_GLOBAL || in->ops[k].kind == IR_VAL_FUNC) {
          if (in->op == IR_CALL && k == 0 && in->callee != IR_NONE) continue; /* the direct callee */
          return "the loop uses the address of a global or function";
        }
      if (in->op != IR_CALL) continue;
      if (in->callee == IR_NONE) return "the loop makes an indirect call";
      const ir_func *g = &m->funcs.data[in->callee];
      ir_builtin bi = ir_func_effective_builtin(g);
      if (bi != IR_BUILTIN_NONE) {
        if (!allowed_builtin(bi)) return "the loop calls a library function";
        continue;
      }
      if (!g->defined || !g->nblocks) return "the loop calls a function without body";
      if (!seen[in->callee]) {
        const char *why = refuse(m, in->callee, NULL, seen);
        if (why) return why;
      }
    }
  }
  return NULL;
}


/* ---- atoms ---------------------------------------------------------------------------- */
typedef struct {
  smt_ctx *ctx;
  uint32_t nslots;
  smt_term *vars;
  mpz_t *vals;
  mpz_srcptr *valp; /* valp[i] = vals[i], as smt_eval takes them */
  uint32_t *width;
} slot_env;

static smt_term atom_term(const slot_env *s, const bmc_recur_atom *a) {
  smt_ctx *c = s->ctx;
  smt_term x = s->vars[a->a];
  unsigned w = s->width[a->a];
  smt_term y = a->b != UINT32_MAX ? s->vars[a->b] : smt_mk_bv(c, w, a->c);
  switch (a->rel) {
  case RECUR_EQ: return smt_mk_eq(c, x, y);
  case RECUR_SLE: return smt_mk_bv_op2(c, SMT_BV_SLE, x, y);
  case RECUR_SGE: return smt_mk_bv_op2(c, SMT_BV_SGE, x, y);
  case RECUR_ULE: return smt_mk_bv_op2(c, SMT_BV_ULE, x, y);
  case RECUR_UGE: return smt_mk_bv_op2(c, SMT_BV_UGE, x, y);
  default:
    return smt_mk_eq(c, smt_mk_bv_extract(c, x, a->bits - 1, 0), smt_mk_bv(c, a->bits, a->c & ir_mask(a->bits)));
  }
}

/* True when t holds at the concrete visit. */
static bool holds(const slot_env *s, smt_term t) {
  mpz_t out;
  mpz_init(out);
  bool ok = smt_eval(s->ctx, t, s->nslots, s->vars, s->valp, out) && mpz_sgn(out) != 0;
  mpz_clear(out);
  return ok;
}

typedef bmc_recur_atom_vec atom_vec;

static void candidate(const slot_env *s, atom_vec *atoms, smt_term_vec *terms, bmc_recur_atom a) {
  smt_term t = atom_term(s, &a);
  if (t == SMT_TRUE || !holds(s, t)) return; /* trivial, or false at the visit */
  for (size_t i = 0; i < terms->len; i++)
    if (terms->data[i] == t) return;
  VEC_PUSH(*atoms, a);
  VEC_PUSH(*terms, t);
}

/* Candidates: per value, its relations with its value at the visit, with
 * the constants the loop compares with (and 0), and its low bits; between
 * two values of a width, their order. */
static void candidates(const slot_env *s, const uint64_t *consts, const uint32_t *cwidth, size_t nconsts,
                       atom_vec *atoms, smt_term_vec *terms) {
  static const unsigned lowbits[] = {1, 2, 3, 4, 8};
  for (uint32_t i = 0; i < s->nslots; i++) {
    unsigned w = s->width[i];
    uint64_t c = mpz_get_ui(s->vals[i]) & ir_mask(w);
    candidate(s, atoms, terms, (bmc_recur_atom){i, UINT32_MAX, RECUR_EQ, w, c});
    if (w == 1) continue;
    for (uint8_t r = RECUR_SLE; r <= RECUR_UGE; r++) candidate(s, atoms, terms, (bmc_recur_atom){i, UINT32_MAX, r, w, c});
    for (size_t k = 0; k <= nconsts; k++) {
      if (k < nconsts && cwidth[k] != w) continue;
      uint64_t kc = k < nconsts ? consts[k] & ir_mask(w) : 0;
      for (uint8_t r = RECUR_SLE; r <= RECUR_UGE; r++) candidate(s, atoms, terms, (bmc_recur_atom){i, UINT32_MAX, r, w, kc});
    }
    for (size_t k = 0; k < sizeof lowbits / sizeof *lowbits && lowbits[k] < w; k++)
      candidate(s, atoms, terms, (bmc_recur_atom){i, UINT32_MAX, RECUR_LOWBITS, lowbits[k], c});
  }
  if (s->nslots > RECUR_MAX_PAIR_SLOTS) return;
  for (uint32_t i = 0; i < s->nslots; i++)
    for (uint32_t j = 0; j < s->nslots; j++)
      if (i != j && s->width[i] == s->width[j] && s->width[i] > 1)
        for (uint8_t r = RECUR_EQ; r <= RECUR_UGE; r++)
          if (r != RECUR_EQ || i < j) candidate(s, atoms, terms, (bmc_recur_atom){i, j, r, s->width[i], 0});
}

/* Drops atoms that another one of the same value implies syntactically:
 * everything else about a value equal to a constant, and low-bit atoms
 * with fewer bits than another. (Only for the atom list that explains S;
 * S itself keeps them all: the same set.) */
static void prune(bmc_recur_atom_vec *atoms) {
  size_t n = 0;
  for (size_t i = 0; i < atoms->len; i++) {
    const bmc_recur_atom *a = &atoms->data[i];
    bool implied = false;
    for (size_t j = 0; j < atoms->len && !implied; j++) {
      const bmc_recur_atom *o = &atoms->data[j];
      if (j == i || o->a != a->a || o->b != UINT32_MAX || a->b != UINT32_MAX) continue;
      if (o->rel == RECUR_EQ && a->rel != RECUR_EQ) implied = true;
      if (o->rel == RECUR_LOWBITS && a->rel == RECUR_LOWBITS && o->bits > a->bits) implied = true;
    }
    if (!implied) atoms->data[n++] = *a;
  }
  atoms->len = n;
}

/* ---- the search ---------------------------------------------------------------------- */
static bool model_true(smt_solver *sv, smt_term t) {
  if (t == SMT_TRUE) return true;
  if (t == SMT_FALSE) return false;
  return smt_solver_value(sv, t) == SMT_TRUE;
}

/* Houdini over atoms[0 .. n) (alive[i]) with the iteration (back, ub, next
 * of each atom), then the whole obligation. True when S is proved. */
static bool prove(smt_ctx *c, const smt_term *atoms, const smt_term *next, bool *alive, size_t n, smt_term back,
                  smt_term ub, budget bu, unsigned *queries, char *why, size_t whylen) {
  smt_solver *sv = smt_solver_new(c, SMT_BACKEND_Z3);
  smt_term ok_step = smt_mk_and2(c, back, smt_mk_not(c, ub));
  bool proved = false;
  for (unsigned round = 0; round < RECUR_MAX_ROUNDS; round++) {
    smt_term_vec s = {0}, s2 = {0};
    for (size_t i = 0; i < n; i++)
      if (alive[i]) {
        VEC_PUSH(s, atoms[i]);
        VEC_PUSH(s2, next[i]);
      }
    smt_term S = smt_mk_and(c, (uint32_t)s.len, s.data), S2 = smt_mk_and(c, (uint32_t)s2.len, s2.data);
    VEC_FREE(s);
    VEC_FREE(s2);
    /* the relative induction step: a state of S that comes back without UB leaves S */
    smt_solver_push(sv);
    smt_solver_assert(sv, S);
    smt_solver_assert(sv, ok_step);
    smt_solver_assert(sv, smt_mk_not(c, S2));
    smt_result r = smt_solver_check(sv, bu);
    ++*queries;
    if (r == SMT_SAT) {
      size_t dropped = 0;
      for (size_t i = 0; i < n; i++)
        if (alive[i] && !model_true(sv, next[i])) alive[i] = false, dropped++;
      smt_solver_pop(sv, 1);
      if (!dropped) { /* cannot happen with a correct model */
        snprintf(why, whylen, "the solver's model violates no atom");
        break;
      }
      continue;
    }
    smt_solver_pop(sv, 1);
    if (r != SMT_UNSAT) {
      snprintf(why, whylen, "solver: %s", r == SMT_UNKNOWN ? "unknown (timeout)" : "?");
      break;
    }
    /* the whole obligation, in one query */
    smt_solver_push(sv);
    smt_solver_assert(sv, S);
    smt_solver_assert(sv, smt_mk_not(c, smt_mk_and2(c, ok_step, S2)));
    r = smt_solver_check(sv, bu);
    ++*queries;
    smt_solver_pop(sv, 1);
    if (r == SMT_UNSAT) proved = true;
    else
      snprintf(why, whylen, "%s", r == SMT_SAT ? "the strongest inductive set of the candidates has states that "
                                                 "leave the loop or reach undefined behaviour"
                                               : "solver: unknown (timeout)");
    break;
  }
  if (!proved && !why[0]) snprintf(why, whylen, "no inductive set within %d rounds", RECUR_MAX_ROUNDS);
  smt_solver_free(sv);
  return proved;
}

/* The postcondition of a found set: the given visit's values lie in S,
 * evaluated exactly (smt_eval), independently of the proof. */
static bool values_in_set(const bmc_recur_result *r, const bmc_recur_query *q) {
  mpz_t *mv = xcalloc(r->nvars + 1, sizeof *mv), res;
  mpz_srcptr *mp = xcalloc(r->nvars + 1, sizeof *mp);
  mpz_init(res);
  for (uint32_t i = 0; i < r->nvars; i++) {
    assert(r->slots[i] < q->nvalues);
    unsigned w = smt_sort_width(smt_term_sort(r->ctx, r->vars[i]));
    mpz_init_set_ui(mv[i], q->values[r->slots[i]] & ir_mask(w));
    mp[i] = mv[i];
  }
  bool in_set = smt_eval(r->ctx, r->set, r->nvars, r->vars, mp, res) && mpz_sgn(res) != 0;
  for (uint32_t i = 0; i < r->nvars; i++) mpz_clear(mv[i]);
  free(mv);
  free(mp);
  mpz_clear(res);
  return in_set;
}

bool bmc_recur_find(const ir_module *m, const bmc_recur_query *q, bmc_recur_result *out) {
  memset(out, 0, sizeof *out);
  if (q->func >= m->funcs.len || !m->funcs.data[q->func].defined) {
    snprintf(out->reason, sizeof out->reason, "no such function");
    return false;
  }
  const ir_func *f = &m->funcs.data[q->func];
  if (q->head >= f->nblocks || q->nvalues != f->ninsts + f->nparams) {
    snprintf(out->reason, sizeof out->reason, "the visit does not match the function");
    return false;
  }
  /* the slots: phis of the head, values from outside the loop that it reads, the parameters */
  uint32_t *slot_of = xmalloc((q->nvalues + 1) * sizeof *slot_of);
  for (uint32_t i = 0; i < q->nvalues; i++) slot_of[i] = UINT32_MAX;
  VEC(uint32_t) slots = {0};
  bool *in_loop = xcalloc(f->nblocks, sizeof *in_loop);
  uint8_t *seen = xcalloc(m->funcs.len + 1, 1);
  const char *why = q->recursion                        ? refuse(m, q->func, NULL, seen)
                    : ir_natural_loop(f, q->head, in_loop) ? refuse(m, q->func, in_loop, seen)
                                                        : "not a loop head";
  free(seen);
  if (q->recursion) /* the slots: the parameters */
    for (uint32_t k = 0; k < f->nparams; k++) {
      slot_of[f->ninsts + k] = (uint32_t)slots.len;
      VEC_PUSH(slots, f->ninsts + k);
    }
  const ir_block *hb = &f->blocks[q->head];
  for (uint32_t i = hb->first; !why && !q->recursion && i < hb->first + hb->count && f->insts[i].op == IR_PHI; i++)
  {
    slot_of[i] = (uint32_t)slots.len;
    VEC_PUSH(slots, i);
  }
  for (uint32_t b = 0; !why && !q->recursion && b < f->nblocks; b++) {
    if (!in_loop[b]) continue;
    for (uint32_t i = f->blocks[b].first; i < f->blocks[b].first + f->blocks[b].count; i++)
      for (uint32_t k = 0; k < f->insts[i].nops; k++) {
        const ir_value *v = &f->insts[i].ops[k];
        /* a phi of the head reads its entry operands only before the loop */
        if (b == q->head && f->insts[i].op == IR_PHI && k < f->insts[i].ntargets && !in_loop[f->insts[i].targets[k]])
          continue;
        uint32_t slot = UINT32_MAX;
        if (v->kind == IR_VAL_INST && v->id < f->ninsts && !in_loop[f->insts[v->id].block]) slot = v->id;
        if (v->kind == IR_VAL_ARG && v->id < f->nparams) slot = f->ninsts + v->id;
        if (slot != UINT32_MAX && slot_of[slot] == UINT32_MAX) {
          slot_of[slot] = (uint32_t)slots.len;
          VEC_PUSH(slots, slot);
        }
      }
  }
  if (!why && slots.len > RECUR_MAX_SLOTS) why = "the loop reads too many values";
  if (why) {
    snprintf(out->reason, sizeof out->reason, "%s", why);
    free(in_loop);
    free(slot_of);
    VEC_FREE(slots);
    return false;
  }

  smt_ctx *c = smt_ctx_new();
  out->ctx = c;
  unsigned pw = m->ptr_bits == 32 ? 32 : 64;
  slot_env env = {c, (uint32_t)slots.len, xcalloc(slots.len + 1, sizeof(smt_term)),
                  xcalloc(slots.len + 1, sizeof(mpz_t)), xcalloc(slots.len + 1, sizeof(mpz_srcptr)),
                  xcalloc(slots.len + 1, sizeof(uint32_t))};
  for (uint32_t i = 0; i < env.nslots; i++) {
    uint32_t sl = slots.data[i];
    ir_type t = sl < f->ninsts ? f->insts[sl].type : f->params[sl - f->ninsts];
    unsigned w = t.kind == IR_TY_PTR ? pw : (t.bits ? t.bits : 1);
    char name[32];
    snprintf(name, sizeof name, "s%u", sl);
    env.width[i] = w;
    env.vars[i] = smt_mk_var(c, name, smt_sort_bv(w));
    mpz_init_set_ui(env.vals[i], q->values[sl] & ir_mask(w));
    env.valp[i] = env.vals[i];
  }

  /* one iteration from the slots' variables */
  benc e = {0};
  e.m = m;
  e.ctx = c;
  e.pw = pw;
  e.bound = RECUR_BOUND;
  e.checks = ~0u;
  e.ub_all = true;
  e.budget = q->budget;
  bstate start = {0}, next;
  start.guard = SMT_TRUE;
  start.mem = smt_mk_var(c, "mem0", smt_sort_array(pw));
  start.regs = xcalloc(f->ninsts + 1, sizeof *start.regs);
  smt_term *args = xcalloc(f->nparams + 1, sizeof *args);
  for (uint32_t a = 0; a < f->nparams; a++) {
    ir_type t = f->params[a];
    args[a] = smt_mk_fresh(c, "arg", smt_sort_bv(t.kind == IR_TY_PTR ? pw : (t.bits ? t.bits : 1)));
  }
  for (uint32_t i = 0; i < env.nslots; i++) {
    uint32_t sl = slots.data[i];
    if (sl < f->ninsts) start.regs[sl] = env.vars[i];
    else args[sl - f->ninsts] = env.vars[i];
  }
  smt_term *rec_next = xcalloc(f->nparams + 1, sizeof *rec_next);
  bool encoded;
  if (q->recursion) {
    memset(&next, 0, sizeof next);
    encoded = benc_recursion(&e, q->func, args, &start, &next.guard, rec_next);
  } else {
    encoded = benc_iteration(&e, q->func, q->head, in_loop, args, &start, &next);
  }
  free(args);
  if (q->recursion) /* every block may run before the recursive call */
    for (uint32_t b = 0; b < f->nblocks; b++) in_loop[b] = true;
  const bool *loop_blocks = in_loop;

  if (!encoded) {
    snprintf(out->reason, sizeof out->reason, "%s",
             e.out_of_time ? "timeout while encoding the iteration"
             : q->recursion ? "the encoding gave up" : "the loop has an inner loop");
  } else {
    smt_term_vec ubs = {0};
    for (size_t i = 0; i < e.viols.len; i++) VEC_PUSH(ubs, e.viols.data[i].cond);
    for (size_t i = 0; i < e.cuts.len; i++) VEC_PUSH(ubs, e.cuts.data[i].cond);
    smt_term ub = smt_mk_or(c, (uint32_t)ubs.len, ubs.data);
    VEC_FREE(ubs);
    /* x': the head's phis take their next values, everything else is loop-invariant */
    smt_term *repl = xcalloc(env.nslots + 1, sizeof *repl);
    for (uint32_t i = 0; i < env.nslots; i++) {
      uint32_t sl = slots.data[i];
      if (q->recursion && sl >= f->ninsts)
        repl[i] = rec_next[sl - f->ninsts];
      else if (!q->recursion && sl < f->ninsts && f->insts[sl].op == IR_PHI && f->insts[sl].block == q->head &&
               next.regs)
        repl[i] = next.regs[sl];
    }
    /* the constants the loop compares with */
    uint64_t consts[RECUR_MAX_CONSTS];
    uint32_t cwidth[RECUR_MAX_CONSTS];
    size_t nconsts = 0;
    for (uint32_t b = 0; b < f->nblocks; b++) {
      if (!loop_blocks[b]) continue;
      for (uint32_t i = f->blocks[b].first; i < f->blocks[b].first + f->blocks[b].count; i++) {
        const ir_inst *in = &f->insts[i];
        if (in->op != IR_ICMP) continue;
        for (uint32_t k = 0; k < 2 && k < in->nops && nconsts < RECUR_MAX_CONSTS; k++)
          if (in->ops[k].kind == IR_VAL_CONST && in->ops[k].type.kind == IR_TY_INT) {
            consts[nconsts] = in->ops[k].imm;
            cwidth[nconsts++] = in->ops[k].type.bits;
          }
      }
    }
    atom_vec atoms = {0};
    smt_term_vec terms = {0};
    candidates(&env, consts, cwidth, nconsts, &atoms, &terms);
    /* draws: first for every value, then every draw answered 0, then 1 */
    smt_term_vec draws = {0};
    for (size_t i = 0; i < e.events.len; i++) VEC_PUSH(draws, e.events.data[i].value);
    for (int mode = 0; mode < 3 && !out->found; mode++) {
      if (mode && !draws.len) break;
      if (budget_expired(q->budget)) {
        snprintf(out->reason, sizeof out->reason, "timeout");
        break;
      }
      smt_term b = next.guard, u = ub;
      smt_term *r = xcalloc(env.nslots + 1, sizeof *r);
      memcpy(r, repl, env.nslots * sizeof *r);
      if (mode) {
        smt_term_vec vals = {0};
        for (size_t i = 0; i < draws.len; i++)
          VEC_PUSH(vals, smt_mk_bv(c, smt_bv_width(c, draws.data[i]), (uint64_t)(mode - 1)));
        b = smt_subst(c, b, (uint32_t)draws.len, draws.data, vals.data);
        u = smt_subst(c, u, (uint32_t)draws.len, draws.data, vals.data);
        for (uint32_t i = 0; i < env.nslots; i++)
          if (r[i] != SMT_NULL) r[i] = smt_subst(c, r[i], (uint32_t)draws.len, draws.data, vals.data);
        VEC_FREE(vals);
      }
      smt_term *nexts = xcalloc(terms.len + 1, sizeof *nexts);
      for (size_t i = 0; i < terms.len; i++) nexts[i] = smt_subst(c, terms.data[i], env.nslots, env.vars, r);
      bool *alive = xcalloc(terms.len + 1, sizeof *alive);
      for (size_t i = 0; i < terms.len; i++) alive[i] = true;
      out->reason[0] = 0;
      if (b != SMT_FALSE &&
          prove(c, terms.data, nexts, alive, terms.len, b, u, q->budget, &out->queries, out->reason,
                sizeof out->reason)) {
        out->found = true;
        out->cycle_any = mode == 0;
        out->cycle_value = mode ? (uint64_t)(mode - 1) : 0;
        smt_term_vec s = {0};
        for (size_t i = 0; i < terms.len; i++)
          if (alive[i]) {
            VEC_PUSH(s, terms.data[i]);
            bmc_recur_atom a = atoms.data[i];
            a.a = slots.data[a.a]; /* from slot index to value slot */
            if (a.b != UINT32_MAX) a.b = slots.data[a.b];
            VEC_PUSH(out->atoms, a);
          }
        prune(&out->atoms);
        out->set = smt_mk_and(c, (uint32_t)s.len, s.data);
        VEC_FREE(s);
      } else if (b == SMT_FALSE) {
        snprintf(out->reason, sizeof out->reason, "the iteration never comes back to the head");
      }
      free(nexts);
      free(alive);
      free(r);
    }
    VEC_FREE(draws);
    VEC_FREE(atoms);
    VEC_FREE(terms);
    free(repl);
    benc_state_free(&next);
  }
  if (out->found) {
    out->nvars = env.nslots;
    out->vars = env.vars;
    out->slots = slots.data;
    env.vars = NULL;
    slots.data = NULL;
  }
  for (uint32_t i = 0; i < env.nslots; i++) mpz_clear(env.vals[i]);
  free(env.vals);
  free(env.valp);
  free(env.vars);
  free(env.width);
  VEC_FREE(slots);
  free(slot_of);
  free(in_loop);
  free(rec_next);
  benc_free(&e);
  if (out->found && !values_in_set(out, q)) {
    out->found = false;
    snprintf(out->reason, sizeof out->reason, "the visit's values are not in the set");
  }
  return out->found;
}

/* ---- S in words ----------------------------------------------------------------- */
/* The source name of a slot (bmc.h), NULL if it has none. */
static const char *slot_var(const ir_func *f, uint32_t slot) {
  if (slot < f->ninsts) return f->insts[slot].var;
  uint32_t k = slot - f->ninsts;
  return k < f->nparams && f->param_names ? f->param_names[k] : NULL;
}

static bool slot_is_int(const ir_func *f, uint32_t slot) {
  ir_type t = slot < f->ninsts ? f->insts[slot].type : f->params[slot - f->ninsts];
  return t.kind == IR_TY_INT;
}

static void literal(strbuf *out, uint64_t c, unsigned bits, bool is_signed) {
  if (!is_signed) {
    strbuf_printf(out, "%" PRIu64 "%s", c & ir_mask(bits), bits > 32 ? "ULL" : "U");
    return;
  }
  int64_t s = ir_sext(c, bits);
  if (bits == 64 && s == INT64_MIN) strbuf_printf(out, "(-9223372036854775807LL - 1)");
  else if (bits <= 32 && s == INT32_MIN) strbuf_printf(out, "(-2147483647 - 1)");
  else strbuf_printf(out, "%" PRId64 "%s", s, bits > 32 ? "LL" : "");
}

/* One atom; `c_only`: false when it cannot be written in C over source
 * variables, otherwise IR names (%N) stand in for values without one. */
static bool render_atom(const ir_func *f, const bmc_recur_atom *a, bool c_only, strbuf *out) {
  static const char *ops[] = {"==", "<=", ">=", "<=", ">="};
  bool sgn = a->rel == RECUR_SLE || a->rel == RECUR_SGE;
  unsigned w = a->rel == RECUR_LOWBITS ? 0 : a->bits;
  const char *x = slot_var(f, a->a), *y = a->b != UINT32_MAX ? slot_var(f, a->b) : NULL;
  if (w == 0) { /* LOWBITS: the width of the value */
    ir_type t = a->a < f->ninsts ? f->insts[a->a].type : f->params[a->a - f->ninsts];
    w = t.bits;
  }
  const char *ty = c_int_type(w, sgn);
  if (c_only && (!x || !ty || !slot_is_int(f, a->a) || (a->b != UINT32_MAX && (!y || !slot_is_int(f, a->b)))))
    return false;
  char xn[32], yn[32];
  if (!x) snprintf(xn, sizeof xn, a->a < f->ninsts ? "%%%u" : "%%arg%u", a->a < f->ninsts ? a->a : a->a - f->ninsts), x = xn;
  if (a->b != UINT32_MAX && !y)
    snprintf(yn, sizeof yn, a->b < f->ninsts ? "%%%u" : "%%arg%u", a->b < f->ninsts ? a->b : a->b - f->ninsts), y = yn;
  if (!ty) ty = sgn ? "signed" : "unsigned"; /* IR names only: the width is in the IR */
  if (a->rel == RECUR_LOWBITS) {
    strbuf_printf(out, "((%s)%s & ", ty, x);
    literal(out, ir_mask(a->bits), w, false);
    strbuf_printf(out, ") == ");
    literal(out, a->c & ir_mask(a->bits), w, false);
    return true;
  }
  strbuf_printf(out, "(%s)%s %s ", ty, x, ops[a->rel]);
  if (a->b != UINT32_MAX) strbuf_printf(out, "(%s)%s", ty, y);
  else literal(out, a->c, w, sgn);
  return true;
}

char *bmc_recur_render(const ir_func *f, const bmc_recur_result *r, bool c_only) {
  strbuf b = {0};
  for (size_t i = 0; i < r->atoms.len; i++) {
    if (i) strbuf_printf(&b, " && ");
    if (!render_atom(f, &r->atoms.data[i], c_only, &b)) {
      strbuf_free(&b);
      return NULL;
    }
  }
  if (!r->atoms.len) strbuf_printf(&b, "1");
  return b.data;
}

