# Self-test of the benchmark runner bench/run.py with a fake bitprove
# (classification, scoring, limits, tables, --frontend-only); needs no build.
add_test(NAME bench/selftest COMMAND python3 ${CMAKE_SOURCE_DIR}/bench/selftest.py)
set_tests_properties(bench/selftest PROPERTIES TIMEOUT 300)

# BenchExec's tool-info modules (bench/benchexec/): `python3 -m
# benchexec.test_tool_info` for both, their results on sample and abnormal
# runs, and bitprove on a few regression tasks through them. BenchExec from
# ../shared/tools/benchexec (or $BENCHEXEC_DIR, or an installed benchexec);
# skipped, with the reason printed, when there is none.
add_test(NAME bench/benchexec-tool-info
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/benchexec_tool_info.py ${BITPROVE_EXE})
set_tests_properties(bench/benchexec-tool-info PROPERTIES TIMEOUT 600 SKIP_RETURN_CODE 77)
