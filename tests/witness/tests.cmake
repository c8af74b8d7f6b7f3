# Verification witnesses: every TRUE and FALSE of the regression tasks writes
# GraphML and YAML witnesses; WitnessLint must accept the GraphML (skipped,
# with the reason printed, where WitnessLint or python3-lxml is missing) and
# the YAML must have the format's required structure. WitnessLint: the
# `witnesslint` folder of sosy-lab's sv-witnesses repository, named by
# WITNESSLINT_DIR (at configure time or in the test's environment); on the
# development machines ../shared/tools/witnesslint beside the checkout.
set(BITPROVE_WITNESSLINT "$ENV{WITNESSLINT_DIR}")
if(NOT BITPROVE_WITNESSLINT)
  set(BITPROVE_WITNESSLINT ${CMAKE_SOURCE_DIR}/../shared/tools/witnesslint)
endif()
add_test(NAME witness/regression
         COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/check_witness.py --bitprove ${BITPROVE_EXE}
                 --linter ${BITPROVE_WITNESSLINT})
set_tests_properties(witness/regression PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)
