/* Unit tests of the graph library (src/util/graph.h): CSR order, SCCs with
 * self loops and their reverse topological numbering, long paths and
 * cycles (no recursion), RPO, back edges, reachability. */
#include <stdlib.h>
#include <string.h>

#include "../../src/util/graph.h"
#include "test_util.h"

static void build(graph *g, uint32_t n, uint32_t m, const uint32_t (*e)[2]) {
  uint32_t *src = xmalloc((m ? m : 1) * sizeof *src), *dst = xmalloc((m ? m : 1) * sizeof *dst);
  for (uint32_t k = 0; k < m; k++) src[k] = e[k][0], dst[k] = e[k][1];
  graph_build(g, n, m, src, dst, NULL);
  free(src), free(dst);
}

static void test_csr(void) {
  static const uint32_t e[][2] = {{2, 0}, {0, 1}, {2, 1}, {0, 2}, {1, 1}};
  uint32_t ids[5] = {10, 11, 12, 13, 14};
  uint32_t src[5], dst[5];
  for (int k = 0; k < 5; k++) src[k] = e[k][0], dst[k] = e[k][1];
  graph g;
  graph_build(&g, 4, 5, src, dst, ids);
  CHECK(g.n == 4 && g.m == 5);
  CHECK(graph_out_degree(&g, 0) == 2 && graph_out_degree(&g, 1) == 1 && graph_out_degree(&g, 2) == 2);
  CHECK(graph_out_degree(&g, 3) == 0);
  /* edge order per source preserved */
  CHECK(g.id[g.start[0]] == 11 && g.id[g.start[0] + 1] == 13);
  CHECK(g.id[g.start[2]] == 10 && g.id[g.start[2] + 1] == 12);
  CHECK(g.dst[g.start[2]] == 0 && g.src[g.start[2]] == 2);
  graph r;
  graph_reverse(&g, &r);
  CHECK(graph_out_degree(&r, 1) == 3 && graph_out_degree(&r, 3) == 0);
  CHECK(r.id[r.start[1]] == 11 && r.id[r.start[1] + 1] == 14 && r.id[r.start[1] + 2] == 12); /* g's slot order */
  graph_free(&r);
  graph_free(&g);
  graph_free(&g); /* a freed graph may be freed again */
}

static void test_sccs(void) {
  /* 0 -> 1 -> 2 -> 0 (SCC), 2 -> 3, 3 -> 3 (self loop), 3 -> 4, 5 isolated,
   * 6 -> 4 (not reached from 0) */
  static const uint32_t e[][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 3}, {3, 4}, {6, 4}};
  graph g;
  build(&g, 7, 7, e);
  uint32_t comp[7];
  uint32_t nc = graph_sccs(&g, NULL, 0, comp);
  CHECK(nc == 5);
  CHECK(comp[0] == comp[1] && comp[1] == comp[2]);
  CHECK(comp[3] != comp[0] && comp[4] != comp[3] && comp[5] != comp[0] && comp[6] != comp[4]);
  /* reverse topological: an edge between SCCs goes to a smaller number */
  for (uint32_t s = 0; s < g.m; s++)
    if (comp[g.src[s]] != comp[g.dst[s]]) CHECK(comp[g.src[s]] > comp[g.dst[s]]);
  bool cyc[7];
  graph_nodes_on_cycle(&g, comp, cyc);
  CHECK(cyc[0] && cyc[1] && cyc[2] && cyc[3]);
  CHECK(!cyc[4] && !cyc[5] && !cyc[6]);
  uint32_t on = 0;
  for (uint32_t s = 0; s < g.m; s++) on += graph_edge_on_cycle(&g, comp, s);
  CHECK(on == 4); /* the three edges of the triangle and the self loop */
  /* from a root: unreached nodes get GRAPH_NONE */
  uint32_t root = 3;
  nc = graph_sccs(&g, &root, 1, comp);
  CHECK(nc == 2);
  CHECK(comp[0] == GRAPH_NONE && comp[5] == GRAPH_NONE && comp[6] == GRAPH_NONE);
  CHECK(comp[3] != GRAPH_NONE && comp[4] != GRAPH_NONE && comp[3] > comp[4]);
  graph_free(&g);
}

