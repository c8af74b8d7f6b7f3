/* check_direct: see check_direct.h. */
#include "check_direct.h"

#include <stdio.h>
#include <string.h>

#include "../direct/direct.h"
#include "../its/prove.h"
#include "../output/its_file.h"
#include "../smt/smt.h"
#include "../util/progress.h"

void drv_direct_termination(const ir_module *m, const drv_options *o, budget b, verdict *out,
                            drv_direct_facts *facts) {
  if (facts) memset(facts, 0, sizeof *facts);
  smt_ctx *ctx = smt_ctx_new();
  direct_info info;
  char err[512];
  util_progress_begin("direct translation");
  its *s = direct_translate_sem(m, ctx, o->math_ints ? DIRECT_INT_MATH : DIRECT_INT_BIT, b, &info, err, sizeof err);
  util_progress_end();
  if (!s) {
    verdict_unknown(out, "direct translation: %s", err);
    smt_ctx_free(ctx);
    return;
  }
  bool dumped = o->dump_its_format && its_file_write(s, o->dump_its_format, o->dump_its_file);
  its_prove_options po = its_prove_default_options();
  po.budget = budget_queries(b, po.budget.query_ms);
  its_prove_result res;
  util_progress_begin("ITS back end (direct translation's ITS)");
  its_prove_with(s, &po, &res);
  util_progress_end();
  strbuf proof = {0}; /* the termCOMP text, quoted in the verdict */
  its_prove_result_print(&res, &proof);
  strbuf head = {0};
  direct_info_assumptions(&info, &head);
  direct_info_stats(&info, &head);
  if (res.answer == ITS_PROVE_YES) {
    out->kind = VERDICT_TRUE;
    if (facts) facts->assumed_memsafe = info.assumes_memory_safe;
    verdict_note_lines(out, "", head.data);
    verdict_note(out, "proof: the ITS of the direct translation terminates (ITS back end):");
    verdict_note_lines(out, "  ", proof.data);
    if (o->for_report && proof.data) strbuf_printf(&out->proof, "%s", proof.data);
  } else if (res.answer == ITS_PROVE_NO) {
    /* a run of the over-approximating ITS that does not end need not be a
     * run of the program: a hint, not a verdict */
    verdict_unknown(out, "the ITS of the direct translation has a non-terminating run (only a hint: the ITS "
                         "over-approximates the program)");
    verdict_note_lines(out, "", head.data);
    verdict_note_lines(out, "its: ", proof.data);
    if (facts && direct_info_exact(&info)) { /* then the run is one of the program (direct.h) */
      facts->exact_no = true;
      strbuf_printf(&facts->no_proof, "%s", head.data ? head.data : "");
      strbuf_printf(&facts->no_proof, "%s", proof.data ? proof.data : "");
    }
  } else {
    int n;
    const char *why = its_prove_reason_line(&res, &n);
    if (info.float_unknown)
      verdict_unknown(out, "the ITS back end found no termination proof of the direct translation (%.*s); control "
                           "flow depends on %u floating-point value(s), which the translation abstracts to any value",
                      n, why, info.float_unknown);
    else
      verdict_unknown(out, "the ITS back end found no termination proof of the direct translation (%.*s)", n, why);
    verdict_note_lines(out, "", head.data);
    verdict_note_lines(out, "its: ", proof.data);
  }
  if (dumped) verdict_note(out, "ITS written to %s (%s)", o->dump_its_file, o->dump_its_format);
  if (o->stats) smt_stats_print(ctx, stderr);
  strbuf_free(&head);
  strbuf_free(&proof);
  its_prove_result_free(&res);
  its_free(s);
  smt_ctx_free(ctx);
}
