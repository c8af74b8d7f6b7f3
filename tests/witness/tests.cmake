# Verification witnesses: every TRUE and FALSE of the regression tasks writes
# GraphML and YAML witnesses; WitnessLint must accept the GraphML (skipped,
# with the reason printed, where ../shared/tools/witnesslint or python3-lxml
# is missing) and the YAML must have the format's required structure.
add_test(NAME witness/regression
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_witness.py --bitprove ${BITPROVE_EXE}
                 --linter ${CMAKE_SOURCE_DIR}/../shared/tools/witnesslint)
set_tests_properties(witness/regression PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)
