# A three-file project (examples/ringbuf) checked with -I/-D, --function,
# --prop assert, functions without a body and --compile-commands, and the
# harness of its bug replayed natively (check-project.sh).
add_test(NAME project/ringbuf
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/check-project.sh ${BITPROVE_EXE} ${CMAKE_SOURCE_DIR})
set_tests_properties(project/ringbuf PROPERTIES TIMEOUT 600)
