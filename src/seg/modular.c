/* modular: the state operations of modular graphs (seed 004 Sect. 3): call
 * abstraction (Def. 5), entry states with their variable identities, and
 * the intersection of a call state with a return state (Def. 7, 8). The
 * bookkeeping (which call meets which return) is graph.c's. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- call abstraction (Def. 5) ------------------------------------------------------ */

/* A parameter w that KB makes equal to the address u of PT atoms (a
 * pointer passed on unchanged): those atoms are keyed by w instead (the
 * same address); other atoms at an allocation's start, by that start. The
 * generalization rule matches PT atoms through their address variables
 * (graph.c, match_memory_vars): keyed by the parameter, the cell *p of a
 * recursion f(p) matches the entry's, and its value can change between
 * the calls. */
static void key_pt_by_params(seg_engine *e, seg_state *s) {
  assert(s->nframes == 1);
  const seg_frame *fr = &s->frames[0];
  /* u = w is read off KB's equalities by known offsets (layout.c): the
   * same class and the same offset */
  seg_layout lay;
  seg_layout_build(e, s, &lay);
  for (size_t j = 0; j < s->pt.len; j++) {
    smt_term u = s->pt.data[j].addr, ru, rw;
    int64_t ou, ow;
    if (smt_term_kind(e->ctx, u) != SMT_VAR || !seg_layout_offset(e, &lay, u, &ru, &ou)) continue;
    bool keyed = false;
    for (uint32_t k = 0; k < fr->nslots; k++) {
      smt_term w = fr->lv[k];
      if (w == SMT_NULL || w == u || !seg_layout_offset(e, &lay, w, &rw, &ow) || rw != ru || ow != ou) continue;
      s->pt.data[j].addr = w; /* a later slot naming the same address wins, as in slot order */
      keyed = true;
    }
    /* the others, at the start of an allocation, by its start: a cell of a
     * caller (its local c, passed on through a pointer the callee does not
     * have) then has the same address variable in every call abstraction
     * that keeps the allocation, so merging entry states keeps it */
    for (size_t a = 0; a < s->al.len && !keyed; a++) {
      smt_term lo = s->al.data[a].lo;
      if (lo == u) break;
      if (seg_layout_offset(e, &lay, lo, &rw, &ow) && rw == ru && ow == ou) {
        s->pt.data[j].addr = lo;
        break;
      }
    }
  }
  seg_layout_free(&lay);
  s->fo_cache = SMT_NULL;
}

/* Is v a run constant: the address of one of the module's globals, or the
 * last byte of a global (its address plus its size less one, made once
 * with it)? Renaming the last bytes too made every intersection a state
 * whose globals no entry state matched. */
static bool is_run_constant(const seg_state *s, smt_term v) {
  for (uint32_t g = 0; g < s->nglobals; g++)
    if (s->globals[g] == v) return true;
  for (size_t i = 0; i < s->al.len; i++)
    if (s->al.data[i].kind == SEG_AL_GLOBAL && s->al.data[i].hi == v) return true;
  return false;
}

seg_state *seg_call_abstraction(seg_engine *e, const seg_state *call) {
  assert(call->nframes >= 2);
  seg_state *ca = seg_state_copy(call);
  uint32_t top = ca->nframes - 1;
  for (uint32_t i = 0; i < top; i++) free(ca->frames[i].lv);
  ca->frames[0] = ca->frames[top];
  ca->frames[0].call_inst = IR_NONE;
  ca->nframes = 1;
  /* the stack objects of the removed frames stay allocated: they move into
   * the bottom frame (Def. 5), which the callee's ret never frees here */
  for (size_t i = 0; i < ca->al.len; i++)
    if (ca->al.data[i].kind == SEG_AL_STACK) ca->al.data[i].depth = 0;
  /* the call abstraction has no variable identities (Sect. 3.2) */
  free(ca->ghost);
  ca->ghost = NULL;
  ca->nghost = 0;
  ca->abstracted = true;
  ca->fo_cache = SMT_NULL;
  /* what only the callers' frames knew goes (Sect. 5.1: unreachable
   * information of call abstractions is deleted) */
  key_pt_by_params(e, ca);
  seg_project(e, ca);
  assert(seg_state_check(e, ca));
  return ca;
}

