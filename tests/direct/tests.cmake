# Termination by direct translation (src/direct): the regression tasks
# tests/regression/term-*.yml expected true must be answered TRUE, those
# expected false never TRUE.
add_test(NAME direct/term-verdicts COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-direct.sh ${BITPROVE_EXE}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(direct/term-verdicts PROPERTIES TIMEOUT 900)
