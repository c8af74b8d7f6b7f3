/* smt: the terms and SMT library, one include for engines.
 *
 *   term.h    sorts, kinds, contexts, the hash-consing table (raw terms)
 *   build.h   simplifying constructors, constant folding, evaluation
 *   solver.h  the back-end-independent solver interface (Z3 first)
 *   query.h   validity/implication/satisfiability with cache, pre-check,
 *             statistics (smt_stats_print for --stats)
 *   smtlib.h  SMT-LIB 2 printer and query dumps (--dump-smt DIR)
 */
#ifndef BITPROVE_SMT_H
#define BITPROVE_SMT_H

#include "build.h"
#include "query.h"
#include "smtlib.h"
#include "solver.h"
#include "term.h"

#endif
