# SPDX-License-Identifier: Apache-2.0
# Three topics over 30 words, ten words each, and held-out documents drawn from them.
words <- sprintf("w%02d", 1:30)
truth <- t(sapply(1:3, function(k) {
  row <- rep(0.001, 30)
  row[(k - 1) * 10 + 1:10] <- 0.1
  row / sum(row)
}))
colnames(truth) <- words
merged <- rbind(truth[1, ], (truth[2, ] + truth[3, ]) / 2)
one <- matrix(colMeans(truth), nrow = 1, dimnames = list(NULL, words))
set.seed(47)
held_out <- lapply(1:40, function(d) {
  topic <- sample(3, 1)
  sample(words, 60, replace = TRUE, prob = truth[topic, ])
})

test_that("select over three models given as R matrices ranks the one the documents came from first", {
  models <- list(one = topic_model(one, alpha = 0.1), three = topic_model(truth, alpha = 0.1),
                 two = topic_model(merged, alpha = 0.1))
  result <- select(models, held_out, runs = 2, bootstrap = 20)
  expect_s3_class(result, "topiceval_selection")
  table <- as.data.frame(result)
  expect_identical(table$model, c("three", "two", "one"))
  expect_identical(table$topics, c(3, 2, 1))
  expect_identical(table$verdict, c("best", "worse", "worse"))
  expect_identical(table$difference[1], 0)
  expect_true(all(diff(table$per_token) < 0))
  expect_true(all(is.finite(table$coherence)))
  expect_identical(result$shared_tokens, 2400)
  expect_output(print(result), "three")
  expect_length(result$best_two_per_token$best, 40)
  file <- tempfile(fileext = ".pdf")
  grDevices::pdf(file)
  plot(result)
  grDevices::dev.off()
  expect_gt(file.size(file), 1000)
})

test_that("select takes the same options as the command line, checked by the library", {
  models <- list(topic_model(truth, alpha = 0.1), topic_model(merged, alpha = 0.1))
  expect_error(select(models, held_out, runs = 0), "^runs ", class = "topiceval_setting_error")
  expect_error(select(list(), held_out), class = "topiceval_setting_error")
  expect_warning(unnamed <- select(models, held_out, runs = 2, coherence = "none"), NA)
  expect_identical(unnamed$models$model, c("model 1", "model 2"))
  expect_identical(unnamed$models$exclusivity, c(NA_real_, NA_real_))
  expect_identical(unnamed$coherence_measure, "")
})

test_that("coherence of models from R matrices against token lists: measures, diversity, top words", {
  result <- coherence(topic_model(truth, alpha = 0.1), held_out, measure = c("c_npmi", "u_mass"), bootstrap = 10)
  expect_s3_class(result, "topiceval_coherence")
  expect_identical(result$measures$measure, c("c_npmi", "u_mass"))
  expect_identical(result$diversity, 1)
  topics <- as.data.frame(result)
  expect_identical(nrow(topics), 3L)
  expect_true(all(topics$c_npmi >= -1 & topics$c_npmi <= 1))
  expect_true(all(strsplit(topics$top_words[1], " ")[[1]] %in% words[1:10]))
  twice <- coherence(topic_model(rbind(truth[1, ], truth[1, ]), alpha = 0.1), held_out, bootstrap = 0)
  expect_identical(twice$diversity, 0.5)
  expect_error(coherence(topic_model(truth, alpha = 0.1), held_out, measure = "c_nmpi"),
               class = "topiceval_setting_error")
})

test_that("select over MALLET files with documents read from a file: each model reads the file through its own words", {
  inferencer <- read_mallet_model(fixture("stackexchange", "inferencer.mallet"), name = "inferencer")
  state <- read_mallet_model(fixture("stackexchange", "state.gz"), name = "state")
  test <- fixture("stackexchange", "test.mallet")
  expect_warning(result <- select(list(inferencer, state), read_documents(test, inferencer), estimator = "filtering",
                                  coherence = "none"),
                 "state alone cannot score", class = "topiceval_warning")
  expect_identical(result$input, test)
  expect_setequal(result$models$model, c("inferencer", "state"))
  binary <- command_line()
  out <- system2(binary, c("select", "--input", shQuote(test), "--estimator", "filtering", "--coherence", "none",
                           "--format", "tsv", "--quiet", shQuote(fixture("stackexchange", "inferencer.mallet")),
                           shQuote(fixture("stackexchange", "state.gz"))), stdout = TRUE, stderr = FALSE)
  fields <- strsplit(out[-1], "\t", fixed = TRUE)
  expect_identical(result$models$total, topiceval:::.te_decimal(vapply(fields, function(f) f[6], "")))
  expect_identical(result$models$verdict, vapply(fields, function(f) f[13], ""))
})

