/* Unit tests of the driver's readers: SV-COMP property files and task files. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/property.h"
#include "driver/task.h"
#include "test_util.h"

static void test_properties(void) {
  property p;
  char err[256];
  CHECK(prop_parse("CHECK( init(main()), LTL(G ! call(reach_error())) )\n", &p, err, sizeof err));
  CHECK(p.checks == 1u << PROP_UNREACH_CALL && strcmp(p.name, "unreach-call") == 0);
  CHECK(prop_parse("CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
                   "CHECK( init(main()), LTL(G valid-memtrack) )\n",
                   &p, err, sizeof err));
  CHECK(strcmp(p.name, "valid-memsafety") == 0);
  CHECK(p.checks == ((1u << PROP_VALID_FREE) | (1u << PROP_VALID_DEREF) | (1u << PROP_VALID_MEMTRACK)));
  CHECK(prop_parse("CHECK(init(main()),LTL(F end))", &p, err, sizeof err) && strcmp(p.name, "termination") == 0);
  CHECK(prop_parse("CHECK( init(main()), LTL(G ! overflow) )", &p, err, sizeof err) &&
        strcmp(p.name, "no-overflow") == 0);
  CHECK(!prop_parse("", &p, err, sizeof err) && strstr(err, "no CHECK line"));
  CHECK(!prop_parse("CHECK( init(main()), LTL(G x > 0) )", &p, err, sizeof err) && strstr(err, "unsupported property"));
  CHECK(!prop_parse("COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )", &p, err, sizeof err) &&
        strstr(err, "coverage"));
  CHECK(!prop_parse("CHECK( init(foo()), LTL(F end) )", &p, err, sizeof err) && strstr(err, "entry function"));
  CHECK(!prop_parse("hello world", &p, err, sizeof err) && strstr(err, "malformed"));
  CHECK(prop_load("valid-memcleanup", &p, err, sizeof err) && p.checks == 1u << PROP_VALID_MEMCLEANUP);
  CHECK(!prop_load("/nonexistent/x.prp", &p, err, sizeof err) && strstr(err, "cannot read"));
  CHECK(strcmp(prop_check_name(PROP_VALID_DEREF), "valid-deref") == 0);
}

static char tmpdir[] = "/tmp/bitprove-test-XXXXXX";

static char *write_file(const char *name, const char *text) {
  char *path = malloc(strlen(tmpdir) + strlen(name) + 2);
  sprintf(path, "%s/%s", tmpdir, name);
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
  return path;
}

static void test_tasks(void) {
  if (!mkdtemp(tmpdir)) {
    CHECK(!"mkdtemp");
    return;
  }
  task t;
  char err[512];
  char *p1 = write_file("a.yml",
                        "format_version: '2.0'\n"
                        "\n"
                        "# a comment\n"
                        "input_files: 'prog.c'\n"
                        "properties:\n"
                        "  - property_file: ../properties/termination.prp\n"
                        "    expected_verdict: true\n"
                        "  - property_file: ../properties/valid-memsafety.prp  # trailing comment\n"
                        "    expected_verdict: false\n"
                        "    subproperty: valid-deref\n"
                        "  - property_file: \"../properties/no-overflow.prp\"\n"
                        "options:\n"
                        "  language: C\n"
                        "  data_model: ILP32\n");
  bool ok = task_load(p1, &t, err, sizeof err);
  CHECK_MSG(ok, "%s", err);
  if (ok) {
    CHECK(t.ninputs == 1 && strcmp(t.inputs[0] + strlen(tmpdir), "/prog.c") == 0);
    CHECK(t.nprops == 3);
    CHECK(strcmp(t.props[0].name, "termination") == 0 && t.props[0].expected == 1);
    CHECK(strcmp(t.props[1].name, "valid-memsafety") == 0 && t.props[1].expected == 0);
    CHECK(t.props[1].subproperty && strcmp(t.props[1].subproperty, "valid-deref") == 0);
    CHECK(t.props[2].expected == -1 && strcmp(t.props[2].name, "no-overflow") == 0);
    CHECK(strstr(t.props[0].property_file, "/../properties/termination.prp") != NULL);
    CHECK(t.ptr_bits == 32 && strcmp(t.language, "C") == 0);
  }
  task_free(&t);

  /* Lists at the key's own indentation, flow lists, default data model. */
  char *p2 = write_file("b.yml",
                        "format_version: '2.0'\n"
                        "input_files: ['x.i']\n"
                        "properties:\n"
                        "- property_file: /abs/unreach-call.prp\n"
                        "  expected_verdict: false\n");
  ok = task_load(p2, &t, err, sizeof err);
  CHECK_MSG(ok, "%s", err);
  if (ok) {
    CHECK(t.ninputs == 1 && strstr(t.inputs[0], "/x.i"));
    CHECK(t.nprops == 1 && strcmp(t.props[0].property_file, "/abs/unreach-call.prp") == 0);
    CHECK(t.props[0].expected == 0 && t.ptr_bits == 64);
  }
  task_free(&t);

  const char *bad[] = {
      "format_version: '2.0'\nproperties:\n  - property_file: a.prp\n",              /* no input_files */
      "format_version: '2.0'\ninput_files: a.c\n",                                   /* no properties */
      "input_files: a.c\nproperties:\n  - property_file: a.prp\n    expected_verdict: maybe\n",
      "input_files: a.c\nproperties:\n  - property_file: a.prp\noptions:\n  data_model: LP128\n",
      "input_files: a.c\n  oops: 1\n",                                               /* bad indentation */
      "just some text\n",
      "",
      "format_version: '9.9'\ninput_files: a.c\nproperties:\n  - property_file: a.prp\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char *p = write_file("bad.yml", bad[i]);
    bool r = task_load(p, &t, err, sizeof err);
    CHECK_MSG(!r && strstr(err, "malformed task file"), "case %zu: %s", i, err);
    task_free(&t);
    unlink(p);
    free(p);
  }
  CHECK(!task_load("/nonexistent.yml", &t, err, sizeof err) && strstr(err, "cannot read"));
  task_free(&t);
  unlink(p1);
  unlink(p2);
  free(p1);
  free(p2);
  rmdir(tmpdir);
}

int main(void) {
  test_properties();
  test_tasks();
  return TEST_SUMMARY();
}
