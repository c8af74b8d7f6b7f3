/* json: a reader of JSON text (RFC 8259) into a tree, for the inputs
 * bitprove reads in that format (compilation databases).
 *
 * Contract:
 *  - json_parse() returns the root value, or NULL with a one-line reason
 *    ("line 3: expected ',' or '}'") in err. Nesting deeper than
 *    JSON_MAX_DEPTH is an error, not a stack overflow.
 *  - Strings are decoded (escapes, \u with surrogate pairs, to UTF-8) and
 *    NUL-terminated; a string holding \u0000 is cut there.
 *  - Numbers are kept as doubles.
 *  - json_free() frees a tree; lookups never fail on a wrong kind (NULL). */
#ifndef BITPROVE_UTIL_JSON_H
#define BITPROVE_UTIL_JSON_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 256

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json_value json_value;
struct json_value {
  json_kind kind;
  bool boolean;
  double number;
  char *string;        /* STRING */
  size_t len;          /* ARRAY, OBJECT: number of items */
  json_value **items;  /* ARRAY, OBJECT: the values */
  char **keys;         /* OBJECT: the keys, parallel to items */
};

json_value *json_parse(const char *text, char *err, size_t errlen);
void json_free(json_value *v);
/* The value of key in an object (the first one), or NULL. */
const json_value *json_get(const json_value *obj, const char *key);
/* The string of key in an object, or NULL when absent or not a string. */
const char *json_get_string(const json_value *obj, const char *key);

#endif