test_that("select gives ldatuning's and stm's figures, and groups runs of one K with their agreement", {
  # The same three topics in another order: a second seed of K = 3 whose top words agree wholly.
  permuted <- truth[c(3, 1, 2), ]
  models <- list(a = topic_model(truth, alpha = 0.1), b = topic_model(permuted, alpha = 0.1),
                 two = topic_model(merged, alpha = 0.1))
  result <- select(models, held_out, runs = 2, bootstrap = 20)
  figures <- result$figures
  expect_identical(unique(figures$figure), c("CaoJuan2009", "Arun2010", "Deveaud2014", "stm_semantic_coherence",
                                             "stm_exclusivity", "stm_residual_dispersion"))
  expect_identical(nrow(figures), 18L)
  # CaoJuan2009 as ldatuning computes it: the mean cosine over pairs of topics.
  phi <- topic_word_probabilities(models$a)
  cosines <- combn(3, 2, function(p) sum(phi[p[1], ] * phi[p[2], ]) /
                                     sqrt(sum(phi[p[1], ]^2) * sum(phi[p[2], ]^2)))
  cao <- figures[figures$model == "a" & figures$figure == "CaoJuan2009", ]
  expect_equal(cao$value, mean(cosines), tolerance = 1e-12)
  expect_identical(cao$better, "lower")
  expect_identical(names(result$figures_per_topic), result$models$model)
  expect_length(result$figures_per_topic$a$stm_exclusivity, 3)

  groups <- result$seed_groups
  expect_identical(groups$topics, 3)
  expect_identical(groups$runs, 2)
  expect_identical(groups$pairs, 1)
  expect_identical(groups$agreement, 1)
  expect_true(is.na(groups$agreement_sd))  # one pair has no spread
  expect_true(is.na(groups$next_topics))   # no larger K with several runs
  two_runs <- result$models[result$models$topics == 3, ]
  expect_equal(groups$per_token, mean(two_runs$per_token), tolerance = 1e-12)
  expect_equal(groups$per_token_spread, sd(two_runs$per_token), tolerance = 1e-9)
  expect_equal(groups$per_token_error, sqrt(mean(two_runs$per_token_se^2)), tolerance = 1e-12)
  expect_identical(result$seed_pairs$agreement, 1)
  expect_identical(sort(c(result$seed_pairs$a, result$seed_pairs$b)), c("a", "b"))
  expect_identical(unname(lengths(result$topic_agreement[["3"]])), c(3L, 3L))
  expect_identical(result$stability_words, 10L)
  expect_output(print(result), "stability across seeds")
})

test_that("a figure or error the command line prints as '-' is NA in R, never NaN", {
  # Models from matrices carry no training documents: Arun2010 and stm's residual dispersion cannot be computed,
  # and a per-model figure has no bootstrap error. One run of a sampler gives no error either.
  models <- list(a = topic_model(truth, alpha = 0.1), b = topic_model(truth[c(3, 1, 2), ], alpha = 0.1))
  result <- select(models, held_out, runs = 1, bootstrap = 20, estimator = "left-to-right")
  missing <- function(values) is.na(values) & !is.nan(values)
  arun <- result$figures$value[result$figures$figure == "Arun2010"]
  expect_true(all(missing(arun)))
  expect_true(all(missing(result$figures$se[result$figures$figure == "CaoJuan2009"])))
  expect_true(all(missing(result$models$total_se)))
  expect_true(missing(result$seed_groups$agreement_sd))
  expect_true(missing(result$seed_groups$per_token_error))
  for (column in c(result$figures[c("value", "se")], result$models[vapply(result$models, is.numeric, TRUE)],
                   result$seed_groups[vapply(result$seed_groups, is.numeric, TRUE)]))
    expect_false(any(is.nan(column)))
})
