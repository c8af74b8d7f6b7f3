# BenchExec tool-info module for `bitprove termcomp`: termination of C
# programs as the Termination Competition asks it (YES / NO / MAYBE; integers
# mathematical by default), e.g. the TPDB C and C_Integer sets.
# tool="bench.benchexec.bitprove_termcomp"; see bitprove.py for the package
# layout and bench/README.md for its use.

from . import bitprove
from . import bitprove_its


class Tool(bitprove_its.Tool):
    """
    bitprove termcomp: termination of a C program in termCOMP's conventions.

    Command line: bitprove termcomp [options] [--timeout T] FILE.c, with T as
    for `bitprove its`; options such as `--int-semantics bit` pass through.
    The property is always termination (TPDB files have no property files
    and no expected verdicts).

    Result: the first line of the answer, as for `bitprove its`: YES
    (`true`), NO (`false(termination)`), MAYBE (`unknown`; TIMEOUT / OUT OF
    MEMORY for bitprove's own limits).
    """

    def name(self):
        return "bitprove termcomp"

    def cmdline(self, executable, options, task, rlimits):
        return [
            executable,
            "termcomp",
            *options,
            *bitprove.timeout_option(options, rlimits),
            task.single_input_file,
        ]
