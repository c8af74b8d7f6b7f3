# Regression suite of the concrete interpreter: every tests/regression/*.c is
# run with `bitprove run` and its report compared with the expectations in its
# header comments (see tests/regression/README.md).
add_test(NAME regression/interp-run COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-run.sh ${BITPROVE_EXE})
