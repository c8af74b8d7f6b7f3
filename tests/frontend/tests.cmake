# Front-end coverage: every program of the SV-COMP tasks in ../shared beside
# the checkout through `bitprove --frontend-only` (skipped without them);
# fails only on a crash. In the plain build only: under the sanitizers it
# would take most of `make check`'s time, and the fuzz suite covers them.
if(NOT BITPROVE_SANITIZE)
  add_test(NAME frontend/coverage COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/coverage.sh ${BITPROVE_EXE}
           ${CMAKE_SOURCE_DIR}/../shared/benchmarks/sv-comp 2)
  set_tests_properties(frontend/coverage PROPERTIES TIMEOUT 1800 SKIP_RETURN_CODE 77 LABELS coverage
                       ENVIRONMENT "OUT=${CMAKE_BINARY_DIR}/frontend-coverage")
endif()
