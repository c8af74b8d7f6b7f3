# `bitprove its`: reading, printing and answering for small ITS files.
add_test(NAME its/print COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-its.sh ${BITPROVE_EXE}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(its/print PROPERTIES TIMEOUT 120)
