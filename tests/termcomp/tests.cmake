# termCOMP conventions: `bitprove termcomp` with --int-semantics bit and math
# on programs whose answer depends on the reading of integers.
add_test(NAME termcomp/semantics COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-termcomp.sh ${BITPROVE_EXE}
                                         ${CMAKE_CURRENT_LIST_DIR})
set_tests_properties(termcomp/semantics PROPERTIES TIMEOUT 600)
