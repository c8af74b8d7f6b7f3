/* cmd_run: `bitprove run [options] FILE` — see cmd_run.h for the contract and
 * interp/interp.h for the report spellings.
 *
 * stderr, in order: one "run: warning: unsupported construct: ..." line per
 * construct the front end could not represent (the run only fails if it
 * reaches one), the outcome line, leak lines, the nondet line. */
#include "cmd_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../frontend/frontend.h"
#include "../interp/interp.h"
#include "../util/util.h"

#define EXIT_USAGE 2

static void usage(FILE *out) {
  fputs("usage: bitprove run [options] FILE     run FILE (.c .i .ll .bc) in the concrete interpreter\n"
        "\n"
        "options:\n"
        "  --nondet LIST        values for __VERIFIER_nondet_*, undef and uninitialised reads, in\n"
        "                       order: comma-separated decimal, negative, or 0x hex\n"
        "  --seed N             seed of the PRNG used once the list is exhausted (default 0)\n"
        "  --strict-nondet      end the run (out of nondet values) when the list is exhausted\n"
        "  --uninit-zero        read uninitialised memory and undef as 0 (no nondet draw)\n"
        "  --max-steps N        instructions before 'out of steps' (default 100000000; 0: none)\n"
        "  --max-depth N        call depth before 'out of resources' (default 100000)\n"
        "  --heap-limit BYTES   live heap bytes (default 2147483648); an allocation beyond\n"
        "                       ends the run 'out of resources' (SV-COMP: malloc succeeds)\n"
        "  --malloc-may-fail    an allocation beyond the heap limit returns NULL instead\n"
        "  --data-model M       ILP32 or LP64 (default LP64)\n"
        "  --timeout S          give up after S seconds of wall or CPU time, whichever comes first\n"
        "                       (prints UNKNOWN / timeout on stdout)\n"
        "  --trace              trace calls, returns and assigned registers on stderr\n"
        "  --show-nondet N      list at most N nondet values in the report (default 1000)\n"
        "  --stats              print the number of executed instructions\n"
        "  --help\n"
        "\n"
        "The program's output goes to stdout. The report goes to stderr: one outcome line\n"
        "(run: exit N | run: ub KIND at LOC: DETAIL | run: error reached (FN) at LOC |\n"
        "run: abort at LOC | run: trap at LOC | run: infeasible (assume) at LOC |\n"
        "run: out of steps (N) | run: out of resources: WHY at LOC |\n"
        "run: out of nondet values at LOC | run: unsupported: WHAT at LOC), then leak lines\n"
        "(run: leak valid-memtrack: ..., run: leak valid-memcleanup: ...) and\n"
        "run: nondet values (N): V1,V2,...  Exit status: 0 for every outcome, 2 for usage\n"
        "errors, 1 if FILE cannot be loaded.\n",
        out);
}

