/* parse_internal: what the ITS readers share (parse_sexp.c).
 *
 *  - S-expressions: atoms and lists with the line they start on, read from
 *    SMT-LIB-like text (comments ';', |quoted| symbols, "strings"), nesting
 *    limited to PARSE_MAX_DEPTH, all memory in one arena.
 *  - SMT-LIB Int/Bool terms from S-expressions under an environment of
 *    bound names (true false numerals + - * div mod abs = distinct < <= >
 *    >= and or not => xor ite let), with sort checks before any term is
 *    made (smt_mk aborts on sort errors; a reader must not).
 *  - Name cleaning into the identifier form of its.h.
 * Errors are one line "line N: ..." written into the reader's buffer. */
#ifndef BITPROVE_ITS_PARSE_INTERNAL_H
#define BITPROVE_ITS_PARSE_INTERNAL_H

#include <stdarg.h>
#include <string.h>

#include "its.h"

#define PARSE_MAX_DEPTH 2000

typedef struct sx {
  const char *atom; /* NULL for a list */
  uint32_t n;       /* list length */
  struct sx **kids;
  int line;
} sx;

typedef struct {
  smt_ctx *ctx;
  arena mem;
  char *err;
  size_t errlen;
  bool failed;
  VEC(struct parse_binding { const char *name; smt_term term; }) env; /* searched from the end */
} parse_state;

void parse_init(parse_state *p, smt_ctx *ctx, char *err, size_t errlen);
void parse_fini(parse_state *p);
/* Records the first error only; returns false for convenience. */
bool parse_fail(parse_state *p, int line, const char *fmt, ...) UTIL_PRINTF(3, 4);

/* Reads every top-level form into a list; NULL on error. */
sx *parse_sexps(parse_state *p, const char *text);
static inline bool sx_is(const sx *e, const char *atom) { return e->atom && strcmp(e->atom, atom) == 0; }
/* The head atom of a non-empty list, or NULL. */
static inline const char *sx_head(const sx *e) {
  return !e->atom && e->n > 0 && e->kids[0]->atom ? e->kids[0]->atom : NULL;
}

void parse_bind(parse_state *p, const char *name, smt_term t);
smt_term parse_lookup(const parse_state *p, const char *name);
/* The term of e; SMT_NULL after an error. */
smt_term parse_term(parse_state *p, const sx *e, int depth);

/* A heap copy of raw in identifier form: characters other than
 * [A-Za-z0-9_] become '_' ("'" becomes "_p"), a leading digit gets "v". */
char *parse_clean_name(const char *raw);

#endif
