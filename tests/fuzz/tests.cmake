# Mutation fuzzing of every input format (fuzz.py): every mutant ends with a
# verdict or one-line errors, without crash, hang or sanitizer report.
# CI sample: 600 mutants of seed 17 (plus tests/fuzz/crashers/); the full
# campaign is `fuzz.py --count 3500` (see tests/fuzz/README.md).
add_test(NAME fuzz/sample
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/fuzz.py --bitprove ${BITPROVE_EXE} --count 600 --seed 17
                 -j 2 --failures ${CMAKE_BINARY_DIR}/fuzz-failures)
set_tests_properties(fuzz/sample PROPERTIES TIMEOUT 600)
# The judge itself: a fake bitprove that crashes, hangs, prints sanitizer
# reports or multi-line errors must be caught, a good one must pass.
add_test(NAME fuzz/oracle COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/fuzz.py --self-test)
set_tests_properties(fuzz/oracle PROPERTIES TIMEOUT 120)
