/* graph: directed graphs over dense node ids, for every engine's control-flow
 * and location graphs.
 *
 * The story of the data
 * ---------------------
 * Nodes are 0 .. n-1, nothing else. Edges are given once, as a list of
 * (source, target, id) triples, and stored in CSR (compressed sparse row)
 * form: the out-edges of v occupy the slots start[v] .. start[v+1]-1, in
 * the order in which they were given (a stable sort by source), and slot e
 * holds src[e], dst[e] and id[e]. The id is the caller's: a transition or
 * edge index that maps a slot back to the caller's data (by default the
 * position in the input list). Parallel edges and self loops are allowed.
 *
 * Contract
 *  - graph_build copies what it needs; graph_free releases it (a zeroed or
 *    freed graph may be freed again). Every other function only reads g.
 *  - Traversals are iterative (explicit stacks): no recursion whose depth
 *    grows with the graph, so a path of millions of nodes is fine.
 *  - Depth-first searches visit the out-edges of a node in slot order and
 *    roots in the order given, so results are deterministic.
 *  - SCC numbering (graph_sccs): Tarjan's order, which is a reverse
 *    topological order of the condensation: when an edge leads from SCC a
 *    to SCC b != a, then a > b. Nodes not reached from the roots get
 *    GRAPH_NONE.
 *  - Arrays passed in are owned by the caller and must have the stated
 *    sizes (n for per-node arrays, m for per-slot arrays).
 */
#ifndef BITPROVE_UTIL_GRAPH_H
#define BITPROVE_UTIL_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "util.h"

#define GRAPH_NONE UINT32_MAX

typedef struct {
  uint32_t n, m;   /* nodes, edges */
  uint32_t *start; /* n + 1 */
  uint32_t *src;   /* m: source of each slot */
  uint32_t *dst;   /* m: target of each slot */
  uint32_t *id;    /* m: caller's id of each slot */
} graph;

/* Builds g from the m edges src[k] -> dst[k] with ids id[k] (id == NULL:
 * id k). Every endpoint must be < n. */
void graph_build(graph *g, uint32_t n, uint32_t m, const uint32_t *src, const uint32_t *dst, const uint32_t *id);
/* The same graph with every edge reversed (same ids; slot order per source
 * follows the slot order of g). */
void graph_reverse(const graph *g, graph *r);
void graph_free(graph *g);

static inline uint32_t graph_out_degree(const graph *g, uint32_t v) { return g->start[v + 1] - g->start[v]; }

/* Strongly connected components of the part reachable from roots[0..nroots)
 * (roots == NULL: every node, in order 0..n-1): comp[v] is v's SCC number
 * (reverse topological, see above) or GRAPH_NONE. Returns the number of
 * SCCs. Iterative Tarjan. */
uint32_t graph_sccs(const graph *g, const uint32_t *roots, uint32_t nroots, uint32_t *comp);

/* on_cycle[v]: v lies on a cycle (its SCC has two or more nodes, or v has a
 * self loop), given comp from graph_sccs(g, NULL, 0, comp). */
void graph_nodes_on_cycle(const graph *g, const uint32_t *comp, bool *on_cycle);
/* Does slot e lie on a cycle? (Both ends in the same SCC; comp as above,
 * GRAPH_NONE never counts.) */
static inline bool graph_edge_on_cycle(const graph *g, const uint32_t *comp, uint32_t e) {
  return comp[g->src[e]] != GRAPH_NONE && comp[g->src[e]] == comp[g->dst[e]];
}

/* Reverse postorder of the nodes reachable from root (DFS in slot order):
 * writes them to order[] and returns how many. */
uint32_t graph_rpo(const graph *g, uint32_t root, uint32_t *order);

/* Back edges of a DFS from root (in slot order): back[e] for slot e whose
 * target is on the DFS stack when e is explored; head[v] (may be NULL) for
 * every target of a back edge (a loop head: every cycle reachable from root
 * contains one). Slots and nodes not reached stay false. */
void graph_back_edges(const graph *g, uint32_t root, bool *back, bool *head);

/* Reachability: seen[v] for every v reachable (in zero or more steps) from
 * one of from[0..nfrom). seen is cleared first. For "can reach one of",
 * call it on graph_reverse(g). */
void graph_reach(const graph *g, const uint32_t *from, uint32_t nfrom, bool *seen);

#endif
