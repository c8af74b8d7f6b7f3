# BenchExec tool-info module for `bitprove its`: termination of integer
# transition systems (termCOMP SMT2, KoAT .koat, ARI .ari), e.g. the TPDB
# Integer_Transition_Systems set.  tool="bench.benchexec.bitprove_its";
# see bitprove.py for the package layout and bench/README.md for its use.

import re

from benchexec import result

from . import bitprove

_ANSWER = re.compile(r"^(YES|NO|MAYBE)$")


class Tool(bitprove.Tool):
    """
    bitprove its: termination of an integer transition system
    (termCOMP SMT2 .smt2, KoAT .koat, ARI .ari; the format by extension).

    Command line: bitprove its [options] [--timeout T] FILE, with T the run's
    CPU-time limit (wall-time limit without one) unless the options set
    --timeout.  The property is always termination: a property file of the
    task is not passed on (these files have no expected verdicts).

    Result: the first line of the answer is YES (`true`), NO
    (`false(termination)`) or MAYBE (`unknown`; TIMEOUT / OUT OF MEMORY when
    its reason is bitprove's own time limit or exhausted memory).  No answer,
    a signal or a non-zero exit status is an error.

    Column values: `reason` (of a MAYBE), or a regular expression whose first
    group is the value.
    """

    def name(self):
        return "bitprove its"

    def cmdline(self, executable, options, task, rlimits):
        return [
            executable,
            "its",
            *options,
            *bitprove.timeout_option(options, rlimits),
            task.single_input_file,
        ]

    def determine_result(self, run):
        failure = bitprove.failure_result(run)
        if failure:
            return failure
        index, answer = bitprove.find_answer(run.output, _ANSWER)
        if answer == "YES":
            return result.RESULT_TRUE_PROP
        if answer == "NO":
            return result.RESULT_FALSE_TERMINATION
        if answer == "MAYBE":
            return bitprove.giving_up_result(
                bitprove.reason_after(run.output, index), result.RESULT_UNKNOWN
            )
        return f"{result.RESULT_ERROR} (no answer)"

    def get_value_from_output(self, output, identifier):
        if identifier == "reason":
            return bitprove.reason_after(output, bitprove.find_answer(output, _ANSWER)[0]) or None
        return super().get_value_from_output(output, identifier)
