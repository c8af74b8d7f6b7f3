/* interp report: names of UB kinds and properties, the mapping between them,
 * and the report lines whose spellings interp.h documents. */
#include <string.h>

#include "internal.h"

static const char *const ub_names[] = {
#define INTERP_UB_NAME(id, name, prop) name,
    INTERP_UBS(INTERP_UB_NAME)
#undef INTERP_UB_NAME
};

static const interp_prop ub_props[] = {
#define INTERP_UB_PROP(id, name, prop) INTERP_PROP_##prop,
    INTERP_UBS(INTERP_UB_PROP)
#undef INTERP_UB_PROP
};

const char *interp_ub_name(interp_ub k) { return (unsigned)k < INTERP_UB_COUNT ? ub_names[k] : "?"; }

interp_prop interp_ub_property(interp_ub k) {
  return (unsigned)k < INTERP_UB_COUNT ? ub_props[k] : INTERP_PROP_NONE;
}

interp_prop interp_prop_of_check(prop_check c) {
  switch (c) {
  case PROP_UNREACH_CALL: return INTERP_PROP_UNREACH_CALL;
  case PROP_NO_OVERFLOW: return INTERP_PROP_NO_OVERFLOW;
  case PROP_VALID_DEREF: return INTERP_PROP_VALID_DEREF;
  case PROP_VALID_FREE: return INTERP_PROP_VALID_FREE;
  case PROP_VALID_MEMTRACK: return INTERP_PROP_VALID_MEMTRACK;
  case PROP_VALID_MEMCLEANUP: return INTERP_PROP_VALID_MEMCLEANUP;
  default: return INTERP_PROP_NONE;
  }
}

const char *interp_prop_name(interp_prop p) {
  static const char *const names[INTERP_PROP_COUNT] = {
      "", "unreach-call", "no-overflow", "valid-deref", "valid-free", "valid-memtrack", "valid-memcleanup"};
  return (unsigned)p < INTERP_PROP_COUNT ? names[p] : "";
}

bool interp_violates(const interp_result *r, interp_prop p) {
  switch (p) {
  case INTERP_PROP_NONE: return false;
  case INTERP_PROP_UNREACH_CALL:
    return r->outcome == INTERP_ERROR_REACHED &&
           (r->error_fn == IR_BUILTIN_REACH_ERROR || r->error_fn == IR_BUILTIN_VERIFIER_ERROR);
  case INTERP_PROP_VALID_MEMTRACK: return r->leaks_checked && r->n_memtrack > 0;
  case INTERP_PROP_VALID_MEMCLEANUP: return r->leaks_checked && r->n_memcleanup > 0;
  default: return r->outcome == INTERP_UB && interp_ub_property(r->ub) == p;
  }
}

void interp_report_outcome(const ir_module *m, const interp_result *r, FILE *out) {
  char lb[512];
  const char *loc = ir_loc_format(m, r->loc, lb, sizeof lb);
  const char *d = r->detail ? r->detail : "";
  switch (r->outcome) {
  case INTERP_EXIT: fprintf(out, "run: exit %d\n", (int)r->exit_code); break;
  case INTERP_UB: fprintf(out, "run: ub %s at %s: %s\n", interp_ub_name(r->ub), loc, d); break;
  case INTERP_ERROR_REACHED:
    fprintf(out, "run: error reached (%s) at %s\n", ir_builtin_name(r->error_fn), loc);
    break;
  case INTERP_ABORT: fprintf(out, "run: abort at %s\n", loc); break;
  case INTERP_TRAP: fprintf(out, "run: trap at %s\n", loc); break;
  case INTERP_INFEASIBLE: fprintf(out, "run: infeasible (assume) at %s\n", loc); break;
  case INTERP_OUT_OF_STEPS: fprintf(out, "run: out of steps (%llu)\n", (unsigned long long)r->max_steps); break;
  case INTERP_OUT_OF_RESOURCES: fprintf(out, "run: out of resources: %s at %s\n", d, loc); break;
  case INTERP_OUT_OF_NONDET: fprintf(out, "run: out of nondet values at %s\n", loc); break;
  case INTERP_UNSUPPORTED: fprintf(out, "run: unsupported: %s at %s\n", d, loc); break;
  case INTERP_LASSO:
    fprintf(out, "run: %s at %s (loop-head visits %llu and %llu)\n",
            !r->lasso.checked ? "state hash repeats" : r->lasso.equal ? "repeated state" : "states differ", loc,
            (unsigned long long)r->lasso.first, (unsigned long long)r->lasso.second);
    break;
  }
}

/* Distinct allocation sites of the leaks (reachable or not), at most 3. */
static void leak_sites(const ir_module *m, const interp_result *r, bool only_unreachable, FILE *out) {
  ir_loc seen[3];
  size_t nseen = 0;
  bool more = false;
  for (size_t i = 0; i < r->leaks.len; i++) {
    const interp_leak *l = &r->leaks.data[i];
    if (only_unreachable && l->reachable) continue;
    bool dup = false;
    for (size_t k = 0; k < nseen; k++)
      if (memcmp(&seen[k], &l->loc, sizeof l->loc) == 0) dup = true;
    if (dup) continue;
    if (nseen == 3) {
      more = true;
      break;
    }
    seen[nseen++] = l->loc;
  }
  for (size_t k = 0; k < nseen; k++) {
    char lb[512];
    fprintf(out, "%s%s", k ? ", " : "", ir_loc_format(m, seen[k], lb, sizeof lb));
  }
  if (more) fputs(", ...", out);
}

void interp_report_extra(const ir_module *m, const interp_result *r, FILE *out, size_t max_values) {
  if (r->leaks_checked && r->n_memtrack) {
    fprintf(out, "run: leak valid-memtrack: %zu object(s) unreachable %s, allocated at ", r->n_memtrack,
            r->outcome == INTERP_EXIT ? "at exit" : "when the run stopped");
    leak_sites(m, r, true, out);
    fputc('\n', out);
  }
  if (r->leaks_checked && r->n_memcleanup) {
    fprintf(out, "run: leak valid-memcleanup: %zu object(s) not freed at exit, allocated at ", r->n_memcleanup);
    leak_sites(m, r, false, out);
    fputc('\n', out);
  }
  if (max_values && r->nondet.len) {
    fprintf(out, "run: nondet values (%zu): ", r->nondet.len);
    for (size_t i = 0; i < r->nondet.len && i < max_values; i++) {
      const interp_nondet *v = &r->nondet.data[i];
      if (i) fputc(',', out);
      if (v->pointer) fprintf(out, "0x%llx", (unsigned long long)v->value);
      else if (v->bits <= 1) fprintf(out, "%llu", (unsigned long long)v->value);
      else fprintf(out, "%lld", (long long)ir_sext(v->value, v->bits));
    }
    if (r->nondet.len > max_values) fputs(",...", out);
    fputc('\n', out);
  }
}
