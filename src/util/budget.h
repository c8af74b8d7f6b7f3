/* budget: how long a piece of work may run, handed down by value.
 *
 * A budget is a deadline (a util_now() value, 0 = none) and the limit of a
 * single solver query (milliseconds, 0 = none). The driver makes the one
 * budget of a run from --timeout (budget_of_run) and gives each engine a
 * share of it (budget_share: the driver's table of shares, dispatch.c); an
 * engine narrows it further for its own steps and passes it with every
 * solver query (smt/query.h), so no limit lives on a shared context and
 * nothing has to be restored. A budget never grows on its way down: every
 * function here returns one whose deadline is no later than its input's.
 * (One exception, made and explained in driver/check_seg.c: the ITS proof
 * of a complete graph gets at least a second; --timeout still bounds it.)
 *
 * Seconds appear only at the edge, --timeout; everything below it, the
 * child-process runner (util_run_isolated) too, takes a budget. */
#ifndef BITPROVE_UTIL_BUDGET_H
#define BITPROVE_UTIL_BUDGET_H

#include <stdbool.h>

typedef struct {
  double deadline;   /* util_now() value; 0: none */
  unsigned query_ms; /* one solver query; 0: none */
} budget;

/* No deadline, no query limit. */
budget budget_unlimited(void);
/* The run's budget: the global deadline armed by util_set_timeout (none if
 * unarmed), no query limit. */
budget budget_of_run(void);
/* Seconds until the deadline (0 when it passed), or -1 without one. */
double budget_left(budget b);
bool budget_expired(budget b);
/* The earlier of b's deadline and `deadline` (0: b unchanged). */
budget budget_until(budget b, double deadline);
/* A share of what is left: fraction of b's time left, at most cap seconds
 * (0: no cap); without a deadline, `unlimited_s` seconds from now (0: none). */
budget budget_share(budget b, double fraction, double cap, double unlimited_s);
/* b less `margin` seconds kept for the caller (printing, cleaning up); with
 * less than twice the margin left, half of what is left. */
budget budget_reserve(budget b, double margin);
/* b with the query limit ms (0: none): each engine sets the limit its
 * queries need; the deadline still caps every one of them. */
budget budget_queries(budget b, unsigned ms);
/* The time one solver check gets now: the query limit, capped by the time
 * left (at least 1 ms once the deadline passed); 0: no limit at all. */
unsigned budget_query_timeout(budget b);

#endif
