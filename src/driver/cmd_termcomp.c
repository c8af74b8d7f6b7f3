/* cmd_termcomp.c: `bitprove termcomp` (cmd_termcomp.h). */
#include "cmd_termcomp.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../frontend/frontend.h"
#include "../ir/ir.h"
#include "../util/progress.h"
#include "../util/util.h"
#include "dispatch.h"
#include "options.h"
#include "property.h"
#include "verdict.h"

static const char usage[] =
    "usage: bitprove termcomp [--int-semantics bit|math] [--timeout S] [--[no-]progress] FILE.c\n"
    "  Termination of a C program as the Termination Competition asks it: the first line\n"
    "  is YES, NO or MAYBE, then the proof (YES) or the reason (MAYBE).\n"
    "  --int-semantics math  integers are unbounded mathematical integers: no wrap-around,\n"
    "                        no overflow (default; termCOMP's C and C_Integer categories)\n"
    "  --int-semantics bit   integers are bit-precise (SV-COMP's reading)\n"
    "  --timeout S           give up (MAYBE) after S seconds of wall or CPU time\n"
    "  --progress            a live status line on stderr (default: when stderr is a terminal)\n"
    "  --no-progress         none\n";

static int usage_error(const char *msg, const char *arg) {
  util_error("%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
  fputs(usage, stderr);
  return 2;
}

/* The answer line and the lines explaining it. */
static void print_answer(const char *answer, const char *detail) {
  util_progress_live_stop(); /* the status line leaves the terminal first */
  printf("%s\n%s", answer, detail ? detail : "");
  fflush(stdout);
}

int cmd_termcomp(int argc, char **argv) {
  drv_options o;
  drv_options_default(&o);
  o.engine = DRV_ENGINE_AUTO;
  o.math_ints = true;
  o.require_memory_safety = true; /* a memory-unsafe program deserves neither YES nor NO */
  double timeout = 0;
  const char *file = NULL;
  util_live_mode progress = UTIL_LIVE_AUTO;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      return 0;
    } else if (strcmp(a, "--timeout") == 0) {
      if (!next) return usage_error("--timeout needs a value", NULL);
      if (!util_parse_seconds(next, &timeout)) return usage_error("bad timeout", next);
      i++;
    } else if (strcmp(a, "--int-semantics") == 0) {
      if (!next || !drv_int_semantics_parse(next, &o)) return usage_error("--int-semantics needs bit or math", next);
      i++;
    } else if (util_progress_live_option(a, &progress)) {
      /* set */
    } else if (a[0] == '-' && a[1] != 0) {
      return usage_error("unknown option", a);
    } else if (file) {
      return usage_error("more than one input file", a);
    } else {
      file = a;
    }
  }
  if (!file) return usage_error("no input file", NULL);
  util_set_giveup_verdict("MAYBE"); /* termCOMP's answer when giving up (timeout, memory) */
  if (timeout > 0) util_set_timeout(timeout);
  util_progress_live_start(progress);

  fe_options fo;
  fe_options_default(&fo);
  fo.ptr_bits = 64;
  fo.timeout = timeout;
  fo.undefined = FE_UNDEFINED_ARBITRARY; /* the competition's rule for functions without a body */
  fo.own_assume = true;                  /* the program's own __VERIFIER_assume, as written */
  char *err = NULL;
  ir_module *m = fe_load(file, &fo, &err);
  if (!m) {
    strbuf why = {0};
    strbuf_printf(&why, "reason: %s\n", err ? err : "cannot load the program");
    print_answer("MAYBE", why.data);
    strbuf_free(&why);
    util_set_timeout(0);
    free(err);
    return 0;
  }
  property p;
  char perr[256];
  bool loaded = prop_load("termination", &p, perr, sizeof perr);
  assert(loaded); /* a built-in property name */
  (void)loaded;
  verdict v = {0};
  drv_check(m, &p, &o, budget_of_run(), &v);
  /* FALSE(termination) would be a checked non-terminating run; TRUE a proof */
  const char *answer = v.kind == VERDICT_TRUE ? "YES" : v.kind == VERDICT_FALSE ? "NO" : "MAYBE";
  strbuf detail = {0};
  strbuf_printf(&detail, "semantics: %s\n",
                o.math_ints ? "mathematical integers (termCOMP): no wrap-around, no overflow"
                            : "bit-precise integers (SV-COMP): unsigned arithmetic wraps, signed overflow is UB");
  if (v.detail.data) strbuf_printf(&detail, "%s", v.detail.data);
  print_answer(answer, detail.data);
  util_set_timeout(0); /* the answer is out: no second one from a timeout in the clean-up */
  strbuf_free(&detail);
  verdict_free(&v);
  ir_module_free(m);
  return 0;
}