/* 100,000 nodes: a path 0 -> 1 -> ... -> n-1, then closed into a cycle. */
static void test_long(void) {
  uint32_t n = 100000;
  uint32_t *src = xmalloc(n * sizeof *src), *dst = xmalloc(n * sizeof *dst);
  for (uint32_t k = 0; k + 1 < n; k++) src[k] = k, dst[k] = k + 1;
  graph g;
  graph_build(&g, n, n - 1, src, dst, NULL);
  uint32_t *comp = xmalloc(n * sizeof *comp), *order = xmalloc(n * sizeof *order);
  CHECK(graph_sccs(&g, NULL, 0, comp) == n);
  CHECK(comp[0] == n - 1 && comp[n - 1] == 0); /* reverse topological */
  CHECK(graph_rpo(&g, 0, order) == n);
  bool ok = true;
  for (uint32_t k = 0; k < n; k++) ok &= order[k] == k;
  CHECK(ok);
  bool *seen = xmalloc(n * sizeof *seen), *back = xmalloc(n * sizeof *back), *head = xmalloc(n * sizeof *head);
  uint32_t last = n - 1;
  graph r;
  graph_reverse(&g, &r);
  graph_reach(&r, &last, 1, seen);
  ok = true;
  for (uint32_t k = 0; k < n; k++) ok &= seen[k];
  CHECK(ok);
  graph_free(&r);
  graph_free(&g);
  src[n - 1] = n - 1, dst[n - 1] = 0; /* close the cycle */
  graph_build(&g, n, n, src, dst, NULL);
  CHECK(graph_sccs(&g, NULL, 0, comp) == 1);
  graph_back_edges(&g, 0, back, head);
  uint32_t nback = 0, nhead = 0;
  for (uint32_t k = 0; k < n; k++) nback += back[k], nhead += head[k];
  CHECK(nback == 1 && nhead == 1 && head[0]);
  CHECK(back[g.start[n - 1]]);
  graph_free(&g);
  free(src), free(dst), free(comp), free(order), free(seen), free(back), free(head);
}

static void test_orders(void) {
  /* 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 1 (loop 1-3), 4 unreachable -> 0 */
  static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 1}, {4, 0}};
  graph g;
  build(&g, 5, 6, e);
  uint32_t order[5];
  uint32_t k = graph_rpo(&g, 0, order);
  CHECK(k == 4);
  /* DFS: 0, 1, 3 (3 -> 1 back), back to 0, 2 (2 -> 3 done): post 3 1 2 0 */
  CHECK(order[0] == 0 && order[1] == 2 && order[2] == 1 && order[3] == 3);
  bool back[6], head[5];
  graph_back_edges(&g, 0, back, head);
  CHECK(back[g.start[3]] && !back[g.start[0]] && !back[g.start[2]] && !back[g.start[4]]);
  CHECK(head[1] && !head[0] && !head[2] && !head[3] && !head[4]);
  bool seen[5];
  uint32_t from = 2;
  graph_reach(&g, &from, 1, seen);
  CHECK(seen[2] && seen[3] && seen[1] && !seen[0] && !seen[4]);
  uint32_t two[2] = {4, 4};
  graph_reach(&g, two, 2, seen);
  CHECK(seen[0] && seen[1] && seen[2] && seen[3] && seen[4]);
  graph r;
  graph_reverse(&g, &r);
  from = 0;
  graph_reach(&r, &from, 1, seen); /* who can reach 0 */
  CHECK(seen[0] && seen[4] && !seen[1] && !seen[2] && !seen[3]);
  graph_free(&r);
  graph_free(&g);
}

static void test_empty(void) {
  graph g;
  graph_build(&g, 0, 0, NULL, NULL, NULL);
  CHECK(graph_sccs(&g, NULL, 0, NULL) == 0);
  graph_free(&g);
  /* one node, no edges: its own SCC, not on a cycle */
  graph_build(&g, 1, 0, NULL, NULL, NULL);
  uint32_t comp[1], order[1];
  bool cyc[1];
  CHECK(graph_sccs(&g, NULL, 0, comp) == 1 && comp[0] == 0);
  graph_nodes_on_cycle(&g, comp, cyc);
  CHECK(!cyc[0]);
  CHECK(graph_rpo(&g, 0, order) == 1 && order[0] == 0);
  graph_free(&g);
}

int main(void) {
  test_csr();
  test_sccs();
  test_long();
  test_orders();
  test_empty();
  return TEST_SUMMARY();
}
