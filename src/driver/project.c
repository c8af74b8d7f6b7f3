/* project: inputs and their compiler flags (contract in project.h). */
#define _DEFAULT_SOURCE
#include "project.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/json.h"
#include "../util/util.h"

/* Flags whose value may come as the next argument. */
static const char *const separate_flags[] = {"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter"};
/* Flags that also take their value joined to them (-Iinc, -DX=1). */
static const char *const joined_flags[] = {"-I", "-D", "-U", "-isystem", "-iquote", "-idirafter", "-std="};

bool project_is_cflag(const char *arg, const char *next, int *consumed) {
  for (size_t i = 0; i < sizeof separate_flags / sizeof separate_flags[0]; i++)
    if (strcmp(arg, separate_flags[i]) == 0) {
      if (!next) return false;
      *consumed = 2;
      return true;
    }
  for (size_t i = 0; i < sizeof joined_flags / sizeof joined_flags[0]; i++) {
    size_t n = strlen(joined_flags[i]);
    if (strncmp(arg, joined_flags[i], n) == 0 && arg[n]) {
      *consumed = 1;
      return true;
    }
  }
  return false;
}

typedef VEC(char *) str_vec;

typedef struct {
  str_vec strings;
  VEC(const char **) lists;
  VEC(fe_input) inputs;
} builder;

static char *keep(builder *b, char *s) {
  VEC_PUSH(b->strings, s);
  return s;
}

/* Splits a shell command line into words (quotes and backslashes as the
 * POSIX shell reads them; no expansions). */
static void split_words(const char *s, str_vec *out) {
  while (*s) {
    while (*s == ' ' || *s == '\t' || *s == '\n') s++;
    if (!*s) break;
    strbuf w = {0};
    while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
      if (*s == '\'') {
        const char *e = strchr(s + 1, '\'');
        size_t n = e ? (size_t)(e - s - 1) : strlen(s + 1);
        strbuf_append(&w, s + 1, n);
        s += n + 1 + (e != NULL);
      } else if (*s == '"') {
        s++;
        while (*s && *s != '"') {
          if (*s == '\\' && s[1] && strchr("\"\\$`\n", s[1])) s++;
          strbuf_append(&w, s++, 1);
        }
        if (*s) s++;
      } else if (*s == '\\' && s[1]) {
        strbuf_append(&w, s + 1, 1);
        s += 2;
      } else {
        strbuf_append(&w, s++, 1);
      }
    }
    VEC_PUSH(*out, w.data ? w.data : xstrdup(""));
  }
}

/* The shaping flags among a compiler's arguments (args[0] is the compiler),
 * then the command line's; the list is NULL-terminated. */
static const char **shaping_flags(builder *b, char **args, size_t nargs, const char *const *cflags, size_t ncflags,
                                  size_t *count) {
  VEC(const char *) out = {0};
  for (size_t i = 1; i < nargs; i++) {
    int consumed = 0;
    if (!project_is_cflag(args[i], i + 1 < nargs ? args[i + 1] : NULL, &consumed)) continue;
    for (int k = 0; k < consumed; k++) VEC_PUSH(out, keep(b, xstrdup(args[i + (size_t)k])));
    i += (size_t)consumed - 1;
  }
  for (size_t i = 0; i < ncflags; i++) VEC_PUSH(out, cflags[i]);
  *count = out.len;
  VEC_PUSH(out, NULL);
  VEC_PUSH(b->lists, out.data);
  return out.data;
}

static bool is_c_file(const char *path) { return util_ends_with(path, ".c") || util_ends_with(path, ".i"); }

/* The entry's file as a path bitprove can open: absolute, or joined to its
 * directory. Heap string. */
static char *entry_path(const char *dir, const char *file) {
  if (file[0] == '/' || !dir || !*dir) return xstrdup(file);
  return xasprintf("%s/%s", dir, file);
}

/* Adds the database entry `e` as an input named `shown`. */
static bool add_entry(builder *b, const json_value *e, const char *shown, const char *const *cflags, size_t ncflags,
                      char *err, size_t errlen) {
  const char *dir = json_get_string(e, "directory");
  str_vec args = {0};
  const json_value *arguments = json_get(e, "arguments");
  const char *command = json_get_string(e, "command");
  if (arguments && arguments->kind == JSON_ARRAY) {
    for (size_t i = 0; i < arguments->len; i++)
      if (arguments->items[i]->kind == JSON_STRING) VEC_PUSH(args, xstrdup(arguments->items[i]->string));
  } else if (command) {
    split_words(command, &args);
  } else {
    snprintf(err, errlen, "compilation database: the entry of %s has neither \"arguments\" nor \"command\"", shown);
    return false;
  }
  size_t n = 0;
  const char **flags = shaping_flags(b, args.data, args.len, cflags, ncflags, &n);
  for (size_t i = 0; i < args.len; i++) free(args.data[i]);
  VEC_FREE(args);
  fe_input in = {shown, flags, n, dir ? keep(b, xstrdup(dir)) : NULL};
  VEC_PUSH(b->inputs, in);
  return true;
}

