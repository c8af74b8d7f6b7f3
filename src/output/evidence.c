/* evidence: see evidence.h. */
#include "evidence.h"

#include <stdlib.h>
#include <string.h>

void evidence_free(evidence *e) {
  VEC_FREE(e->cex);
  free(e->recur_set);
  for (size_t i = 0; i < e->invariants.len; i++) {
    free(e->invariants.data[i].func);
    free(e->invariants.data[i].expr);
  }
  VEC_FREE(e->invariants);
  memset(e, 0, sizeof *e);
}
