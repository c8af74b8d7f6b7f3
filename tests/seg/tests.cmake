# Symbolic execution graphs (src/seg): the regression tasks
# tests/regression/seg-*.yml checked with --engine seg (expected true must be
# TRUE, expected false never TRUE), plus --dump-seg and --proof.
add_test(NAME seg/verdicts COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-seg.sh ${BITPROVE_EXE}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(seg/verdicts PROPERTIES TIMEOUT 1800)
