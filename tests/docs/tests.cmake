# The README's examples (```sh blocks) run as shown, with the documented exit
# status and verdict, and every link of README.md and docs/*.md points to an
# existing file (readme-examples.sh states the convention).
add_test(NAME docs/readme-examples
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/readme-examples.sh ${BITPROVE_EXE} ${CMAKE_SOURCE_DIR}
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(docs/readme-examples PROPERTIES TIMEOUT 600)
