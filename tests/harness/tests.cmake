# Native replay of counterexamples (--harness, --testcase): every unsafe task
# of tests/regression and tests/harness/tasks gets its harness compiled with
# the program under ASan + UBSan and run; the native run must show the
# violation (check_harness.py lists the cases no sanitizer can show).
# Needs clang-14; ILP32 tasks run only where clang-14 -m32 can link.
add_test(NAME harness/native-replay
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_harness.py --bitprove ${BITPROVE_EXE})
set_tests_properties(harness/native-replay PROPERTIES TIMEOUT 900)
