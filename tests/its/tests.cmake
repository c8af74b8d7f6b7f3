# `bitprove its`: reading, printing and answering for small ITS files.
add_test(NAME its/print COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-its.sh ${BITPROVE_EXE}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(its/print PROPERTIES TIMEOUT 120)

# How many TPDB ITS files `bitprove its` reads (../shared beside the
# checkout; skipped without it); fails only on a crash.
add_test(NAME its/parse-coverage COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/parse-coverage.sh ${BITPROVE_EXE})
set_tests_properties(its/parse-coverage PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77 LABELS coverage)
