# SPDX-License-Identifier: Apache-2.0
vocabulary <- c("apple", "banana", "cherry", "date", "elder", "fig")
phi <- rbind(c(0.4, 0.3, 0.2, 0.05, 0.03, 0.02), c(0.02, 0.03, 0.05, 0.2, 0.3, 0.4))
colnames(phi) <- vocabulary

test_that("documents as words, as texts and as ids counted from 1 are the same documents", {
  model <- topic_model(phi, alpha = 0.5)
  words <- list(c("apple", "banana", "fig", "apple"), c("date", "elder", "cherry"))
  ids <- list(c(1L, 2L, 6L, 1L), c(4L, 5L, 3L))
  by_words <- evaluate(model, words, runs = 2)
  expect_s3_class(by_words, "topiceval_evaluation")
  expect_identical(by_words$documents$loglik, evaluate(model, ids, runs = 2)$documents$loglik)
  expect_identical(by_words$documents$loglik,
                   evaluate(model, c("apple banana fig apple", " date elder\tcherry"), runs = 2)$documents$loglik)
  expect_true(all(by_words$documents$loglik < 0))
  expect_identical(by_words$total, sum(by_words$documents$loglik))
})

test_that("a document-term matrix as slam's, Matrix's or a plain matrix scores the same bags of words", {
  skip_if_not_installed("slam")
  skip_if_not_installed("Matrix")
  model <- topic_model(phi, alpha = 0.5)
  counts <- matrix(c(2, 1, 0, 0, 0, 1,
                     0, 0, 1, 1, 1, 0,
                     0, 3, 0, 0, 2, 0), nrow = 3, byrow = TRUE, dimnames = list(NULL, vocabulary))
  plain <- evaluate(model, counts, runs = 2)
  triplet <- evaluate(model, slam::as.simple_triplet_matrix(counts), runs = 2)
  sparse <- evaluate(model, Matrix::Matrix(counts, sparse = TRUE), runs = 2)
  expect_identical(plain$documents$loglik, triplet$documents$loglik)
  expect_identical(plain$documents$loglik, sparse$documents$loglik)
  expect_identical(plain$documents$tokens, c(4, 3, 5))
  # Columns are looked up by their names in the model's words.
  shuffled <- counts[, rev(vocabulary)]
  expect_identical(evaluate(model, shuffled, runs = 2)$documents$loglik, plain$documents$loglik)
})

test_that("a bad matrix is a topiceval_model_error with the library's message", {
  bad <- phi
  bad[1, 1] <- -0.1
  expect_error(topic_model(bad, alpha = 0.5), class = "topiceval_model_error")
  expect_error(topic_model(phi, alpha = c(1, 2, 3)), "alpha has 3 values but topic_word has 2 topics",
               class = "topiceval_model_error")
  expect_error(evaluate(topic_model(phi, alpha = 0.5), list(c(0L, 1L))), class = "topiceval_setting_error")
  expect_error(evaluate(topic_model(phi, alpha = 0.5), list("apple", c("fig", NA))),
               "documents[[2]] has NA among its words", fixed = TRUE, class = "topiceval_setting_error")
  expect_error(evaluate(topic_model(phi, alpha = 0.5), list(c(1, 2^31))), class = "topiceval_setting_error")
})

test_that("a count matrix whose counts or indices do not fit is refused before R computes with it", {
  skip_if_not_installed("slam")
  skip_if_not_installed("Matrix")
  model <- topic_model(phi, alpha = 0.5)
  counts <- matrix(c(2, 1, 0, 0, 0, 1,
                     0, 0, 1, 1, 1, 0), nrow = 2, byrow = TRUE, dimnames = list(NULL, vocabulary))
  # NaN (which() drops it), NA, infinite (rep() stops on it), negative, fractional: each a count it is not.
  for (bad in list(NaN, NA_real_, Inf, -1, 0.5)) {
    plain <- counts
    plain[2, 3] <- bad
    expect_error(evaluate(model, plain, runs = 2), "document-term matrix's counts must be whole numbers",
                 class = "topiceval_setting_error")
    sparse <- Matrix::Matrix(counts, sparse = TRUE)
    sparse@x[2] <- bad
    expect_error(evaluate(model, sparse, runs = 2), "document-term matrix's counts must be whole numbers",
                 class = "topiceval_setting_error")
  }
  # A slam matrix naming a column beyond its columns, or a row beyond its rows.
  triplet <- slam::as.simple_triplet_matrix(counts)
  beyond <- triplet
  beyond$j[1] <- 7L
  expect_error(evaluate(model, beyond, runs = 2), "column indices must be whole numbers in 1..6, not 7",
               class = "topiceval_setting_error")
  beyond <- triplet
  beyond$i[1] <- 3L
  expect_error(evaluate(model, beyond, runs = 2), "row indices must be whole numbers in 1..2, not 3",
               class = "topiceval_setting_error")
})

test_that("the library's warnings about the numbers are R warnings of class topiceval_warning, kept in the result", {
  model <- topic_model(phi, alpha = 0.5)
  expect_warning(result <- evaluate(model, list(c("apple", "kiwi", "fig"), "date"), runs = 4),
                 "1 of 4 tokens", class = "topiceval_warning")
  expect_length(result$warnings, 1)
  expect_identical(result$documents$skipped, c(1, 0))
  expect_warning(evaluate(model, list(c("apple", "fig"), "date"), runs = 4), NA)
})
