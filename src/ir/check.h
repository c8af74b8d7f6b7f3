/* check: the checks a property is made of (SV-COMP's LTL formulas), shared
 * by the engines that look for their violations and the driver that reads
 * property files and prints verdicts.
 *
 * A set of checks is a bit mask (1u << prop_check). Property files belong
 * to the driver (driver/property.h); this header names the checks, so that
 * an engine can report which one a counterexample violates, and the files
 * written for other tools (src/output) can name it, without depending on
 * the driver. */
#ifndef BITPROVE_IR_CHECK_H
#define BITPROVE_IR_CHECK_H

typedef enum {
  PROP_UNREACH_CALL,
  PROP_NO_OVERFLOW,
  PROP_TERMINATION,
  PROP_VALID_DEREF,
  PROP_VALID_FREE,
  PROP_VALID_MEMTRACK,
  PROP_VALID_MEMCLEANUP,
  PROP_CHECK_COUNT
} prop_check;

/* The mask of all checks. */
#define PROP_ALL_CHECKS ((1u << PROP_CHECK_COUNT) - 1)

/* SV-COMP name of a check, as printed in FALSE(<name>); "?" out of range. */
const char *prop_check_name(prop_check c);

#endif