void seg_make_entry(seg_engine *e, seg_state *s) {
  smt_term_vec vars = {0};
  seg_state_vars(e, s, &vars);
  free(s->ghost);
  s->ghost = xmalloc((vars.len ? vars.len : 1) * sizeof *s->ghost);
  s->nghost = 0;
  for (size_t i = 0; i < vars.len; i++)
    if (!is_run_constant(s, vars.data[i])) s->ghost[s->nghost++] = vars.data[i];
  assert(s->nghost <= vars.len && s->abstracted); /* entries start functions' analyses */
  VEC_FREE(vars);
}

/* ---- intersection (Def. 7, 8) -------------------------------------------------------- */

typedef struct {
  smt_term_vec from, to;
} renaming;

static smt_term mu_of(uint32_t nmu, const smt_term *mu_var, const smt_term *mu_val, smt_term v) {
  for (uint32_t i = 0; i < nmu; i++)
    if (mu_var[i] == v) return mu_val[i];
  return v;
}

/* delta of Def. 8: every variable of the return state but the globals'
 * addresses (run constants, the same in every state) gets a fresh one.
 * With `identify`, a ghost variable whose identity equation (Def. 8,
 * mu(v) = delta(w)) has a variable of the call state on its left is
 * renamed to that variable instead: the equation made syntactic, so that
 * the caller's PT atoms and allocations keep their names across the call
 * (and merges at the caller match them). */
static void make_delta(seg_engine *e, seg_state *ret, const seg_state *entry, uint32_t nmu, const smt_term *mu_var,
                       const smt_term *mu_val, bool identify, renaming *d) {
  if (identify)
    for (uint32_t j = 0; j < ret->nghost; j++) {
      smt_term t = mu_of(nmu, mu_var, mu_val, entry->ghost[j]);
      bool seen = false;
      for (size_t i = 0; i < d->from.len && !seen; i++) seen = d->from.data[i] == ret->ghost[j];
      if (seen || smt_term_kind(e->ctx, t) != SMT_VAR) continue;
      VEC_PUSH(d->from, ret->ghost[j]);
      VEC_PUSH(d->to, t);
    }
  smt_term_vec vars = {0};
  seg_state_vars(e, ret, &vars);
  for (size_t i = 0; i < vars.len; i++) {
    smt_term v = vars.data[i];
    bool keep = is_run_constant(ret, v);
    for (size_t k = 0; k < d->from.len && !keep; k++) keep = d->from.data[k] == v; /* already renamed */
    if (keep) continue;
    char name[24];
    snprintf(name, sizeof name, "v%u", e->next_var++);
    VEC_PUSH(d->from, v);
    VEC_PUSH(d->to, smt_mk_var(e->ctx, name, SMT_SORT_INT));
  }
  VEC_FREE(vars);
}

static smt_term delta_var(const renaming *d, smt_term v) {
  for (size_t i = 0; i < d->from.len; i++)
    if (d->from.data[i] == v) return d->to.data[i];
  return v;
}

static smt_term delta_term(seg_engine *e, const renaming *d, smt_term t) {
  return smt_subst(e->ctx, t, (uint32_t)d->from.len, d->from.data, d->to.data);
}

/* removedAL (Def. 7): no allocation of the entry state is, after mu, this
 * allocation of the call state. The generalization rule matches
 * allocations syntactically (graph.c, memory_match), so a syntactic test
 * decides it; every allocation of the call abstraction is the call
 * state's. */
