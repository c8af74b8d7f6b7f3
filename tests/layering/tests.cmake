# The layering of src/ as docs/ARCHITECTURE.md states it (scripts/check-layering.py).
add_test(NAME layering/includes COMMAND python3 ${CMAKE_SOURCE_DIR}/scripts/check-layering.py ${CMAKE_SOURCE_DIR}/src)
set_tests_properties(layering/includes PROPERTIES LABELS quick)
