/* cfg: first non-phi, successors, predecessors, loop headers and liveness of
 * one function (cfg.h). */
#include "cfg.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"

/* ---- blocks ----------------------------------------------------------------- */

uint32_t ir_first_non_phi(const ir_func *f, uint32_t b) {
  assert(b < f->nblocks);
  const ir_block *bl = &f->blocks[b];
  uint32_t i = bl->first;
  while (i < bl->first + bl->count && f->insts[i].op == IR_PHI) i++;
  return i;
}

const ir_inst *ir_block_terminator(const ir_func *f, uint32_t b) {
  assert(b < f->nblocks);
  const ir_block *bl = &f->blocks[b];
  if (bl->count == 0) return NULL;
  const ir_inst *t = &f->insts[bl->first + bl->count - 1];
  return ir_is_terminator(t->op) ? t : NULL;
}

const uint32_t *ir_block_succs(const ir_func *f, uint32_t b, uint32_t *n) {
  const ir_inst *t = ir_block_terminator(f, b);
  *n = t ? t->ntargets : 0;
  return t ? t->targets : NULL;
}

void ir_cfg_graph(const ir_func *f, graph *g) {
  uint32_t nb = f->nblocks;
  u32_vec src = {0}, dst = {0};
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t n;
    const uint32_t *s = ir_block_succs(f, b, &n);
    for (uint32_t k = 0; k < n; k++)
      if (s[k] < nb) {
        VEC_PUSH(src, b);
        VEC_PUSH(dst, s[k]);
      }
  }
  graph_build(g, nb, (uint32_t)src.len, src.data, dst.data, NULL);
  VEC_FREE(src);
  VEC_FREE(dst);
}

/* ---- loop headers: back edges of an iterative DFS from block 0 ------------------ */

void ir_loop_headers(const ir_func *f, bool *is_header) {
  uint32_t nb = f->nblocks;
  if (nb == 0) return;
  graph g;
  ir_cfg_graph(f, &g);
  graph_back_edges(&g, 0, NULL, is_header);
  graph_free(&g);
}

void ir_join_blocks(const ir_func *f, bool *is_join) {
  uint32_t nb = f->nblocks;
  uint32_t *first_pred = xmalloc((nb ? nb : 1) * sizeof *first_pred);
  for (uint32_t b = 0; b < nb; b++) {
    first_pred[b] = IR_NONE;
    is_join[b] = false;
  }
  for (uint32_t p = 0; p < nb; p++) {
    uint32_t n;
    const uint32_t *succ = ir_block_succs(f, p, &n);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t b = succ[i];
      if (b >= nb) continue;
      if (first_pred[b] == IR_NONE)
        first_pred[b] = p;
      else if (first_pred[b] != p)
        is_join[b] = true;
    }
  }
  free(first_pred);
}

void ir_call_graph(const ir_module *m, graph *g) {
  uint32_t nf = (uint32_t)m->funcs.len;
  u32_vec src = {0}, dst = {0};
  for (uint32_t f = 0; f < nf; f++) {
    const ir_func *fn = &m->funcs.data[f];
    if (!fn->defined) continue;
    for (uint32_t i = 0; i < fn->ninsts; i++) {
      const ir_inst *in = &fn->insts[i];
      if (in->op != IR_CALL || in->callee == IR_NONE || in->callee >= nf) continue;
      VEC_PUSH(src, f);
      VEC_PUSH(dst, in->callee);
    }
  }
  graph_build(g, nf, (uint32_t)src.len, src.data, dst.data, NULL);
  VEC_FREE(src);
  VEC_FREE(dst);
}

void ir_recursive_funcs(const ir_module *m, bool *recursive) {
  uint32_t nf = (uint32_t)m->funcs.len;
  for (uint32_t f = 0; f < nf; f++) recursive[f] = false;
  graph g;
  ir_call_graph(m, &g);
  uint32_t *comp = xmalloc((nf ? nf : 1) * sizeof *comp);
  graph_sccs(&g, NULL, 0, comp);
  graph_nodes_on_cycle(&g, comp, recursive);
  free(comp);
  graph_free(&g);
}

