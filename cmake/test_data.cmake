# SPDX-License-Identifier: Apache-2.0
# The MALLET files and text every test suite reads live in the repository, under tests/data (where each came
# from, on what terms and how it was made: tests/data/README.md), stored compressed where large. The build
# unpacks them into one folder, TOPICEVAL_TEST_DATA_DIR, and each language's tests find them there through one
# helper: tests/support/fixtures.hpp (C++), python/tests/conftest.py, r/tests/testthat/helper-fixtures.R,
# tests/support/test_data.sh (shell) and the Java bridge's tests (the folder as an argument).
find_program(TOPICEVAL_XZ xz)
if(NOT TOPICEVAL_XZ)
  message(FATAL_ERROR "The tests need xz to unpack tests/data: install xz-utils (scripts/install-dependencies.sh --test), "
                      "or configure with -DTOPICEVAL_BUILD_TESTS=OFF")
endif()
set(TOPICEVAL_TEST_DATA_DIR ${CMAKE_BINARY_DIR}/test-data)
set(TOPICEVAL_TEST_DATA_FOLDERS mallet-2.1.1 mallet-2.0.8 corpora mallet-edge mallet-infer topic-number ldavis-oracle)
set(test_data_sources "")
foreach(folder ${TOPICEVAL_TEST_DATA_FOLDERS})
  file(GLOB_RECURSE files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/data/${folder}/*)
  list(APPEND test_data_sources ${files})
endforeach()
add_custom_command(OUTPUT ${TOPICEVAL_TEST_DATA_DIR}/.unpacked
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/data/tools/unpack.sh ${PROJECT_SOURCE_DIR}/tests/data
          ${TOPICEVAL_TEST_DATA_DIR} ${TOPICEVAL_TEST_DATA_FOLDERS}
  COMMAND ${CMAKE_COMMAND} -E touch ${TOPICEVAL_TEST_DATA_DIR}/.unpacked
  DEPENDS ${test_data_sources} ${PROJECT_SOURCE_DIR}/tests/data/tools/unpack.sh
  COMMENT "Unpacking tests/data into ${TOPICEVAL_TEST_DATA_DIR}"
  VERBATIM)
add_custom_target(topiceval_test_data ALL DEPENDS ${TOPICEVAL_TEST_DATA_DIR}/.unpacked)
