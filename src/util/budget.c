/* budget: see budget.h. */
#include "budget.h"

#include <assert.h>

#include "util.h"

budget budget_unlimited(void) { return (budget){0, 0}; }

budget budget_of_run(void) { return (budget){util_deadline(), 0}; }

double budget_left(budget b) {
  if (b.deadline <= 0) return -1;
  double left = b.deadline - util_now();
  return left > 0 ? left : 0;
}

bool budget_expired(budget b) { return b.deadline > 0 && util_now() >= b.deadline; }

budget budget_until(budget b, double deadline) {
  if (deadline > 0 && (b.deadline <= 0 || deadline < b.deadline)) b.deadline = deadline;
  return b;
}

budget budget_share(budget b, double fraction, double cap, double unlimited_s) {
  assert(fraction > 0 && fraction <= 1 && cap >= 0 && unlimited_s >= 0);
  double left = budget_left(b);
  double s = left < 0 ? unlimited_s : fraction * left;
  if (left >= 0 && cap > 0 && s > cap) s = cap;
  budget r = b;
  r.deadline = s > 0 || left >= 0 ? util_now() + s : 0;
  if (b.deadline > 0 && r.deadline > b.deadline) r.deadline = b.deadline; /* the clock moved since budget_left */
  assert(b.deadline <= 0 || (r.deadline > 0 && r.deadline <= b.deadline));
  return r;
}

budget budget_reserve(budget b, double margin) {
  assert(margin >= 0);
  double left = budget_left(b);
  if (left < 0) return b;
  b.deadline = util_now() + (left >= 2 * margin ? left - margin : left / 2);
  return b;
}

budget budget_queries(budget b, unsigned ms) {
  b.query_ms = ms;
  return b;
}

unsigned budget_query_timeout(budget b) {
  if (b.deadline <= 0) return b.query_ms;
  double left = b.deadline - util_now();
  unsigned ms = left <= 0.001 ? 1 : left > 4e6 ? 4000000000u : (unsigned)(left * 1000);
  return b.query_ms == 0 || ms < b.query_ms ? ms : b.query_ms;
}
