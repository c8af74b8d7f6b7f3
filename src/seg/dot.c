/* dot: the graph in Graphviz form and its statistics.
 *
 * States are boxes with their position and
 * LV / KB / AL / PT (seg_state_print, one component per line), leaves are
 * boxes with their description; evaluation edges are solid, refinement
 * edges dotted, generalization edges dashed and labelled with mu.
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
  fprintf(out, "  n%u [shape=box, fontname=monospace, label=\"", id);
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

void seg_print_stats(const seg_graph *g, FILE *out) {
  const seg_summary *s = &g->sum;
  fprintf(out, "seg complete: %s%s%s\n", s->complete ? "yes" : "no", s->reason ? " - " : "",
          s->reason ? s->reason : "");
  fprintf(out, "seg states: %u\n", s->states);
  fprintf(out, "seg edges: %u\n", s->edges);
  fprintf(out, "seg generalization edges: %u\n", s->generalizations);
  fprintf(out, "seg refinement edges: %u\n", s->refinements);
  fprintf(out, "seg merges: %u\n", s->merges);
  fprintf(out, "seg queries: %llu\n", (unsigned long long)s->queries);
  fprintf(out, "seg queries per state: %.2f\n", s->states ? (double)s->queries / s->states : 0.0);
  fprintf(out, "seg seconds: %.3f\n", s->seconds);
}
