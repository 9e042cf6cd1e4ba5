# SPDX-License-Identifier: Apache-2.0
test_that("MALLET's evaluate-topics total on stackexchange, bit for bit, printed as MALLET prints it", {
  model <- read_mallet_model(fixture("stackexchange", "evaluator.mallet"))
  documents <- read_documents(fixture("stackexchange", "test.mallet"), model)
  result <- evaluate_topics(model, documents, random_seed = 1)
  printed <- readLines(fixture("stackexchange", "expected", "total-p10-rfalse-s1.txt"))
  expect_identical(result$total, topiceval:::.te_decimal(printed))
  expect_equal(result$seed, 1L)
  expect_output(print(result), paste0("total ", printed), fixed = TRUE)
  expect_identical(sum(result$log_likelihood), result$total)
})

test_that("a model file read by path and the documents read through it report what the files hold", {
  model <- read_mallet_model(fixture("stackexchange", "inferencer.mallet"))
  info <- model_info(model)
  expect_gt(info$num_topics, 1)
  expect_length(info$words, info$num_types)
  documents <- read_documents(fixture("stackexchange", "test.mallet"), model)
  expect_s3_class(documents, "topiceval_documents")
  expect_true(all(unlist(documents) >= 1L))
  first20 <- documents[1:20]
  expect_length(first20, 20)
  expect_null(attr(first20, "path"))
})

test_that("a file that is no model is the library's one-line message, as a topiceval_file_error", {
  bad <- tempfile(fileext = ".mallet")
  writeBin(as.raw(c(0xac, 0xed, 0x00, 0x05, 0x73, 0x72, 0x00)), bad)
  condition <- tryCatch(read_mallet_model(bad), error = identity)
  expect_s3_class(condition, "topiceval_file_error")
  expect_s3_class(condition, "topiceval_error")
  message <- conditionMessage(condition)
  expect_false(grepl("\n", message))
  expect_true(startsWith(message, paste0(bad, ": ")))
  # The command line says the same after its "topiceval info: ".
  binary <- tryCatch(command_line(), condition = function(e) NULL)
  if (!is.null(binary)) {
    said <- suppressWarnings(system2(binary, c("info", shQuote(bad)), stdout = TRUE, stderr = TRUE))
    expect_identical(said[1], paste0("topiceval info: ", message))
  }
  expect_error(read_mallet_model(file.path(tempdir(), "no-such-file")), class = "topiceval_file_error")
})

test_that("options are checked by the library's declarations, named as Python's keywords", {
  model <- read_mallet_model(fixture("stackexchange", "evaluator.mallet"))
  documents <- read_documents(fixture("stackexchange", "test.mallet"), model)[1:3]
  condition <- tryCatch(evaluate_topics(model, documents, num_particles = 0), error = identity)
  expect_s3_class(condition, "topiceval_setting_error")
  expect_match(conditionMessage(condition), "^num_particles ")
  expect_error(evaluate_topics(model, documents, num_particle = 10), "did you mean num_particles", fixed = TRUE,
               class = "topiceval_setting_error")
  expect_error(evaluate_topics(model, documents, use_resampling = "yes"), "use_resampling must be TRUE or FALSE",
               class = "topiceval_setting_error")
})

test_that("every MALLET total and per-document probability of the fixtures, 2.1.1's and 2.0.8's, bit for bit", {
  for (set in c("stackexchange", "mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2")) {
    model <- read_mallet_model(fixture(set, "evaluator.mallet"))
    documents <- read_documents(fixture(set, "test.mallet"), model)
    totals <- list.files(fixture(set, "expected"), pattern = "^total-.*\\.txt$")
    expect_equal(length(totals), 8, label = set)
    for (total_file in totals) {
      tag <- paste(set, sub("^total-(.*)\\.txt$", "\\1", total_file))
      parts <- strsplit(sub("^total-(.*)\\.txt$", "\\1", total_file), "-", fixed = TRUE)[[1]]
      result <- evaluate_topics(model, documents, num_particles = as.numeric(substring(parts[1], 2)),
                                use_resampling = parts[2] == "rtrue", random_seed = as.numeric(substring(parts[3], 2)))
      expect_identical(result$total, topiceval:::.te_decimal(readLines(fixture(set, "expected", total_file))),
                       label = tag)
      per_document <- scan(fixture(set, "expected", sub("^total-", "docprobs-", total_file)), what = "", quiet = TRUE)
      expect_identical(result$log_likelihood, topiceval:::.te_decimal(per_document), label = tag)
    }
  }
})

test_that("MALLET's infer-topics proportions, bit for bit, on one thread or two", {
  model <- read_mallet_model(fixture("stackexchange", "inferencer.mallet"))
  documents <- read_documents(fixture("stackexchange", "test.mallet"), model)
  rows <- readLines(fixture("stackexchange", "infer", "doc-topics-s1-i100-b10-t10.txt"))[-1]
  expected <- t(vapply(strsplit(rows, "\t", fixed = TRUE), function(f) topiceval:::.te_decimal(f[-(1:2)]),
                       numeric(model_info(model)$num_topics)))
  for (threads in 1:2) {
    proportions <- infer_topics(model, documents, random_seed = 1, threads = threads)
    expect_identical(attr(proportions, "seed"), 1L)
    attr(proportions, "seed") <- NULL
    expect_identical(unname(proportions), expected)
  }
  expect_error(infer_topics(model, documents, sample_interval = 0), "^sample_interval ",
               class = "topiceval_setting_error")
})

test_that("an interrupt stops the library's work, which then runs again as before", {
  model <- read_mallet_model(fixture("stackexchange", "inferencer.mallet"))
  documents <- read_documents(fixture("stackexchange", "test.mallet"), model)
  before <- evaluate(model, documents[1:3], runs = 2)$total
  # R checks its time limit where it checks for Ctrl-C (R_CheckUserInterrupt): the glue's polling sees it,
  # cancels through the library's CancellationScope, and R's interrupt is raised once the work has stopped.
  # The work asked for would take minutes.
  stopped <- tryCatch({
    setTimeLimit(elapsed = 1, transient = TRUE)
    evaluate(model, documents, "ais", temperatures = 5000, runs = 1000)
    "finished"
  }, interrupt = function(condition) "interrupted", finally = setTimeLimit())
  expect_identical(stopped, "interrupted")
  expect_identical(evaluate(model, documents[1:3], runs = 2)$total, before)
})
