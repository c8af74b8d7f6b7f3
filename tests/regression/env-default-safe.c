// The twin of env-default-unsafe.c whose environment gives at most 100
// commands: the default (a command that is none of 0..2) still changes
// nothing, but the count bounds the loop.
// RUN: --nondet 0,1,3,1,3,0
// EXPECT: run: exit 0
// VERDICT: TRUE for termination
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
  for (int steps = 0; steps < 100 && __VERIFIER_nondet_int(); steps++) {
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
