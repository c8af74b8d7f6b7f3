/* graph.c: CSR graphs, SCCs, DFS orders and reachability (graph.h). */
#include "graph.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static size_t at_least_one(size_t k) { return k ? k : 1; }

void graph_build(graph *g, uint32_t n, uint32_t m, const uint32_t *src, const uint32_t *dst, const uint32_t *id) {
  g->n = n, g->m = m;
  g->start = xcalloc((size_t)n + 1, sizeof *g->start);
  g->src = xmalloc(at_least_one(m) * sizeof *g->src);
  g->dst = xmalloc(at_least_one(m) * sizeof *g->dst);
  g->id = xmalloc(at_least_one(m) * sizeof *g->id);
  for (uint32_t k = 0; k < m; k++) {
    assert(src[k] < n && dst[k] < n);
    g->start[src[k] + 1]++;
  }
  for (uint32_t v = 0; v < n; v++) g->start[v + 1] += g->start[v];
  /* stable counting sort: the slots of one source keep the input order */
  uint32_t *fill = xmalloc(((size_t)n + 1) * sizeof *fill);
  memcpy(fill, g->start, ((size_t)n + 1) * sizeof *fill);
  for (uint32_t k = 0; k < m; k++) {
    uint32_t e = fill[src[k]]++;
    g->src[e] = src[k], g->dst[e] = dst[k], g->id[e] = id ? id[k] : k;
  }
  free(fill);
  assert(g->start[n] == m);
}

void graph_reverse(const graph *g, graph *r) { graph_build(r, g->n, g->m, g->dst, g->src, g->id); }

void graph_free(graph *g) {
  free(g->start), free(g->src), free(g->dst), free(g->id);
  memset(g, 0, sizeof *g);
}

