# Differential test: `bitprove run` against native execution on csmith
# programs (CI sample: 30) and tests/differential/programs/*.c.
# Needs clang-14, csmith and libcsmith-dev. Full run: run.py --full.
add_test(NAME differential/sample
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/run.py --bitprove ${BITPROVE_EXE} -j 2
                 --memory ${BITPROVE_TEST_MEMORY_MB})
set_tests_properties(differential/sample PROPERTIES TIMEOUT 600)

# Verification sweep (verify.py): csmith programs whose native run ends are
# terminating, memory safe and free of overflows, so no engine may answer
# FALSE for them; crashes, sanitizer reports and overlong runs fail too.
# CI sample: seeds 1-3 and the pinned seeds, three properties, four engines.
# It runs in the ASan+UBSan build, where it means the most.
if(BITPROVE_SANITIZE)
  add_test(NAME differential/verify-sample
           COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/verify.py --bitprove ${BITPROVE_EXE} -j 2)
  set_tests_properties(differential/verify-sample PROPERTIES TIMEOUT 900)
endif()
