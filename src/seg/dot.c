/* dot: the graph in Graphviz form and its statistics.
 *
 * States are boxes with their position and
 * LV / KB / AL / PT (seg_state_print, one component per line), leaves are
 * boxes with their description; evaluation edges are solid, refinement
 * edges dotted, generalization edges dashed and labelled with mu; of
 * modular graphs (seed 004), call abstraction edges are blue and labelled
 * "call abstraction", intersection edges green and labelled with the
 * return state they use; entry states are double boxes, return states
 * bold ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Writes s as the inside of a dot string: quotes escaped, "\l" kept. */
static void put_escaped(FILE *out, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '"')
      fputs("\\\"", out);
    else if (c == '\n')
      fputs("\\l", out);
    else
      fputc(c, out);
  }
}

static void dot_state(seg_graph *g, uint32_t id, FILE *out) {
  strbuf sb = {0};
  strbuf_printf(&sb, "s%u\\l", id);
  seg_state_print(&g->e, g->nodes.data[id].state, &sb, "\\l");
  const seg_node *n = &g->nodes.data[id];
  bool entry = n->parent == IR_NONE && id != g->root;
  fprintf(out, "  n%u [shape=box, fontname=monospace%s%s, label=\"", id, entry ? ", peripheries=2" : "",
          n->is_return ? ", style=bold" : "");
  put_escaped(out, sb.data ? sb.data : "", sb.len);
  fputs("\"];\n", out);
  strbuf_free(&sb);
}

static const char *leaf_name(seg_leaf_kind k) {
  switch (k) {
  case SEG_LEAF_END: return "END";
  case SEG_LEAF_PRUNED: return "PRUNED";
  case SEG_LEAF_ERR_DEREF: return "ERR deref";
  case SEG_LEAF_ERR_FREE: return "ERR free";
  case SEG_LEAF_ERR_OVERFLOW: return "ERR overflow";
  case SEG_LEAF_ERR_UB: return "ERR ub";
  case SEG_LEAF_STUCK: return "STUCK";
  default: return "leaf";
  }
}

static void dot_leaf(const seg_node *n, uint32_t id, FILE *out) {
  bool err = n->leaf >= SEG_LEAF_ERR_DEREF && n->leaf <= SEG_LEAF_ERR_UB;
  fprintf(out, "  n%u [shape=box, style=rounded%s, label=\"%s", id, err ? ", color=red" : "", leaf_name(n->leaf));
  if (n->what) {
    fputs(": ", out);
    put_escaped(out, n->what, strlen(n->what));
  }
  fputs("\"];\n", out);
}

static void dot_edge(seg_graph *g, const seg_edge *ed, FILE *out) {
  fprintf(out, "  n%u -> n%u", ed->from, ed->to);
  if (ed->kind == SEG_EDGE_REFINE) {
    fputs(" [style=dotted]", out);
  } else if (ed->kind == SEG_EDGE_CALLABS) {
    fputs(" [color=blue, label=\"call abstraction\"]", out);
  } else if (ed->kind == SEG_EDGE_INTERSECT) {
    fprintf(out, " [color=darkgreen, label=\"intersection with s%u\"]", g->nodes.data[ed->to].ret_node);
  } else if (ed->kind == SEG_EDGE_GEN) {
    strbuf sb = {0};
    for (uint32_t i = 0; i < ed->nmu; i++) {
      smt_print_term(g->e.ctx, &sb, ed->mu_var[i]);
      strbuf_printf(&sb, " := ");
      smt_print_term(g->e.ctx, &sb, ed->mu_val[i]);
      strbuf_printf(&sb, "\\l");
    }
    fputs(" [style=dashed, label=\"", out);
    put_escaped(out, sb.data ? sb.data : "", sb.len);
    fputs("\"]", out);
    strbuf_free(&sb);
  }
  fputs(";\n", out);
}

void seg_dump_dot(const seg_graph *cg, FILE *out) {
  seg_graph *g = (seg_graph *)cg; /* seg_state_print takes a non-const engine */
  fputs("digraph seg {\n  node [fontsize=10];\n  edge [fontsize=9];\n", out);
  for (size_t i = 0; i < g->nodes.len; i++) {
    const seg_node *n = &g->nodes.data[i];
    if (n->removed) continue;
    if (n->state)
      dot_state(g, (uint32_t)i, out);
    else
      dot_leaf(n, (uint32_t)i, out);
  }
  for (size_t i = 0; i < g->edges.len; i++) dot_edge(g, &g->edges.data[i], out);
  fputs("}\n", out);
}

void seg_print_summaries(const seg_graph *g, strbuf *out) {
  const ir_module *m = g->e.m;
  for (size_t f = 0; f < m->funcs.len; f++) {
    uint32_t entries = 0, calls = 0, rets = 0;
    for (size_t k = 1; k < g->entries.len; k++) {
      const seg_entry *en = &g->entries.data[k];
      if (en->func != f || en->retired) continue;
      entries++;
      for (size_t i = 0; i < en->calls.len; i++) calls += !g->nodes.data[en->calls.data[i].call].removed;
      for (size_t i = 0; i < en->rets.len; i++)
        rets += !g->nodes.data[en->rets.data[i]].removed && !seg_ret_generalized(g, en->rets.data[i]);
    }
    if (entries)
      strbuf_printf(out, "%s: %u entry state(s), %u call state(s), %u return state(s)\n", m->funcs.data[f].name,
                    entries, calls, rets);
  }
}

