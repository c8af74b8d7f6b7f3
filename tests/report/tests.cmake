# Machine-readable reports for CI (--report FILE.json|FILE.sarif,
# --fail-on-violation) on the programs of tests/report: the JSON report's
# contents, the SARIF report's structure and the exit statuses (report/json);
# the SARIF reports validated against the SARIF 2.1.0 schema with
# python3-jsonschema (report/sarif-schema; skipped, exit 77, when the schema
# at ../shared/schemas or $BITPROVE_SARIF_SCHEMA or the module is missing).
add_test(NAME report/json
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_report.py --bitprove ${BITPROVE_EXE} --part json)
add_test(NAME report/sarif-schema
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_report.py --bitprove ${BITPROVE_EXE} --part sarif)
set_tests_properties(report/json report/sarif-schema PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
