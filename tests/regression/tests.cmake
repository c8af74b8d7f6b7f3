# Regression suite of the concrete interpreter: every tests/regression/*.c is
# run with `bitprove run` and its report compared with the expectations in its
# header comments (see tests/regression/README.md).
add_test(NAME regression/interp-run COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-run.sh ${BITPROVE_EXE})

# The same programs as SV-COMP tasks, through the benchmark runner: no verdict
# may contradict a task's expected verdict, and no run may crash or run out of
# time or memory.
add_test(NAME regression/verdicts
         COMMAND python3 ${CMAKE_SOURCE_DIR}/bench/run.py --bitprove ${BITPROVE_EXE} --fail-on-wrong --fail-on-abnormal
                 --memory ${BITPROVE_TEST_MEMORY_MB}
                 --timeout 60 -j 2 -q --out ${CMAKE_BINARY_DIR}/regression-verdicts ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(regression/verdicts PROPERTIES TIMEOUT 600)

# the answers promised by `// VERDICT:` header lines (check-verdicts.sh)
add_test(NAME regression/promised-verdicts
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-verdicts.sh ${BITPROVE_EXE})
set_tests_properties(regression/promised-verdicts PROPERTIES TIMEOUT 600)

# A sample of the same tasks for `make test-quick` (every fourth task, 20 s
# each): a wrong verdict or a crash among them fails it.
add_test(NAME regression/sample
         COMMAND python3 ${CMAKE_SOURCE_DIR}/bench/run.py --bitprove ${BITPROVE_EXE} --fail-on-wrong --fail-on-abnormal
                 --memory ${BITPROVE_TEST_MEMORY_MB} --sample 4
                 --timeout 20 -j 2 -q --out ${CMAKE_BINARY_DIR}/regression-sample ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(regression/sample PROPERTIES TIMEOUT 300 LABELS quick)
