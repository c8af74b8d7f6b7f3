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

# The HTML report (--report FILE.html): check_html.py runs bitprove on
# regression tasks (FALSE valid-memsafety, a FALSE(termination) lasso, TRUE
# by the graph, TRUE by k-induction, UNKNOWN) and tests/report's programs
# (two properties, a long trace) and checks each page (well-formed, its
# in-page links, the verdicts, the marked violation line, the drawn graph,
# links to the harness and witnesses). report/html-browser opens reports in
# headless Chromium (no script error, the marker and the graph in the DOM);
# its screenshots stay in the build tree (report-html/browser/*.png). It is
# skipped (77) without chromium, which install-deps.sh installs only in CI.
add_test(NAME report/html
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_html.py --bitprove ${BITPROVE_EXE}
                 --out ${CMAKE_BINARY_DIR}/report-html/pages)
add_test(NAME report/html-browser
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/browser.sh ${BITPROVE_EXE} ${CMAKE_BINARY_DIR}/report-html/browser)
set_tests_properties(report/html report/html-browser PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77)
