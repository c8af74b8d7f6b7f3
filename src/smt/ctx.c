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
  u64_map_free(&ctx->vars_memo);
  VEC_FREE(ctx->vars_pool);
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

