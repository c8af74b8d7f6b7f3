# Differential test: `bitprove run` against native execution on csmith
# programs (CI sample: 30) and tests/differential/programs/*.c.
# Needs clang-14, csmith and libcsmith-dev. Full run: run.py --full.
add_test(NAME differential/sample
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/run.py --bitprove ${BITPROVE_EXE} -j 2
                 --memory ${BITPROVE_TEST_MEMORY_MB})
set_tests_properties(differential/sample PROPERTIES TIMEOUT 600)
