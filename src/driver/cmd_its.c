/* cmd_its.c: `bitprove its` (cmd_its.h). */
#include "cmd_its.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../its/its.h"
#include "../its/prove.h"
#include "../util/progress.h"

static const char usage[] =
    "usage: bitprove its [--timeout S] [--format smt2|koat|ari] [--print koat|smt2|ari|text]\n"
    "                    [--without STEP]... [--stats] [--dump-smt DIR] [--[no-]progress] FILE\n"
    "  Reads an integer transition system and answers YES / NO / MAYBE (termCOMP style),\n"
    "  followed by the proof (YES), the checked witness (NO) or the reason (MAYBE).\n"
    "  --format F      input format (default: by extension .smt2, .koat, .ari)\n"
    "  --print P       print the parsed system in format P and stop\n"
    "  --timeout S     give up after S seconds of wall or CPU time, whichever comes first\n"
    "  --without STEP  switch off one step: preprocess, linear, nested, multiphase, minmax,\n"
    "                  poly, cfr, nonterm, accel (non-termination's loop acceleration and\n"
    "                  closed walks of two loops), project (a large system's projection onto\n"
    "                  its counters first)\n"
    "  --stats         print solver query statistics on stderr at the end\n"
    "  --dump-smt DIR  write every solver query as DIR/query-NNNNNN.smt2\n"
    "  --progress      a live status line on stderr while proving (default: when stderr\n"
    "                  is a terminal); --no-progress: none\n";

static int usage_error(const char *msg, const char *arg) {
  util_error("%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
  fputs(usage, stderr);
  return 2;
}

static bool one_of(const char *s, const char *const *opts) {
  for (; *opts; opts++)
    if (strcmp(s, *opts) == 0) return true;
  return false;
}

int cmd_its(int argc, char **argv) {
  static const char *const formats[] = {"smt2", "koat", "ari", NULL};
  static const char *const prints[] = {"smt2", "koat", "ari", "text", NULL};
  static const char *const steps[] = {"preprocess", "linear", "nested", "multiphase", "minmax", "poly", "cfr", "nonterm", "accel", "project", NULL};
  const char *format = NULL, *print = NULL, *file = NULL, *dump_dir = NULL;
  bool stats = false;
  its_prove_options opt = its_prove_default_options();
  double timeout = 0;
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
    } else if (strcmp(a, "--format") == 0) {
      if (!next || !one_of(next, formats)) return usage_error("--format needs smt2, koat or ari", next);
      format = argv[++i];
    } else if (strcmp(a, "--print") == 0) {
      if (!next || !one_of(next, prints)) return usage_error("--print needs koat, smt2, ari or text", next);
      print = argv[++i];
    } else if (strcmp(a, "--without") == 0) {
      if (!next || !one_of(next, steps))
        return usage_error("--without needs preprocess, linear, nested, multiphase, minmax, poly, cfr, nonterm, accel or project", next);
      if (strcmp(next, "preprocess") == 0) opt.preprocess = false;
      if (strcmp(next, "linear") == 0) opt.linear = false;
      if (strcmp(next, "nested") == 0) opt.nested = false;
      if (strcmp(next, "multiphase") == 0) opt.multiphase = false;
      if (strcmp(next, "minmax") == 0) opt.minmax = false;
      if (strcmp(next, "poly") == 0) opt.poly = false;
      if (strcmp(next, "cfr") == 0) opt.cfr = false;
      if (strcmp(next, "nonterm") == 0) opt.nonterm = false;
      if (strcmp(next, "accel") == 0) opt.accel = false;
      if (strcmp(next, "project") == 0) opt.project = false;
      i++;
    } else if (strcmp(a, "--stats") == 0) {
      stats = true;
    } else if (strcmp(a, "--dump-smt") == 0) {
      if (!next) return usage_error("--dump-smt needs a folder", NULL);
      dump_dir = argv[++i];
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
  if (!format) {
    if (util_ends_with(file, ".smt2"))
      format = "smt2";
    else if (util_ends_with(file, ".koat"))
      format = "koat";
    else if (util_ends_with(file, ".ari"))
      format = "ari";
    else
      return usage_error("cannot tell the format from the file name; use --format", file);
  }
  util_set_giveup_verdict("MAYBE"); /* termCOMP's answer when giving up (timeout, memory) */
  if (timeout > 0) util_set_timeout(timeout);

  char why[256];
  char *text = util_read_input(file, UTIL_INPUT_MAX, NULL, why, sizeof why);
  if (!text) {
    printf("MAYBE\n");
    fflush(stdout);
    util_error("%s: cannot read: %s", file, why);
    return 0;
  }
  smt_ctx *ctx = smt_ctx_new();
  if (dump_dir) smt_set_dump_dir(ctx, dump_dir);
  char err[512];
  its *s = strcmp(format, "smt2") == 0   ? its_parse_smt2(ctx, text, err, sizeof err)
           : strcmp(format, "koat") == 0 ? its_parse_koat(ctx, text, err, sizeof err)
                                         : its_parse_ari(ctx, text, err, sizeof err);
  free(text);
  if (!s) {
    printf("MAYBE\n");
    fflush(stdout);
    util_error("%s: %s", file, err);
    smt_ctx_free(ctx);
    return 0;
  }
  int rc = 0;
  strbuf out = {0};
  if (print) {
    if (its_print_format(s, print, &out, err, sizeof err)) {
      fputs(out.data ? out.data : "", stdout);
    } else {
      util_error("%s: cannot print as %s: %s", file, print, err);
      rc = 1;
    }
  } else {
    /* the run's budget less a moment, so that the prover ends with its own
     * reason rather than the signal handler's bare timeout; 10 s per solver
     * check at most (the deadline caps each one too) */
    opt.budget = budget_queries(budget_reserve(budget_of_run(), 0.5), 10000);
    /* a quarter of the time is non-termination's: ranking a problem it
     * cannot close may take every second (T2's p.t2, a fixed point found in
     * 0.3 s, was MAYBE at 20 s); every YES of the dev ITS set came in 5 s */
    opt.rank_share = 0.75;
    its_prove_result r;
    util_progress_live_start(progress);
    util_progress_begin("ITS back end");
    its_prove_with(s, &opt, &r);
    util_progress_end();
    util_progress_live_stop(); /* the status line leaves the terminal before the answer */
    its_prove_result_print(&r, &out);
    its_prove_result_free(&r);
    fputs(out.data ? out.data : "MAYBE\n", stdout);
    fflush(stdout);
    util_set_timeout(0); /* the answer is out: no second one from a timeout in the clean-up */
    if (stats) smt_stats_print(ctx, stderr);
  }
  strbuf_free(&out);
  its_free(s);
  smt_ctx_free(ctx);
  return rc;
}