/* ---- indirect calls ---------------------------------------------------------- */

void ir_address_taken_funcs(const ir_module *m, bool *taken) {
  uint32_t nf = (uint32_t)m->funcs.len;
  for (uint32_t f = 0; f < nf; f++) taken[f] = false;
  for (uint32_t f = 0; f < nf; f++) {
    const ir_func *fn = &m->funcs.data[f];
    if (!fn->defined) continue;
    for (uint32_t i = 0; i < fn->ninsts; i++) {
      const ir_inst *in = &fn->insts[i];
      for (uint32_t k = 0; k < in->nops; k++)
        if (in->ops[k].kind == IR_VAL_FUNC && in->ops[k].id < nf) taken[in->ops[k].id] = true;
    }
  }
  for (size_t g = 0; g < m->globals.len; g++) {
    const ir_global *gl = &m->globals.data[g];
    for (uint32_t r = 0; r < gl->nrelocs; r++)
      if (gl->relocs[r].kind == IR_VAL_FUNC && gl->relocs[r].target < nf) taken[gl->relocs[r].target] = true;
  }
}

/* Do a value of type a and a parameter or result of type b have one width? */
static bool same_width(ir_type a, ir_type b) {
  if (a.kind == IR_TY_VOID || b.kind == IR_TY_VOID) return a.kind == b.kind;
  return a.bits == b.bits;
}

bool ir_callee_compatible(const ir_module *m, const ir_inst *call, uint32_t g) {
  assert(call->op == IR_CALL && call->callee == IR_NONE && call->nops >= 1);
  if (g >= m->funcs.len) return false;
  const ir_func *fn = &m->funcs.data[g];
  uint32_t nargs = call->nops - 1;
  if (fn->variadic ? nargs < fn->nparams : nargs != fn->nparams) return false;
  for (uint32_t i = 0; i < fn->nparams; i++)
    if (!same_width(call->ops[1 + i].type, fn->params[i])) return false;
  return call->type.kind == IR_TY_VOID || same_width(call->type, fn->ret);
}

uint32_t ir_indirect_candidates(const ir_module *m, const bool *taken, const ir_inst *call, u32_vec *out) {
  uint32_t n = 0;
  for (uint32_t g = 0; g < m->funcs.len; g++)
    if (taken[g] && ir_callee_compatible(m, call, g)) {
      VEC_PUSH(*out, g);
      n++;
    }
  return n;
}

/* ---- liveness ---------------------------------------------------------------- */

/* live := live before the first non-phi of b, from `live` = live at b's end,
 * scanning backward down to instruction `stop` (>= the first non-phi). */
static void transfer(const ir_func *f, uint32_t b, uint32_t stop, const ir_live_fns *fns, uint64_t *live) {
  const ir_block *bl = &f->blocks[b];
  assert(stop >= bl->first && stop <= bl->first + bl->count);
  for (uint32_t i = bl->first + bl->count; i-- > stop;) {
    uint32_t d = fns->def(fns->arg, i);
    if (d != IR_NONE) ir_bits_clear(live, d);
    fns->uses(fns->arg, i, live);
  }
}

void ir_live_before(const ir_live *l, const ir_func *f, uint32_t b, uint32_t from, const ir_live_fns *fns,
                    uint64_t *live) {
  assert(b < l->nblocks && b < f->nblocks);
  memcpy(live, ir_live_out(l, b), l->words * sizeof *live);
  uint32_t stop = ir_first_non_phi(f, b);
  if (from > stop) stop = from;
  transfer(f, b, stop, fns, live);
}

/* out := the values live at the end of b, given in[c] = live at the first
 * non-phi of every successor c. All phis of c read in parallel: their
 * results are removed first, then the operands for the edge b -> c added. */
