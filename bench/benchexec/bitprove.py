# BenchExec tool-info module for bitprove (SV-COMP properties).
#
# Use it as tool="bench.benchexec.bitprove" with the bitprove checkout on
# PYTHONPATH (BenchExec loads tool-info modules only from a package; bench/
# and bench/benchexec/ are namespace packages, without __init__.py, so that
# bench/benchexec never shadows BenchExec's own `benchexec` package).
# See bench/README.md, "With BenchExec".

import re

import benchexec.tools.template
from benchexec import result

# The verdict line (src/driver/verdict.c): TRUE, FALSE(<subproperty>) or UNKNOWN.
_VERDICT = re.compile(r"^(TRUE|FALSE|UNKNOWN)(?:\(([a-z-]+)\))?$")

_FALSE_RESULTS = {
    "unreach-call": result.RESULT_FALSE_REACH,
    "no-overflow": result.RESULT_FALSE_OVERFLOW,
    "termination": result.RESULT_FALSE_TERMINATION,
    "valid-deref": result.RESULT_FALSE_DEREF,
    "valid-free": result.RESULT_FALSE_FREE,
    "valid-memtrack": result.RESULT_FALSE_MEMTRACK,
    "valid-memcleanup": result.RESULT_FALSE_MEMCLEANUP,
}

_DATA_MODELS = ("ILP32", "LP64")


def find_answer(output, answers):
    """(index, answer) of the first output line that is exactly one of answers
    (a compiled regex or a set of words), or (None, None).  BenchExec's output
    holds stdout and stderr together, and stderr lines (warnings, a failed
    compilation) can come before the answer, so the first line is not always
    it; they all start with 'bitprove:' or a file name, never with an answer."""
    for i, line in enumerate(output):
        line = line.strip()
        if (answers.match(line) if hasattr(answers, "match") else line in answers):
            return i, line
    return None, None


def reason_after(output, index):
    """The text of the first 'reason: ...' line after line index, or ''."""
    if index is None:
        return ""
    for line in output[index + 1 :]:
        if line.startswith("reason:"):
            return line[len("reason:") :].strip()
    return ""


def giving_up_result(reason, unknown):
    """A give-up with a reason: bitprove's own time limit and memory exhaustion
    as BenchExec names them (TIMEOUT, OUT OF MEMORY), everything else (an
    engine gave up, an unsupported construct, a file that does not compile)
    as `unknown`."""
    if reason == "timeout":
        return result.RESULT_TIMEOUT
    if reason.startswith("out of memory"):
        return "OUT OF MEMORY"
    return unknown


def failure_result(run):
    """The result of a run without an answer, or None if it ended normally:
    a signal or a non-zero exit status makes any printed answer void (bitprove
    exits with 0 after every answer; 2 is a usage error).  RESULT_ERROR lets
    BenchExec name the signal (SEGMENTATION FAULT, ABORTED, ...) or the exit
    code (ERROR (2)); its resource limits (TIMEOUT, OUT OF MEMORY) override
    whatever is returned here."""
    if run.was_timeout:
        return result.RESULT_TIMEOUT
    if run.exit_code.signal or run.exit_code.value:
        return result.RESULT_ERROR
    return None


def timeout_option(options, rlimits):
    """--timeout SECONDS from the run's time limit unless options give one, so
    that bitprove splits its time between engines (--engine auto) and ends
    with its own answer instead of being killed."""
    if "--timeout" in options:
        return []
    limit = rlimits.cputime or rlimits.walltime
    return ["--timeout", str(limit)] if limit else []


class Tool(benchexec.tools.template.BaseTool2):
    """
    bitprove: a bit-precise, byte-precise verifier for C programs
    (termination, valid-memsafety, valid-memcleanup, no-overflow, unreach-call).

    Command line: bitprove [options] [--timeout T] --prop PROPERTY.prp
    [--data-model ILP32|LP64] PROGRAM.  T is the run's CPU-time limit
    (wall-time limit without one) unless the options set --timeout; the data
    model comes from the task's options (SV-COMP task definitions); the
    options of the benchmark definition are passed through unchanged
    (e.g. --engine seg).  A property is required: from the task, or --prop
    among the options.

    Result: the first line of bitprove's answer is TRUE, FALSE(<subproperty>)
    or UNKNOWN.  TRUE is `true`, FALSE(<subproperty>) is `false(<subproperty>)`
    (valid-deref, valid-free, valid-memtrack, valid-memcleanup, no-overflow,
    termination, unreach-call); UNKNOWN is `unknown`, or TIMEOUT / OUT OF
    MEMORY when its reason is bitprove's own time limit or exhausted memory.
    No answer, a signal or a non-zero exit status is an error.

    Column values (get_value_from_output): the identifier `reason` gives the
    reason of an UNKNOWN; any other identifier is a regular expression whose
    first group, on the first matching line, is the value.
    """

    def executable(self, tool_locator):
        return tool_locator.find_executable("bitprove")

    def name(self):
        return "bitprove"

    def version(self, executable):
        return self._version_from_tool(executable, line_prefix="bitprove")

    def cmdline(self, executable, options, task, rlimits):
        program = task.single_input_file
        args = [executable, *options, *timeout_option(options, rlimits)]
        if task.property_file:
            if "--prop" in options:
                raise benchexec.tools.template.UnsupportedFeatureException(
                    "a property file from the task and --prop among the options"
                )
            args += ["--prop", task.property_file]
        elif "--prop" not in options:
            raise benchexec.tools.template.UnsupportedFeatureException(
                "bitprove needs a property: a property file, or --prop among the options"
            )
        if isinstance(task.options, dict):
            language = task.options.get("language")
            if language is not None and language != "C":
                raise benchexec.tools.template.UnsupportedFeatureException(
                    f"bitprove verifies C programs, not {language}"
                )
            data_model = task.options.get("data_model")
            if data_model is not None and "--data-model" not in options:
                if data_model not in _DATA_MODELS:
                    raise benchexec.tools.template.UnsupportedFeatureException(
                        f"unsupported data model {data_model}"
                    )
                args += ["--data-model", data_model]
        return [*args, program]

    def determine_result(self, run):
        failure = failure_result(run)
        if failure:
            return failure
        index, line = find_answer(run.output, _VERDICT)
        if line is None:
            return f"{result.RESULT_ERROR} (no verdict)"
        verdict, subproperty = _VERDICT.match(line).groups()
        if verdict == "TRUE" and subproperty is None:
            return result.RESULT_TRUE_PROP
        if verdict == "FALSE":
            if subproperty is None:
                return result.RESULT_FALSE_PROP
            return _FALSE_RESULTS.get(
                subproperty, f"{result.RESULT_ERROR} (unknown subproperty {subproperty})"
            )
        if verdict == "UNKNOWN" and subproperty is None:
            return giving_up_result(reason_after(run.output, index), result.RESULT_UNKNOWN)
        return f"{result.RESULT_ERROR} (bad verdict {line})"

    def get_value_from_output(self, output, identifier):
        if identifier == "reason":
            return reason_after(output, find_answer(output, _VERDICT)[0]) or None
        regex = re.compile(identifier)
        for line in output:
            match = regex.search(line)
            if match and match.groups():
                return match.group(1)
        return None
