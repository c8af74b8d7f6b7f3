# Native replay of counterexamples (--harness, --testcase): every unsafe task
# of tests/regression and tests/harness/tasks gets its harness compiled with
# the program under ASan + UBSan and run; the native run must show the
# violation (check_harness.py lists the cases no sanitizer can show).
# Needs clang-14 and, for the ILP32 tasks, the i386 libraries that
# scripts/install-deps.sh installs: without them the test fails. At least one
# ILP32 and one valid-memtrack harness must reproduce (tests/harness/tasks).
add_test(NAME harness/native-replay
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_harness.py --bitprove ${BITPROVE_EXE})
set_tests_properties(harness/native-replay PROPERTIES TIMEOUT 900)
