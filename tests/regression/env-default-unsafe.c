// A driver's environment loop (as in ldv-linux-3.4-simple): the module is
// registered only when register_driver() returns 0, then the loop calls a
// handler per command until the environment says stop. Every handler of a
// command 0..2 ends the run, but a command that is none of them (the
// switch's default) changes nothing: fed 1 and 3 forever, the loop never
// ends. A search that tries only the constants main compares with (0, 1,
// 2) misses that run; the default needs a letter of its own.
// RUN: --nondet 0,1,3,1,3,0
// EXPECT: run: exit 0
// VERDICT: FALSE(termination)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);

static int opened;

static int register_driver(void) { return __VERIFIER_nondet_int(); }

static void handler_open(void) {
  if (opened) abort();
  opened = 1;
}

int main(void) {
  if (register_driver() != 0) return 0;
  while (__VERIFIER_nondet_int()) {
    switch (__VERIFIER_nondet_int()) {
    case 0:
      handler_open();
      abort(); /* the device reset: the run ends */
    case 1:
      return 1;
    case 2:
      abort();
    default:
      break;
    }
  }
  return 0;
}
