/* its: integer transition systems, the input of the ITS back end.
 *
 * The story of the data
 * ---------------------
 * An ITS is a control-flow graph over integer program variables. It has
 *   - variables x_0 .. x_{n-1} (program variables, all of sort Int). The
 *     pre-state value of x_i is the smt variable named like x_i; the
 *     post-state value x_i' is a separate Int variable of the same smt
 *     context, named x_i followed by a quote ("x'"). Variable names are
 *     identifiers [A-Za-z_][A-Za-z0-9_]* (the parsers clean the names of
 *     their inputs into this form), so no name ever clashes with a post name;
 *   - locations (names, the same identifier form), one of them the start;
 *   - transitions l -> l'. Each has a guard, an smt Bool term over the
 *     pre-state variables and temporary variables, linear or not, and one
 *     update per variable: an Int term over pre-state variables and
 *     temporaries giving x_i', or SMT_NULL for "unconstrained" (x_i' is any
 *     integer). A transition is enabled when its guard holds for some values
 *     of its temporaries; taking it sets every x_i' to its update under the
 *     same values of the temporaries. The relation of a transition is
 *       exists temps. guard /\ AND_i x_i' = update_i.
 *     Temporaries are the variables of guard and updates that are not
 *     program variables; its_add_trans() finds and records them. They are
 *     local to the transition: the same smt variable may be a temporary of
 *     several transitions, each time existentially quantified on its own.
 *     An update that is a temporary occurring nowhere else in the transition
 *     is stored as SMT_NULL (the same thing, said once).
 * Several transitions may join the same pair of locations.
 *
 * Calls. termCOMP's cfg_trans3 (a call with a return location) occurs in no
 * TPDB ITS benchmark; it is rejected by the SMT2 reader with an error.
 * KoAT's Com_n(f(..), g(..)) right-hand sides are split into n
 * transitions with the same guard: a run of the split system is a branch of
 * the run tree of the original, so termination is unchanged (complexity
 * bounds are not, and are not the business of this back end).
 *
 * Ownership. An its owns its arrays and names; its terms live in the smt_ctx
 * passed to its_new(), which must outlive the its and is not freed by
 * its_free(). its_free(NULL) is a no-op.
 *
 * Files: its.c (this structure), parse_sexp.c (S-expressions and SMT-LIB
 * terms shared by the readers), parse_smt2.c, parse_koat.c, parse_ari.c
 * (readers), print.c (writers).
 */
#ifndef BITPROVE_ITS_ITS_H
#define BITPROVE_ITS_ITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../smt/smt.h"
#include "../util/map.h"
#include "../util/util.h"

#define ITS_NONE UINT32_MAX

typedef struct {
  uint32_t from, to; /* location indices */
  smt_term guard;    /* Bool */
  smt_term *update;  /* nvars entries; SMT_NULL = unconstrained */
  uint32_t ntemps;
  smt_term *temps; /* the temporaries, in order of first occurrence */
} its_trans;

typedef struct its {
  smt_ctx *ctx;
  uint32_t nvars;
  char **var_names;
  smt_term *pre;  /* x_i */
  smt_term *post; /* x_i' */
  uint32_t nlocs;
  char **loc_names;
  uint32_t start; /* ITS_NONE until set */
  VEC(its_trans) trans;
  u64_map loc_index; /* util_str_hash(name) -> location (its.c) */
} its;

its *its_new(smt_ctx *ctx);
void its_free(its *s);

/* True when name is an identifier [A-Za-z_][A-Za-z0-9_]*. */
bool its_name_ok(const char *name);

/* Adds a variable and returns its index; ITS_NONE when the name is not an
 * identifier or already names a variable. Transitions added before keep
 * the new variable unchanged (update = pre-state variable). */
uint32_t its_add_var(its *s, const char *name);
/* Adds a location (same rules) and returns its index. */
uint32_t its_add_loc(its *s, const char *name);
/* Index of the variable / location of that name, ITS_NONE if none. */
uint32_t its_find_var(const its *s, const char *name);
uint32_t its_find_loc(const its *s, const char *name);
/* Index of the variable whose pre-state term is t, ITS_NONE if none. */
uint32_t its_var_of_term(const its *s, smt_term t);
/* When update u is y + d (y a program variable's pre-state term, d an Int
 * constant, possibly 0, in either order; or y alone, d = 0): y's index, d
 * in *d. Else ITS_NONE (*d untouched). */
uint32_t its_translation(const its *s, smt_term u, smt_term *d);
void its_set_start(its *s, uint32_t loc);

/* Adds a transition: update has nvars entries (copied; SMT_NULL allowed,
 * update == NULL means "every variable unchanged"). Records the
 * temporaries. Returns its index. Sorts are the caller's promise; see
 * its_validate(). */
uint32_t its_add_trans(its *s, uint32_t from, uint32_t to, smt_term guard, const smt_term *update);

/* Structural checks: a start location, location indices in range, guards
 * Bool, updates Int, no post-state variable in any guard or update, names
 * unique identifiers. False with a one-line message otherwise. */
bool its_validate(const its *s, char *err, size_t errlen);

/* The invariants of the story above, checked in code: its_validate() and,
 * per transition, temporaries that are variables but not program variables.
 * An assertion: prints the violated invariant and aborts; a no-op under
 * NDEBUG. Called after every preprocessing step (preprocess.c). */
void its_check_valid(const its *s);

/* The relation of transition i as one Bool term over pre-state variables,
 * temporaries and post-state variables (temporaries left free). */
smt_term its_trans_relation(const its *s, uint32_t i);

/* True when a and b (over the same context) have the same variable names
 * in the same order, the same start location name, and the same
 * transitions in the same order: equal endpoint names, and guards and
 * updates equal after smt_simplify(). Location indices and locations
 * without transitions do not matter (KoAT cannot declare them). */
bool its_equal(const its *a, const its *b);

/* ---- readers: NULL and a one-line message "line N: ..." on bad input ---- */
its *its_parse_smt2(smt_ctx *ctx, const char *text, char *err, size_t errlen);
its *its_parse_koat(smt_ctx *ctx, const char *text, char *err, size_t errlen);
its *its_parse_ari(smt_ctx *ctx, const char *text, char *err, size_t errlen);

/* ---- writers (print.c): append to out. The format writers return false
 * with a message when a term has no counterpart in the format (KoAT has no
 * ite, div or mod; Bool-sorted equalities are written as such only in the
 * SMT-LIB formats). ---- */
bool its_print_koat(const its *s, strbuf *out, char *err, size_t errlen);
bool its_print_smt2(const its *s, strbuf *out, char *err, size_t errlen);
bool its_print_ari(const its *s, strbuf *out, char *err, size_t errlen);
/* Human-readable, for proofs; never fails. */
void its_print(const its *s, strbuf *out);
/* The writer named by format: "koat", "smt2", "ari" or "text" (its_print);
 * false with a message for any other name or when the writer fails. */
bool its_print_format(const its *s, const char *format, strbuf *out, char *err, size_t errlen);
/* One term in the same infix form ("2*x - y + 1", "x > 0 && y <= x"). */
void its_print_term(const smt_ctx *ctx, strbuf *out, smt_term t);

#endif