static bool from_database(builder *b, const char *const *files, size_t nfiles, const char *const *cflags,
                          size_t ncflags, const char *db_path, char *err, size_t errlen) {
  char why[256];
  char *text = util_read_input(db_path, UTIL_INPUT_MAX, NULL, why, sizeof why);
  if (!text) {
    snprintf(err, errlen, "cannot read the compilation database %s: %s", db_path, why);
    return false;
  }
  char jerr[256];
  json_value *db = json_parse(text, jerr, sizeof jerr);
  free(text);
  if (!db || db->kind != JSON_ARRAY) {
    snprintf(err, errlen, "malformed compilation database %s: %s", db_path, db ? "not a JSON array" : jerr);
    json_free(db);
    return false;
  }
  /* each entry's file as a real path, computed once (NULL: no such file) */
  char **real = xcalloc(db->len ? db->len : 1, sizeof *real);
  bool *taken = xcalloc(db->len ? db->len : 1, sizeof *taken); /* entries made inputs */
  for (size_t i = 0; i < db->len; i++) {
    const char *file = json_get_string(db->items[i], "file");
    if (!file) continue;
    char *path = entry_path(json_get_string(db->items[i], "directory"), file);
    real[i] = realpath(path, NULL);
    free(path);
  }
  bool ok = true;
  if (nfiles == 0) {
    for (size_t i = 0; i < db->len && ok; i++) {
      const json_value *e = db->items[i];
      const char *file = json_get_string(e, "file");
      if (!file || !is_c_file(file)) continue;
      bool seen = false; /* an entry listed twice counts once */
      for (size_t k = 0; k < i && !seen; k++) seen = taken[k] && real[i] && strcmp(real[i], real[k]) == 0;
      if (seen) continue;
      taken[i] = true;
      ok = add_entry(b, e, keep(b, entry_path(json_get_string(e, "directory"), file)), cflags, ncflags, err, errlen);
    }
    if (ok && b->inputs.len == 0) {
      snprintf(err, errlen, "the compilation database %s lists no C file", db_path);
      ok = false;
    }
  }
  for (size_t f = 0; f < nfiles && ok; f++) {
    const json_value *found = NULL;
    char *want = realpath(files[f], NULL);
    for (size_t i = 0; i < db->len && !found && want; i++)
      if (real[i] && strcmp(real[i], want) == 0) found = db->items[i];
    if (!found) {
      snprintf(err, errlen, "%s is not in the compilation database %s", files[f], db_path);
      ok = false;
    } else {
      /* clang runs in the entry's directory: a relative name must not depend on ours */
      const char *shown = files[f];
      if (shown[0] != '/' && json_get_string(found, "directory")) shown = keep(b, xstrdup(want));
      ok = add_entry(b, found, shown, cflags, ncflags, err, errlen);
    }
    free(want);
  }
  for (size_t i = 0; i < db->len; i++) free(real[i]);
  free(real);
  free(taken);
  json_free(db);
  return ok;
}

bool project_build(const char *const *files, size_t nfiles, const char *const *cflags, size_t ncflags,
                   const char *compile_commands, project *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  builder b = {0};
  bool ok = true;
  if (compile_commands) {
    ok = from_database(&b, files, nfiles, cflags, ncflags, compile_commands, err, errlen);
  } else {
    for (size_t f = 0; f < nfiles; f++) {
      fe_input in = {files[f], cflags, ncflags, NULL};
      VEC_PUSH(b.inputs, in);
    }
  }
  out->inputs = b.inputs.data;
  out->ninputs = b.inputs.len;
  out->strings = b.strings.data;
  out->nstrings = b.strings.len;
  out->flag_lists = b.lists.data;
  out->nflag_lists = b.lists.len;
  if (!ok) project_free(out);
  return ok;
}

void project_free(project *p) {
  for (size_t i = 0; i < p->nstrings; i++) free(p->strings[i]);
  for (size_t i = 0; i < p->nflag_lists; i++) free((void *)p->flag_lists[i]);
  free(p->strings);
  free(p->flag_lists);
  free(p->inputs);
  memset(p, 0, sizeof *p);
}
