// A run of some thousand steps for the HTML report's limits
// (check_html.py): twelve values drawn at one line, then 1000 calls, then
// reach_error. The page shows the trace's head and tail with a note.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int step(int x) { return x + 1; }

int main(void) {
  int drawn = 0;
  for (int i = 0; i < 12; i++)
    drawn += __VERIFIER_nondet_int() & 1;
  int s = 0;
  for (int i = 0; i < 1000; i++)
    s = step(s);
  if (s == 1000 && drawn >= 0)
    reach_error(); // REPORT-BUG
  return 0;
}
