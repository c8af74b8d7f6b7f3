/* dispatch: see dispatch.h. */
#include "dispatch.h"

void drv_check(const ir_module *m, const property *p, verdict *out) {
  out->kind = VERDICT_UNKNOWN;
  if (m->unsupported.len) {
    char loc[512];
    const ir_unsupported *u = &m->unsupported.data[0];
    verdict_unknown(out, "unsupported construct: %s at %s", u->what, ir_loc_format(m, u->loc, loc, sizeof loc));
    for (size_t i = 1; i < m->unsupported.len && i < 10; i++) {
      u = &m->unsupported.data[i];
      verdict_note(out, "unsupported: %s at %s", u->what, ir_loc_format(m, u->loc, loc, sizeof loc));
    }
    return;
  }
  /* The engines (SEG, direct translation, BMC) are separate issues; until one
   * is wired in here, the honest answer is UNKNOWN. */
  verdict_unknown(out, "no engine yet for %s", p->name);
}
