/* check: see check.h. The names are SV-COMP's (rules, "Properties"). */
#include "check.h"

static const char *const check_names[PROP_CHECK_COUNT] = {
    "unreach-call", "no-overflow", "termination", "valid-deref",
    "valid-free", "valid-memtrack", "valid-memcleanup",
};

const char *prop_check_name(prop_check c) { return (unsigned)c < PROP_CHECK_COUNT ? check_names[c] : "?"; }
