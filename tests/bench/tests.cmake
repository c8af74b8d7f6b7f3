# Self-test of the benchmark runner bench/run.py with a fake bitprove
# (classification, scoring, limits, tables, --frontend-only); needs no build.
add_test(NAME bench/selftest COMMAND python3 ${CMAKE_SOURCE_DIR}/bench/selftest.py)
set_tests_properties(bench/selftest PROPERTIES TIMEOUT 300)
