# SPDX-License-Identifier: Apache-2.0
test_that("compare and diagnostics on MALLET's files", {
  state <- read_mallet_model(fixture("stackexchange", "state.gz"))
  figures <- diagnostics(state, num_top_words = 5, input = fixture("stackexchange", "train.mallet"))
  expect_s3_class(figures, "topiceval_diagnostics")
  expect_identical(nrow(figures$topics), model_info(state)$num_topics)
  expect_identical(nrow(figures$words), 5L * nrow(figures$topics))
  expect_true(all(figures$words$rank %in% 1:5))
  expect_error(diagnostics(state, num_top_words = 0), "^num_top_words ", class = "topiceval_setting_error")

  inferencer <- read_mallet_model(fixture("stackexchange", "inferencer.mallet"))
  documents <- read_documents(fixture("stackexchange", "test.mallet"), inferencer)[1:5]
  itself <- compare(inferencer, inferencer, documents, temperatures = 20)
  expect_s3_class(itself, "topiceval_comparison")
  expect_identical(nrow(itself$documents), 5L)
  expect_equal(itself$log_ratio, 0, tolerance = 1e-9)
})
