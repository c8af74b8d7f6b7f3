/* Unit tests of the JSON reader (util/json.h) and of the project's inputs
 * (driver/project.h): compiler flags taken from the command line, and from a
 * compilation database ("command" strings with shell quoting, "arguments"
 * arrays, relative and absolute file names, files not in the database). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/project.h"
#include "test_util.h"
#include "util/json.h"
#include "util/util.h"

static void test_json(void) {
  char err[256];
  json_value *v = json_parse(" [ {\"a\": \"x\\\"y\\u00e9\\ud83d\\ude00\", \"n\": -1.5e2, \"t\": true, \"z\": null},"
                             " [], {} ] ",
                             err, sizeof err);
  CHECK(v && v->kind == JSON_ARRAY && v->len == 3);
  if (v && v->len == 3) {
    const json_value *o = v->items[0];
    CHECK(strcmp(json_get_string(o, "a"), "x\"y\xc3\xa9\xf0\x9f\x98\x80") == 0);
    CHECK(json_get(o, "n")->kind == JSON_NUMBER && json_get(o, "n")->number == -150.0);
    CHECK(json_get(o, "t")->kind == JSON_BOOL && json_get(o, "t")->boolean);
    CHECK(json_get(o, "z")->kind == JSON_NULL);
    CHECK(json_get(o, "missing") == NULL && json_get_string(o, "n") == NULL);
    CHECK(v->items[1]->kind == JSON_ARRAY && v->items[1]->len == 0);
    CHECK(v->items[2]->kind == JSON_OBJECT && v->items[2]->len == 0);
  }
  json_free(v);
  v = json_parse("[1, 2", err, sizeof err);
  CHECK(!v && strstr(err, "expected ',' or ']'"));
  v = json_parse("{\"a\" 1}", err, sizeof err);
  CHECK(!v && strstr(err, "expected ':'"));
  v = json_parse("[1]\n[2]", err, sizeof err);
  CHECK(!v && strstr(err, "line 2") && strstr(err, "after the value"));
  v = json_parse("\"a\tb\"", err, sizeof err);
  CHECK(!v && strstr(err, "control character"));
  char deep[2 * JSON_MAX_DEPTH + 10];
  memset(deep, '[', sizeof deep - 1);
  deep[sizeof deep - 1] = 0;
  v = json_parse(deep, err, sizeof err);
  CHECK(!v && strstr(err, "nested too deeply"));
}

static void test_cflags(void) {
  int n = 0;
  CHECK(project_is_cflag("-I", "inc", &n) && n == 2);
  CHECK(project_is_cflag("-Iinc", NULL, &n) && n == 1);
  CHECK(project_is_cflag("-DX=1", NULL, &n) && n == 1);
  CHECK(project_is_cflag("-include", "cfg.h", &n) && n == 2);
  CHECK(project_is_cflag("-std=c99", NULL, &n) && n == 1);
  CHECK(!project_is_cflag("-I", NULL, &n)); /* a value is missing */
  CHECK(!project_is_cflag("-O2", NULL, &n) && !project_is_cflag("--prop", "x", &n));
}

static char *write_file(const char *dir, const char *name, const char *text) {
  char *path = xasprintf("%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(text, f);
    fclose(f);
  }
  return path;
}

static bool has_flag(const fe_input *in, const char *flag) {
  for (size_t i = 0; i < in->nflags; i++)
    if (strcmp(in->flags[i], flag) == 0) return true;
  return false;
}

static void test_database(void) {
  char dir[] = "/tmp/bitprove-project-test-XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK(!"mkdtemp");
    return;
  }
  char *a = write_file(dir, "a.c", "int a;\n");
  char *b = write_file(dir, "b.c", "int b;\n");
  char *text = xasprintf("[{\"directory\": \"%s\", \"file\": \"a.c\", "
                         "\"command\": \"cc -c -I 'my inc' \\\"-DNAME=a b\\\" -O2 -Wall -std=gnu11 a.c\"},"
                         " {\"directory\": \"%s\", \"file\": \"%s\", \"arguments\": [\"cc\", \"-DB\", \"-isystem\", "
                         "\"/sys\", \"-c\", \"b.c\"]},"
                         " {\"directory\": \"%s\", \"file\": \"a.c\", \"command\": \"cc -c a.c\"},"
                         " {\"directory\": \"%s\", \"file\": \"x.cpp\", \"command\": \"c++ -c x.cpp\"}]",
                         dir, dir, b, dir, dir);
  char *db = write_file(dir, "compile_commands.json", text);
  const char *extra[] = {"-DEXTRA"};
  project p;
  char err[512];
  /* every C file of the database, each once */
  CHECK(project_build(NULL, 0, extra, 1, db, &p, err, sizeof err));
  CHECK(p.ninputs == 2);
  if (p.ninputs == 2) {
    CHECK(has_flag(&p.inputs[0], "my inc") && has_flag(&p.inputs[0], "-DNAME=a b") &&
          has_flag(&p.inputs[0], "-std=gnu11") && has_flag(&p.inputs[0], "-DEXTRA"));
    CHECK(!has_flag(&p.inputs[0], "-O2") && !has_flag(&p.inputs[0], "-Wall") && !has_flag(&p.inputs[0], "-c"));
    CHECK(strcmp(p.inputs[0].directory, dir) == 0);
    CHECK(has_flag(&p.inputs[1], "-DB") && has_flag(&p.inputs[1], "/sys"));
  }
  project_free(&p);
  /* a file named on the command line takes its entry's flags */
  const char *files[] = {b};
  CHECK(project_build(files, 1, NULL, 0, db, &p, err, sizeof err) && p.ninputs == 1 &&
        strcmp(p.inputs[0].path, b) == 0 && has_flag(&p.inputs[0], "-DB"));
  project_free(&p);
  const char *other[] = {"/nonexistent/c.c"};
  CHECK(!project_build(other, 1, NULL, 0, db, &p, err, sizeof err) && strstr(err, "not in the compilation database"));
  CHECK(!project_build(NULL, 0, NULL, 0, "/nonexistent/db.json", &p, err, sizeof err) && strstr(err, "cannot read"));
  char *bad = write_file(dir, "bad.json", "{\"file\": 1}");
  CHECK(!project_build(NULL, 0, NULL, 0, bad, &p, err, sizeof err) && strstr(err, "not a JSON array"));
  /* without a database: the files as given, with the command line's flags */
  const char *both[] = {a, b};
  CHECK(project_build(both, 2, extra, 1, NULL, &p, err, sizeof err) && p.ninputs == 2 &&
        p.inputs[1].nflags == 1 && p.inputs[1].directory == NULL);
  project_free(&p);
  unlink(a);
  unlink(b);
  unlink(db);
  unlink(bad);
  rmdir(dir);
  free(a);
  free(b);
  free(db);
  free(bad);
  free(text);
}

int main(void) {
  test_json();
  test_cflags();
  test_database();
  return TEST_SUMMARY();
}
