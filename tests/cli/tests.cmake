# Command-line behaviour a user sees: verdict lines, bad input, exit codes.
add_test(NAME cli/behaviour COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-cli.sh ${BITPROVE_EXE}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli/behaviour PROPERTIES TIMEOUT 300)