/* A value of s for a person: the program name of a slot that holds it
 * (the top frame first; a caller's as f:name), NULL when KB fixes it to 0,
 * else its variable. */
static void print_value(const seg_graph *g, const seg_state *s, smt_term v, strbuf *out) {
  seg_engine *e = (seg_engine *)&g->e;
  for (uint32_t d = s->nframes; d-- > 0;) {
    const seg_frame *fr = &s->frames[d];
    const ir_func *f = &e->m->funcs.data[fr->func];
    for (uint32_t k = 0; k < fr->nslots; k++) {
      if (fr->lv[k] != v) continue;
      const char *name = k < f->nparams ? (f->param_names ? f->param_names[k] : NULL) : f->insts[k - f->nparams].name;
      if (!name) continue;
      if (d + 1 < s->nframes) strbuf_printf(out, "%s:", f->name);
      strbuf_printf(out, "%s", name);
      return;
    }
  }
  smt_term k = seg_kb_constant(e, s, v);
  if (k != SMT_NULL && mpz_sgn(smt_term_value(e->ctx, k)) == 0) {
    strbuf_printf(out, "NULL");
    return;
  }
  smt_print_term(e->ctx, out, v);
}

void seg_print_lists(const seg_graph *g, strbuf *out) {
  const ir_module *m = g->e.m;
  for (size_t i = 0; i < g->nodes.len; i++) {
    const seg_node *n = &g->nodes.data[i];
    if (n->removed || !n->state || n->in != SEG_EDGE_GEN || n->state->ls.len == 0) continue;
    const seg_state *s = n->state;
    const seg_frame *fr = &s->frames[s->nframes - 1];
    const ir_func *f = &m->funcs.data[fr->func];
    char loc[160];
    ir_loc_format(m, f->insts[fr->inst].loc, loc, sizeof loc);
    const char *bname = f->blocks[fr->block].name;
    strbuf_printf(out, "at %s:%s (%s):", f->name, bname ? bname : "?", loc);
    for (size_t j = 0; j < s->ls.len; j++) {
      const seg_list *l = &s->ls.data[j];
      strbuf_printf(out, "%s list(", j ? "," : "");
      print_value(g, s, l->head, out);
      strbuf_printf(out, " .. ");
      print_value(g, s, l->end, out);
      strbuf_printf(out, ", length ");
      smt_print_term(g->e.ctx, out, l->len);
      strbuf_printf(out, ", %u-byte nodes)", l->size);
    }
    strbuf_printf(out, "\n");
  }
}

void seg_print_stats(const seg_graph *g, FILE *out) {
  const seg_summary *s = &g->sum;
  fprintf(out, "seg complete: %s%s%s\n", s->complete ? "yes" : "no", s->reason ? " - " : "",
          s->reason ? s->reason : "");
  fprintf(out, "seg states: %u\n", s->states);
  fprintf(out, "seg edges: %u\n", s->edges);
  fprintf(out, "seg generalization edges: %u\n", s->generalizations);
  fprintf(out, "seg refinement edges: %u\n", s->refinements);
  fprintf(out, "seg merges: %u\n", s->merges);
  fprintf(out, "seg join points: %u generalized, %u merged\n", s->join_generalized, s->join_merges);
  fprintf(out, "seg merges across different variable sets: %u\n", s->domain_merges);
  fprintf(out, "seg lists: %u folded, %u unfolded\n", s->lists_folded, s->lists_unfolded);
  fprintf(out, "seg queries: %llu\n", (unsigned long long)s->queries);
  fprintf(out, "seg queries per state: %.2f\n", s->states ? (double)s->queries / s->states : 0.0);
  static const char *const bucket[4] = {"<= 16", "17-64", "65-256", "> 256"};
  for (int b = 0; b < 4; b++)
    if (s->bucket_queries[b])
      fprintf(out, "seg queries at %s allocations: %llu, %.3f s, %.3f ms each\n", bucket[b],
              (unsigned long long)s->bucket_queries[b], s->bucket_seconds[b],
              1e3 * s->bucket_seconds[b] / (double)s->bucket_queries[b]);
  fprintf(out, "seg entry states: %u\n", s->entry_states);
  fprintf(out, "seg entries merged: %u\n", s->entry_merges);
  fprintf(out, "seg calls re-using an analysis: %u\n", s->entry_reuses);
  fprintf(out, "seg call states: %u\n", s->call_states);
  fprintf(out, "seg return states: %u\n", s->return_states);
  fprintf(out, "seg intersections: %u\n", s->intersections);
  strbuf sb = {0};
  seg_print_summaries(g, &sb);
  for (const char *l = sb.data; l && *l;) {
    size_t n = strcspn(l, "\n");
    fprintf(out, "seg summary %.*s\n", (int)n, l);
    l += n + (l[n] == '\n');
  }
  strbuf_free(&sb);
  fprintf(out, "seg seconds: %.3f\n", s->seconds);
}