static int usage_error(const char *msg, const char *arg) {
  fprintf(stderr, "bitprove: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
  fputs("Try 'bitprove run --help'.\n", stderr);
  return EXIT_USAGE;
}

static bool parse_u64(const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-') return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end) return false;
  *out = v;
  return true;
}

/* One --nondet token: decimal (possibly negative) or 0x hex. */
static bool parse_value(const char *s, size_t n, uint64_t *out) {
  char buf[64];
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  if (n == 0 || n >= sizeof buf) return false;
  memcpy(buf, s, n);
  buf[n] = 0;
  char *end;
  errno = 0;
  if (buf[0] == '-') {
    long long v = strtoll(buf, &end, 0);
    if (errno || *end) return false;
    *out = (uint64_t)v;
  } else {
    unsigned long long v = strtoull(buf[0] == '+' ? buf + 1 : buf, &end, 0);
    if (errno || *end || buf[buf[0] == '+'] == '-') return false;
    *out = v;
  }
  return true;
}

static bool parse_list(const char *s, u64_vec *out) {
  if (!*s) return true;
  for (;;) {
    const char *comma = strchr(s, ',');
    size_t n = comma ? (size_t)(comma - s) : strlen(s);
    uint64_t v;
    if (!parse_value(s, n, &v)) return false;
    VEC_PUSH(*out, v);
    if (!comma) return true;
    s = comma + 1;
  }
}

int cmd_run(int argc, char **argv) {
  interp_options opt;
  interp_options_default(&opt);
  u64_vec values = {0};
  unsigned ptr_bits = 64;
  double timeout = 0;
  bool trace = false, stats = false;
  uint64_t show_nondet = 1000;
  const char *file = NULL;
  int rc = -1;
  for (int i = 1; i < argc && rc < 0; i++) {
    const char *a = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t u = 0;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      rc = 0;
    } else if (strcmp(a, "--nondet") == 0) {
      if (!next) rc = usage_error("--nondet needs a list of values", NULL);
      else if (!parse_list(argv[++i], &values)) rc = usage_error("bad --nondet list", argv[i]);
    } else if (strcmp(a, "--seed") == 0) {
      if (!parse_u64(next, &opt.seed)) rc = usage_error("--seed needs a number", next);
      i++;
    } else if (strcmp(a, "--max-steps") == 0) {
      if (!parse_u64(next, &opt.max_steps)) rc = usage_error("--max-steps needs a number", next);
      i++;
    } else if (strcmp(a, "--max-depth") == 0) {
      if (!parse_u64(next, &u) || u == 0 || u > UINT32_MAX) rc = usage_error("--max-depth needs a number", next);
      opt.max_depth = (uint32_t)u;
      i++;
    } else if (strcmp(a, "--heap-limit") == 0) {
      if (!parse_u64(next, &opt.heap_limit)) rc = usage_error("--heap-limit needs a number", next);
      i++;
    } else if (strcmp(a, "--show-nondet") == 0) {
      if (!parse_u64(next, &show_nondet)) rc = usage_error("--show-nondet needs a number", next);
      i++;
    } else if (strcmp(a, "--data-model") == 0) {
      if (next && strcmp(next, "ILP32") == 0) ptr_bits = 32;
      else if (next && strcmp(next, "LP64") == 0) ptr_bits = 64;
      else rc = usage_error("--data-model needs ILP32 or LP64", next);
      i++;
    } else if (strcmp(a, "--timeout") == 0) {
      if (!util_parse_seconds(next, &timeout)) rc = usage_error("--timeout needs seconds", next);
      i++;
    } else if (strcmp(a, "--trace") == 0) {
      trace = true;
    } else if (strcmp(a, "--stats") == 0) {
      stats = true;
    } else if (strcmp(a, "--strict-nondet") == 0) {
      opt.nondet_strict = true;
    } else if (strcmp(a, "--malloc-may-fail") == 0) {
      opt.malloc_may_fail = true;
    } else if (strcmp(a, "--uninit-zero") == 0) {
      opt.uninit_zero = true;
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option", a);
    } else if (file) {
      rc = usage_error("more than one input file", a);
    } else {
      file = a;
    }
  }
  if (rc < 0 && !file) rc = usage_error("missing input file", NULL);
  if (rc >= 0) {
    VEC_FREE(values);
    return rc;
  }

  util_set_timeout(timeout);
  fe_options fo;
  fe_options_default(&fo);
  fo.ptr_bits = ptr_bits;
  fo.shift_signs = true; /* a signed left shift that overflows is undefined behaviour the run reports */
  char *err = NULL;
  ir_module *m = fe_load(file, &fo, &err);
  if (!m) {
    util_error("%s", err ? err : "cannot load the file");
    free(err);
    VEC_FREE(values);
    return 1;
  }
  free(err);

  for (size_t i = 0; i < m->unsupported.len; i++) {
    char lb[512];
    fprintf(stderr, "run: warning: unsupported construct: %s at %s\n", m->unsupported.data[i].what,
            ir_loc_format(m, m->unsupported.data[i].loc, lb, sizeof lb));
  }

  opt.nondet = values.data;
  opt.nnondet = values.len;
  opt.out = stdout;
  opt.trace = trace ? stderr : NULL;
  interp_result res;
  interp_run(m, &opt, &res);
  fflush(stdout);
  interp_report_outcome(m, &res, stderr);
  interp_report_extra(m, &res, stderr, (size_t)show_nondet);
  if (stats) fprintf(stderr, "run: steps %llu\n", (unsigned long long)res.steps);
  fflush(stderr);
  util_set_timeout(0); /* the report is out: no UNKNOWN from a timeout in the clean-up */
  interp_result_free(&res);
  ir_module_free(m);
  VEC_FREE(values);
  return 0;
}