static void live_out_of(const ir_func *f, uint32_t b, const uint64_t *in, uint32_t words, const ir_live_fns *fns,
                        uint64_t *out, uint64_t *tmp) {
  memset(out, 0, words * sizeof *out);
  uint32_t n;
  const uint32_t *s = ir_block_succs(f, b, &n);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t c = s[k];
    if (c >= f->nblocks) continue;
    const ir_block *cb = &f->blocks[c];
    uint32_t fnp = ir_first_non_phi(f, c);
    memcpy(tmp, in + (size_t)c * words, words * sizeof *tmp);
    for (uint32_t i = cb->first; i < fnp; i++) {
      uint32_t d = fns->def(fns->arg, i);
      if (d != IR_NONE) ir_bits_clear(tmp, d);
    }
    for (uint32_t i = cb->first; i < fnp; i++) {
      const ir_inst *phi = &f->insts[i];
      for (uint32_t a = 0; a < phi->nops && a < phi->ntargets; a++)
        if (phi->targets[a] == b) fns->phi_uses(fns->arg, i, a, tmp);
    }
    for (uint32_t w = 0; w < words; w++) out[w] |= tmp[w];
  }
}

void ir_live_init(ir_live *l, const ir_func *f, uint32_t nvals, uint32_t words, const ir_live_fns *fns) {
  uint32_t nb = f->nblocks;
  if (words == 0) words = ir_bits_words(nvals);
  assert(words >= ir_bits_words(nvals));
  l->nvals = nvals, l->words = words, l->nblocks = nb;
  size_t wsz = words ? words : 1;
  l->out = xcalloc((size_t)(nb ? nb : 1) * wsz, sizeof *l->out);
  l->in = xcalloc((size_t)(nb ? nb : 1) * wsz, sizeof *l->in);
  if (nb == 0 || words == 0) return;
  /* round robin from the last block (the CFG mostly flows forward) until
   * no in[] changes; out[] is then consistent with in[] */
  uint64_t *in = l->in;
  uint64_t *row = xmalloc(words * sizeof *row), *tmp = xmalloc(words * sizeof *tmp);
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = nb; b-- > 0;) {
      uint64_t *out = l->out + (size_t)b * words;
      live_out_of(f, b, in, words, fns, out, tmp);
      memcpy(row, out, words * sizeof *row);
      transfer(f, b, ir_first_non_phi(f, b), fns, row);
      if (memcmp(row, in + (size_t)b * words, words * sizeof *row) != 0) {
        memcpy(in + (size_t)b * words, row, words * sizeof *row);
        changed = true;
      }
    }
  }
  free(row);
  free(tmp);
}

void ir_live_free(ir_live *l) {
  free(l->out);
  free(l->in);
  memset(l, 0, sizeof *l);
}

bool ir_natural_loop(const ir_func *f, uint32_t head, bool *in_loop) {
  assert(head < f->nblocks);
  graph cfg, rev;
  ir_cfg_graph(f, &cfg);
  graph_reverse(&cfg, &rev);
  uint32_t *order = xmalloc(f->nblocks * sizeof *order), *pos = xmalloc(f->nblocks * sizeof *pos);
  for (uint32_t b = 0; b < f->nblocks; b++) pos[b] = UINT32_MAX, in_loop[b] = false;
  uint32_t n = graph_rpo(&cfg, 0, order);
  for (uint32_t i = 0; i < n; i++) pos[order[i]] = i;
  u32_vec work = {0};
  in_loop[head] = true;
  bool any = false;
  for (uint32_t k = rev.start[head]; k < rev.start[head + 1]; k++) {
    uint32_t u = rev.dst[k];
    if (pos[u] == UINT32_MAX || pos[u] < pos[head]) continue;
    any = true;
    if (!in_loop[u]) {
      in_loop[u] = true;
      VEC_PUSH(work, u);
    }
  }
  while (work.len) {
    uint32_t v = work.data[--work.len];
    for (uint32_t k = rev.start[v]; k < rev.start[v + 1]; k++) {
      uint32_t u = rev.dst[k];
      if (pos[u] == UINT32_MAX || in_loop[u]) continue;
      in_loop[u] = true;
      VEC_PUSH(work, u);
    }
  }
  VEC_FREE(work);
  free(order);
  free(pos);
  graph_free(&cfg);
  graph_free(&rev);
  return any;
}
