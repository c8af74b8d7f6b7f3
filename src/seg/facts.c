/* facts.c: loop-head facts of a complete graph (seg.h, seg_loop_facts). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The node has an outgoing generalization edge (its target, at the same
 * position, represents every state it represents). */
static bool has_gen_edge(const seg_graph *g, uint32_t id) {
  for (size_t i = 0; i < g->edges.len; i++)
    if (g->edges.data[i].from == id && g->edges.data[i].kind == SEG_EDGE_GEN) return true;
  return false;
}

/* A named integer slot of main: an instruction result with a C variable. */
static bool nameable(const ir_func *f, uint32_t slot) {
  if (slot < f->nparams) return false;
  const ir_inst *in = &f->insts[slot - f->nparams];
  return in->var && in->type.kind == IR_TY_INT && in->type.bits > 1;
}

/* The atoms of s's KB over named slots of main, each renamed to the slot
 * variables; true when the state has any. */
static smt_term state_fact(const seg_graph *g, const seg_state *s, const smt_term *slot_var) {
  const seg_engine *e = &g->e;
  smt_ctx *ctx = e->ctx;
  const seg_frame *fr = &s->frames[0];
  const ir_func *f = &e->m->funcs.data[fr->func];
  smt_term_vec from = {0}, to = {0}, kept = {0}, vars = {0};
  for (uint32_t j = 0; j < fr->nslots; j++)
    if (fr->lv[j] != SMT_NULL && nameable(f, j)) {
      VEC_PUSH(from, fr->lv[j]);
      VEC_PUSH(to, slot_var[j]);
    }
  for (size_t a = 0; a < s->kb.len; a++) {
    smt_term atom = s->kb.data[a];
    vars.len = 0;
    smt_term_vars(ctx, atom, &vars);
    bool all_named = vars.len > 0;
    for (size_t v = 0; v < vars.len && all_named; v++) {
      bool found = false;
      for (size_t k = 0; k < from.len && !found; k++) found = from.data[k] == vars.data[v];
      all_named = found;
    }
    if (all_named) VEC_PUSH(kept, smt_subst(ctx, atom, (uint32_t)from.len, from.data, to.data));
  }
  smt_term r = smt_mk_and(ctx, (uint32_t)kept.len, kept.data);
  VEC_FREE(from);
  VEC_FREE(to);
  VEC_FREE(kept);
  VEC_FREE(vars);
  return r;
}

void seg_loop_facts(const seg_graph *g, uint32_t max_disjuncts, seg_fact_vec *out) {
  out->len = 0;
  if (!g->sum.complete) return;
  const seg_engine *e = &g->e;
  const ir_module *m = e->m;
  uint32_t mainf = ir_func_find(m, "main");
  if (mainf == IR_NONE || !e->finfo[mainf].has_info || !e->finfo[mainf].loop_header) return;
  const ir_func *f = &m->funcs.data[mainf];
  const seg_func_info *fi = &e->finfo[mainf];
  smt_ctx *ctx = e->ctx;
  smt_term *slot_var = xcalloc(fi->nslots ? fi->nslots : 1, sizeof *slot_var);
  for (uint32_t j = 0; j < fi->nslots; j++)
    if (nameable(f, j)) {
      char name[32];
      snprintf(name, sizeof name, "slot!%u", j);
      slot_var[j] = smt_mk_var(ctx, name, SMT_SORT_INT);
    }
  for (uint32_t b = 0; b < f->nblocks; b++) {
    if (!fi->loop_header[b]) continue;
    uint32_t at = ir_first_non_phi(f, b);
    smt_term_vec ors = {0};
    bool any_state = false, too_many = false;
    for (uint32_t id = 0; id < g->nodes.len && !too_many; id++) {
      const seg_node *n = &g->nodes.data[id];
      const seg_state *s = n->state;
      if (n->removed || !s || s->nframes != 1) continue;
      const seg_frame *fr = &s->frames[0];
      if (fr->func != mainf || fr->block != b || fr->inst != at) continue;
      if (has_gen_edge(g, id)) continue;
      any_state = true;
      VEC_PUSH(ors, state_fact(g, s, slot_var));
      too_many = ors.len > max_disjuncts;
    }
    smt_term fact = any_state && !too_many ? smt_mk_or(ctx, (uint32_t)ors.len, ors.data) : SMT_NULL;
    VEC_FREE(ors);
    /* no state: the header is unreachable (any fact holds; say nothing) */
    if (fact == SMT_NULL || fact == SMT_TRUE) continue;
    seg_fact r = {b, fact};
    VEC_PUSH(*out, r);
  }
  free(slot_var);
}

bool seg_fact_slot(const seg_graph *g, smt_term var, uint32_t *inst, bool *is_signed) {
  const char *name = smt_term_name(g->e.ctx, var);
  unsigned j;
  char tail;
  if (!name || sscanf(name, "slot!%u%c", &j, &tail) != 1) return false;
  uint32_t mainf = ir_func_find(g->e.m, "main");
  const ir_func *f = &g->e.m->funcs.data[mainf];
  const seg_func_info *fi = &g->e.finfo[mainf];
  if (j < f->nparams || j >= fi->nslots) return false;
  *inst = j - f->nparams;
  *is_signed = fi->is_signed[j];
  return true;
}
