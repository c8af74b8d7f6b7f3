/* Unit tests of driver/check_math (termCOMP's conditions on a verdict):
 * which programs are memory safe by syntax alone, and which use unsigned
 * operations or give main parameters (no FALSE from the exact ITS for
 * those). */
#define _DEFAULT_SOURCE
#include <stdlib.h>

#include "c_fixture.h"
#include "driver/check_math.h"
#include "test_util.h"

typedef struct {
  const char *text;
  bool safe_by_syntax, unsigned_free;
} math_case;

static const math_case cases[] = {
    /* scalars only: no memory access at all after mem2reg */
    {"extern int __VERIFIER_nondet_int(void);\n"
     "int main(void) { int x = __VERIFIER_nondet_int(); while (x > 0) x--; return 0; }\n",
     true, true},
    /* a global at its own address, a local array indexed by a constant */
    {"int g; int main(void) { int a[4]; a[2] = g; g = a[2] + 1; return g; }\n", true, true},
    /* a computed address: not by syntax */
    {"extern int __VERIFIER_nondet_int(void);\n"
     "int main(void) { int a[4]; int i = __VERIFIER_nondet_int(); a[i] = 1; return a[0]; }\n",
     false, true},
    /* malloc reaches memory */
    {"extern void *malloc(unsigned long); extern void free(void *);\n"
     "int main(void) { int *p = malloc(4); if (p) free(p); return 0; }\n", false, true},
    /* an unsigned comparison */
    {"extern unsigned __VERIFIER_nondet_uint(void);\n"
     "int main(void) { unsigned u = __VERIFIER_nondet_uint(); while (u < 10) u++; return 0; }\n",
     true, false},
    /* main's parameters start free in the ITS */
    {"int main(int argc, char **argv) { while (argc < 0) argc--; return 0; }\n", true, false},
    /* a char widened: zext of an integer */
    {"extern unsigned char __VERIFIER_nondet_uchar(void);\n"
     "int main(void) { int x = __VERIFIER_nondet_uchar(); while (x > 0) x--; return 0; }\n",
     true, false},
};

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ir_module *m = load_c_text(cases[i].text, 64);
    CHECK_MSG(m != NULL, "case %zu does not load", i);
    if (!m) continue;
    CHECK_MSG(drv_memory_safe_by_syntax(m, false) == cases[i].safe_by_syntax, "case %zu: memory safe by syntax", i);
    CHECK_MSG(drv_exact_no_applies(m) == cases[i].unsigned_free, "case %zu: unsigned operations", i);
    ir_module_free(m);
  }
  return TEST_SUMMARY();
}