static bool removed_al(const seg_alloc *a, const seg_state *entry, uint32_t nmu, const smt_term *mu_var,
                       const smt_term *mu_val) {
  for (size_t i = 0; i < entry->al.len; i++) {
    const seg_alloc *x = &entry->al.data[i];
    if (mu_of(nmu, mu_var, mu_val, x->lo) == a->lo && mu_of(nmu, mu_var, mu_val, x->hi) == a->hi) return false;
  }
  return true;
}

/* What the intersection keeps of the call state's memory (Def. 8): the
 * callers' stack objects (they cannot have ended), the objects that the
 * generalization to the entry state removed (nothing in the callee could
 * touch them), and the PT atoms inside a removed object (unchanged by the
 * callee). Independent of delta, so computed once per intersection. */
typedef struct {
  VEC(seg_alloc) al;
  VEC(seg_pt) pt;
} call_memory;

static void kept_call_memory(seg_engine *e, seg_state *call, const seg_state *entry, uint32_t nmu,
                             const smt_term *mu_var, const smt_term *mu_val, call_memory *out) {
  smt_ctx *ctx = e->ctx;
  uint32_t top = call->nframes - 1;
  bool *removed = xcalloc(call->al.len ? call->al.len : 1, sizeof *removed);
  for (size_t i = 0; i < call->al.len; i++) {
    const seg_alloc *a = &call->al.data[i];
    bool callers_stack = a->kind == SEG_AL_STACK && a->depth < top;
    removed[i] = removed_al(a, entry, nmu, mu_var, mu_val);
    if (callers_stack || removed[i]) VEC_PUSH(out->al, *a);
  }
  smt_term_vec inside = {0};
  for (size_t i = 0; i < call->pt.len; i++) {
    const seg_pt *p = &call->pt.data[i];
    inside.len = 0;
    bool in_kept = false; /* at the start of an allocation the entry keeps: in no removed one */
    for (size_t j = 0; j < call->al.len && !in_kept; j++) in_kept = !removed[j] && call->al.data[j].lo == p->addr;
    for (size_t j = 0; j < call->al.len && !in_kept; j++) {
      if (!removed[j]) continue;
      const seg_alloc *a = &call->al.data[j];
      smt_term end = smt_mk_int_add2(ctx, p->addr, smt_mk_int(ctx, (int64_t)p->bytes - 1));
      VEC_PUSH(inside, smt_mk_and2(ctx, smt_mk_int_le(ctx, a->lo, p->addr), smt_mk_int_le(ctx, end, a->hi)));
    }
    if (inside.len && seg_entails(e, call, smt_mk_or(ctx, (uint32_t)inside.len, inside.data)) == SMT_YES)
      VEC_PUSH(out->pt, *p);
  }
  VEC_FREE(inside);
  free(removed);
}

static seg_state *intersect(seg_engine *e, seg_state *call, seg_state *ret, const seg_state *entry, uint32_t nmu,
                            const smt_term *mu_var, const smt_term *mu_val, const call_memory *cm, bool identify,
                            smt_term *from_ret);

seg_state *seg_intersect(seg_engine *e, seg_state *call, seg_state *ret, const seg_state *entry, uint32_t nmu,
                         const smt_term *mu_var, const smt_term *mu_val) {
  call_memory cm = {0};
  kept_call_memory(e, call, entry, nmu, mu_var, mu_val, &cm);
  /* with the identities made syntactic, unless that puts one variable into
   * two LV slots (LV stays injective): then with fresh names throughout */
  smt_term from_ret; /* the KB atoms that came from the return state */
  seg_state *si = intersect(e, call, ret, entry, nmu, mu_var, mu_val, &cm, true, &from_ret);
  if (!seg_lv_injective(si)) {
    seg_state_free(si);
    si = intersect(e, call, ret, entry, nmu, mu_var, mu_val, &cm, false, &from_ret);
  }
  VEC_FREE(cm.al);
  VEC_FREE(cm.pt);
  /* the call state and the return state are each satisfiable: what can
   * make the intersection unsatisfiable is connected to the atoms that
   * came from the return state */
  if (!seg_feasible_near(e, si, from_ret)) {
    seg_state_free(si);
    return NULL;
  }
  assert(seg_state_check(e, si));
  return si;
}

