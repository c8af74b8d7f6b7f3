/* ctx: creation and destruction of the context that owns terms, cache,
 * statistics and the query solver (see term.h and query.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>

#include "internal.h"

smt_ctx *smt_ctx_new(void) {
  smt_ctx *ctx = xcalloc(1, sizeof *ctx);
  smt_table_init(ctx);
  smt_map_init(&ctx->negation);
  ctx->use_cache = true;
  ctx->use_precheck = true;
  return ctx;
}

void smt_ctx_free(smt_ctx *ctx) {
  if (!ctx) return;
  smt_solver_free(ctx->qsolver);
  VEC_FREE(ctx->cache);
  smt_map_free(&ctx->negation);
  free(ctx->dump_dir);
  smt_table_free(ctx);
  free(ctx);
}

void smt_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bitprove: internal error: ");
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

void smt_map_put(smt_map *m, uint32_t k, uint32_t v) {
  if (2 * (m->count + 1) > m->cap) {
    uint32_t ncap = m->cap ? 2 * m->cap : 64;
    uint32_t *nk = xcalloc(ncap, sizeof *nk), *nv = xmalloc(ncap * sizeof *nv);
    for (uint32_t i = 0; i < m->cap; i++) {
      if (!m->keys[i]) continue;
      uint32_t j = smt_map_hash(m->keys[i]) & (ncap - 1);
      while (nk[j]) j = (j + 1) & (ncap - 1);
      nk[j] = m->keys[i];
      nv[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
  }
  uint32_t j = smt_map_hash(k) & (m->cap - 1);
  while (m->keys[j] && m->keys[j] != k) j = (j + 1) & (m->cap - 1);
  if (!m->keys[j]) {
    m->keys[j] = k;
    m->count++;
  }
  m->vals[j] = v;
}
