/* options: see options.h. */
#include "options.h"

#include <stddef.h>
#include <string.h>

void drv_options_default(drv_options *o) { memset(o, 0, sizeof *o); }

bool drv_int_semantics_parse(const char *name, drv_options *o) {
  if (strcmp(name, "bit") == 0) o->math_ints = false;
  else if (strcmp(name, "math") == 0) o->math_ints = true;
  else return false;
  return true;
}

bool drv_engine_parse(const char *name, drv_engine *out) {
  static const struct {
    const char *name;
    drv_engine engine;
  } engines[] = {
      {"auto", DRV_ENGINE_AUTO},
      {"seg", DRV_ENGINE_SEG},
      {"bmc", DRV_ENGINE_BMC},
      {"direct", DRV_ENGINE_DIRECT},
      {"lasso", DRV_ENGINE_LASSO},
      {"kind", DRV_ENGINE_KIND}};
  for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
    if (strcmp(name, engines[i].name) == 0) {
      *out = engines[i].engine;
      return true;
    }
  return false;
}
