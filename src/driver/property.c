/* property: see property.h. Formulas as used by SV-COMP (rules, "Properties"). */
#include "property.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"


/* LTL formula text (spaces removed) -> check. */
static const struct {
  const char *formula;
  prop_check check;
} formulas[] = {
    {"G!call(reach_error())", PROP_UNREACH_CALL},
    {"G!call(__VERIFIER_error())", PROP_UNREACH_CALL},
    {"G!overflow", PROP_NO_OVERFLOW},
    {"Fend", PROP_TERMINATION},
    {"Gvalid-deref", PROP_VALID_DEREF},
    {"Gvalid-free", PROP_VALID_FREE},
    {"Gvalid-memtrack", PROP_VALID_MEMTRACK},
    {"Gvalid-memcleanup", PROP_VALID_MEMCLEANUP},
};

static void name_property(property *p) {
  const unsigned mem = (1u << PROP_VALID_DEREF) | (1u << PROP_VALID_FREE) | (1u << PROP_VALID_MEMTRACK);
  if (p->checks == mem) {
    snprintf(p->name, sizeof p->name, "valid-memsafety");
    return;
  }
  p->name[0] = 0;
  for (int c = 0; c < PROP_CHECK_COUNT; c++) {
    if (!(p->checks & (1u << c))) continue;
    size_t len = strlen(p->name);
    snprintf(p->name + len, sizeof p->name - len, "%s%s", len ? "+" : "", prop_check_name(c));
  }
}

/* Removes all white space of s[0..n) into out (size cap). */
static void squeeze(const char *s, size_t n, char *out, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < cap; i++)
    if (!isspace((unsigned char)s[i])) out[k++] = s[i];
  out[k] = 0;
}

bool prop_parse(const char *text, property *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  int lineno = 0;
  const char *line = text;
  while (*line) {
    const char *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    lineno++;
    char sq[512];
    squeeze(line, n, sq, sizeof sq);
    line = end ? end + 1 : line + n;
    if (!sq[0] || sq[0] == '#' || (sq[0] == '/' && sq[1] == '/')) continue;
    if (strncmp(sq, "COVER(", 6) == 0) {
      snprintf(err, errlen, "unsupported property: coverage (COVER) at line %d", lineno);
      return false;
    }
    const char *head = "CHECK(init(main()),LTL(";
    size_t hl = strlen(head), sl = strlen(sq);
    if (strncmp(sq, head, hl) != 0 || sl < hl + 2 || strcmp(sq + sl - 2, "))") != 0) {
      if (strncmp(sq, "CHECK(init(", 11) == 0 && strncmp(sq, "CHECK(init(main())", 18) != 0)
        snprintf(err, errlen, "unsupported property: entry function other than main at line %d", lineno);
      else
        snprintf(err, errlen, "malformed property file: line %d is not CHECK( init(main()), LTL(...) )", lineno);
      return false;
    }
    char formula[512];
    snprintf(formula, sizeof formula, "%.*s", (int)(sl - hl - 2), sq + hl);
    bool known = false;
    for (size_t i = 0; i < sizeof formulas / sizeof formulas[0]; i++) {
      if (strcmp(formula, formulas[i].formula) == 0) {
        out->checks |= 1u << formulas[i].check;
        known = true;
      }
    }
    if (!known) {
      snprintf(err, errlen, "unsupported property: LTL(%s) at line %d", formula, lineno);
      return false;
    }
  }
  if (!out->checks) {
    snprintf(err, errlen, "malformed property file: no CHECK line");
    return false;
  }
  name_property(out);
  return true;
}

static const struct {
  const char *name;
  const char *text;
} named[] = {
    {"unreach-call", "CHECK( init(main()), LTL(G ! call(reach_error())) )"},
    {"no-overflow", "CHECK( init(main()), LTL(G ! overflow) )"},
    {"termination", "CHECK( init(main()), LTL(F end) )"},
    {"valid-memsafety",
     "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
     "CHECK( init(main()), LTL(G valid-memtrack) )"},
    {"valid-memcleanup", "CHECK( init(main()), LTL(G valid-memcleanup) )"},
};

bool prop_load(const char *path, property *out, char *err, size_t errlen) {
  if (strcmp(path, "assert") == 0) {
    bool ok = prop_parse(named[0].text, out, err, errlen);
    snprintf(out->name, sizeof out->name, "assert");
    out->assert_calls = true;
    return ok;
  }
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
    if (strcmp(path, named[i].name) == 0) return prop_parse(named[i].text, out, err, errlen);
  char why[256];
  char *text = util_read_input(path, UTIL_INPUT_MAX, NULL, why, sizeof why);
  if (!text) {
    snprintf(err, errlen, "cannot read property file '%s': %s", path, why);
    return false;
  }
  bool ok = prop_parse(text, out, err, errlen);
  free(text);
  return ok;
}