uint32_t graph_sccs(const graph *g, const uint32_t *roots, uint32_t nroots, uint32_t *comp) {
  uint32_t n = g->n;
  size_t nn = at_least_one(n);
  uint32_t *index = xmalloc(nn * sizeof *index), *low = xmalloc(nn * sizeof *low);
  bool *onstack = xcalloc(nn, sizeof *onstack);
  uint32_t *stk = xmalloc(nn * sizeof *stk), sp = 0;              /* Tarjan's stack */
  uint32_t *cv = xmalloc(nn * sizeof *cv), *cpos = xmalloc(nn * sizeof *cpos); /* DFS stack: node, next slot */
  for (uint32_t v = 0; v < n; v++) index[v] = GRAPH_NONE, comp[v] = GRAPH_NONE;
  uint32_t counter = 0, ncomp = 0;
  uint32_t nr = roots ? nroots : n;
  for (uint32_t ri = 0; ri < nr; ri++) {
    uint32_t r = roots ? roots[ri] : ri;
    assert(r < n);
    if (index[r] != GRAPH_NONE) continue;
    uint32_t csp = 0;
    index[r] = low[r] = counter++;
    stk[sp++] = r, onstack[r] = true;
    cv[csp] = r, cpos[csp] = g->start[r], csp++;
    while (csp > 0) {
      uint32_t v = cv[csp - 1];
      if (cpos[csp - 1] < g->start[v + 1]) {
        uint32_t w = g->dst[cpos[csp - 1]++];
        if (index[w] == GRAPH_NONE) {
          index[w] = low[w] = counter++;
          stk[sp++] = w, onstack[w] = true;
          cv[csp] = w, cpos[csp] = g->start[w], csp++;
        } else if (onstack[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      csp--;
      if (low[v] == index[v]) { /* v is the root of an SCC: pop it */
        uint32_t w;
        do {
          assert(sp > 0);
          w = stk[--sp];
          onstack[w] = false;
          comp[w] = ncomp;
        } while (w != v);
        ncomp++;
      }
      if (csp > 0 && low[v] < low[cv[csp - 1]]) low[cv[csp - 1]] = low[v];
    }
    assert(sp == 0);
  }
  free(index), free(low), free(onstack), free(stk), free(cv), free(cpos);
  return ncomp;
}

void graph_nodes_on_cycle(const graph *g, const uint32_t *comp, bool *on_cycle) {
  uint32_t n = g->n;
  uint32_t *size = xcalloc(at_least_one(n), sizeof *size); /* nodes per SCC (at most n SCCs) */
  for (uint32_t v = 0; v < n; v++)
    if (comp[v] != GRAPH_NONE) {
      assert(comp[v] < n);
      size[comp[v]]++;
    }
  for (uint32_t v = 0; v < n; v++) on_cycle[v] = comp[v] != GRAPH_NONE && size[comp[v]] > 1;
  for (uint32_t e = 0; e < g->m; e++)
    if (g->src[e] == g->dst[e]) on_cycle[g->src[e]] = true;
  free(size);
}

/* Iterative DFS from root in slot order. Per node: 0 new, 1 on the stack,
 * 2 done. Calls the optional hooks at the postorder of a node and for a
 * slot whose target is on the stack. */
typedef struct {
  uint32_t *post; /* postorder output, or NULL */
  uint32_t npost;
  bool *back, *head;
} dfs_out;

static void dfs(const graph *g, uint32_t root, dfs_out *o) {
  size_t nn = at_least_one(g->n);
  uint8_t *st = xcalloc(nn, 1);
  uint32_t *stack = xmalloc(nn * sizeof *stack), *pos = xmalloc(nn * sizeof *pos);
  size_t sp = 0;
  assert(root < g->n);
  stack[sp] = root, pos[sp] = g->start[root], sp++;
  st[root] = 1;
  while (sp) {
    uint32_t v = stack[sp - 1];
    if (pos[sp - 1] < g->start[v + 1]) {
      uint32_t e = pos[sp - 1]++, w = g->dst[e];
      if (st[w] == 1) {
        if (o->back) o->back[e] = true;
        if (o->head) o->head[w] = true;
      } else if (st[w] == 0) {
        st[w] = 1;
        assert(sp < nn);
        stack[sp] = w, pos[sp] = g->start[w], sp++;
      }
    } else {
      st[v] = 2;
      if (o->post) o->post[o->npost++] = v;
      sp--;
    }
  }
  free(st), free(stack), free(pos);
}

uint32_t graph_rpo(const graph *g, uint32_t root, uint32_t *order) {
  dfs_out o = {order, 0, NULL, NULL};
  dfs(g, root, &o);
  for (uint32_t i = 0, j = o.npost; i + 1 < j; i++, j--) { /* postorder reversed */
    uint32_t t = order[i];
    order[i] = order[j - 1], order[j - 1] = t;
  }
  assert(o.npost >= 1 && order[0] == root);
  return o.npost;
}

void graph_back_edges(const graph *g, uint32_t root, bool *back, bool *head) {
  if (back) memset(back, 0, g->m * sizeof *back);
  if (head) memset(head, 0, g->n * sizeof *head);
  dfs_out o = {NULL, 0, back, head};
  dfs(g, root, &o);
}

void graph_reach(const graph *g, const uint32_t *from, uint32_t nfrom, bool *seen) {
  memset(seen, 0, g->n * sizeof *seen);
  uint32_t *queue = xmalloc(at_least_one(g->n) * sizeof *queue), qh = 0, qt = 0;
  for (uint32_t i = 0; i < nfrom; i++) {
    assert(from[i] < g->n);
    if (!seen[from[i]]) seen[from[i]] = true, queue[qt++] = from[i];
  }
  while (qh < qt) { /* each node enters the queue once: qt <= n */
    uint32_t v = queue[qh++];
    for (uint32_t e = g->start[v]; e < g->start[v + 1]; e++) {
      uint32_t w = g->dst[e];
      if (!seen[w]) {
        assert(qt < g->n);
        seen[w] = true, queue[qt++] = w;
      }
    }
  }
  free(queue);
}