static seg_state *intersect(seg_engine *e, seg_state *call, seg_state *ret, const seg_state *entry, uint32_t nmu,
                            const smt_term *mu_var, const smt_term *mu_val, const call_memory *cm, bool identify,
                            smt_term *from_ret) {
  assert(call->nframes >= 2 && ret->nframes == 1 && ret->abstracted);
  assert(ret->nghost == entry->nghost);
  smt_ctx *ctx = e->ctx;
  renaming d = {0};
  make_delta(e, ret, entry, nmu, mu_var, mu_val, identify, &d);
  seg_state *si = seg_state_copy(call);
  si->link = SMT_NULL;
  /* the stack: the callers' frames of the call state, then the return
   * state's frame renamed, returning to the call state's call */
  uint32_t top = si->nframes - 1;
  seg_frame *fr = &si->frames[top];
  const seg_frame *rf = &ret->frames[0];
  assert(fr->func == rf->func && fr->nslots == rf->nslots);
  uint32_t call_inst = fr->call_inst;
  free(fr->lv);
  *fr = *rf;
  fr->call_inst = call_inst;
  fr->lv = xmalloc((fr->nslots ? fr->nslots : 1) * sizeof *fr->lv);
  for (uint32_t k = 0; k < fr->nslots; k++) fr->lv[k] = rf->lv[k] == SMT_NULL ? SMT_NULL : delta_var(&d, rf->lv[k]);
  /* AL and PT: what the call state keeps (kept_call_memory), then the
   * return state's non-stack allocations and its PT atoms, renamed (its
   * stack objects are the callee's own, which ret frees, or the callers',
   * kept from the call state) */
  si->al.len = 0;
  for (size_t i = 0; i < cm->al.len; i++) VEC_PUSH(si->al, cm->al.data[i]);
  for (size_t i = 0; i < ret->al.len; i++) {
    seg_alloc a = ret->al.data[i];
    if (a.kind == SEG_AL_STACK) continue;
    a.lo = delta_var(&d, a.lo);
    a.hi = delta_var(&d, a.hi);
    VEC_PUSH(si->al, a);
  }
  si->pt.len = 0;
  for (size_t i = 0; i < cm->pt.len; i++) VEC_PUSH(si->pt, cm->pt.data[i]);
  for (size_t i = 0; i < ret->pt.len; i++) {
    seg_pt p = ret->pt.data[i];
    p.addr = delta_var(&d, p.addr);
    p.val = delta_var(&d, p.val);
    VEC_PUSH(si->pt, p);
  }
  /* KB: the call state's, the return state's renamed, and the variable
   * identities: mu(v) = delta(w) for v ~> w, i.e. the entry's ghost j as
   * the call state saw it equals the return state's ghost j */
  smt_term_vec added = {0};
  for (size_t i = 0; i < ret->kb.len; i++) VEC_PUSH(added, delta_term(e, &d, ret->kb.data[i]));
  for (uint32_t j = 0; j < entry->nghost; j++)
    VEC_PUSH(added, smt_mk_eq(ctx, mu_of(nmu, mu_var, mu_val, entry->ghost[j]), delta_var(&d, ret->ghost[j])));
  for (size_t i = 0; i < added.len; i++) seg_kb_add(e, si, added.data[i]);
  *from_ret = smt_mk_and(ctx, (uint32_t)added.len, added.data);
  VEC_FREE(added);
  si->fo_cache = SMT_NULL;
  VEC_FREE(d.from);
  VEC_FREE(d.to);
  return si;
}
