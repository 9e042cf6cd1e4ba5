# SPDX-License-Identifier: Apache-2.0
# The topic browser from R: the page from a MALLET saved model (its training
# documents with their topics, as a state holds them), and from a model of
# probabilities with its documents' proportions; the command line's data from
# R's request (tests/parity/browse-cases.txt, as parity_test.cpp holds the C++
# API and python/tests/test_parity.py Python).
test_that("browse writes the page of a saved model with LDAvis's figures and the table's", {
  state <- fixture("stackexchange", "model.mallet")
  page <- tempfile(fileext = ".html")
  result <- suppressWarnings(browse(read_mallet_model(state), file = page, measure = "none"))
  expect_s3_class(result, "topiceval_browse")
  expect_true(file.exists(page))
  html <- paste(readLines(page, warn = FALSE), collapse = "\n")
  expect_match(html, "default-src 'none'", fixed = TRUE)
  expect_false(grepl("(src|href)=\"?https?:", html))
  model <- result$models[[1]]
  expect_equal(model$topics, 10)
  expect_equal(sum(model$proportion), 1, tolerance = 1e-12)
  expect_equal(sort(model$order), 1:10)
  expect_true(all(diff(model$proportion[model$order]) <= 0))
  expect_equal(length(model$salient), 30)
  expect_true(all(c("share", "document_entropy", "exclusivity", "frex") %in% names(model$figures)))
  # The page never replaces the file a model was read from (a copy of it here, should that promise break).
  copy <- file.path(tempdir(), "model-copy.mallet")
  file.copy(state, copy, overwrite = TRUE)
  before <- readBin(copy, "raw", file.size(copy))
  expect_error(browse(read_mallet_model(copy), file = copy, measure = "none"), class = "topiceval_file_error")
  expect_identical(readBin(copy, "raw", file.size(copy)), before)
})

test_that("a model of probabilities needs its texts' topic proportions, and takes them", {
  state <- fixture("stackexchange", "model.mallet")
  counts <- read_mallet_model(state)
  phi <- topic_word_probabilities(counts)
  model <- topic_model(phi, alpha = rep(0.1, nrow(phi)))
  texts <- list(c("energy", "force", "mass"), c("data", "sample", "random", "data"), c("energy", "data"))
  expect_error(browse(model, measure = "none"), class = "topiceval_model_error")
  theta <- matrix(c(0.7, 0.3, rep(0, 8), 0.1, 0.9, rep(0, 8), 0.5, 0.5, rep(0, 8)), nrow = 3, byrow = TRUE)
  result <- suppressWarnings(browse(model, texts = texts, document_topics = theta, measure = "none"))
  model <- result$models[[1]]
  # LDAvis's topic frequencies: sum over documents of theta times the document's length (3, 4, 2 tokens).
  expect_equal(model$proportion[1:2], c(0.7 * 3 + 0.1 * 4 + 0.5 * 2, 0.3 * 3 + 0.9 * 4 + 0.5 * 2) / 9)
})

test_that("R's page data is the command line's for every browse parity case", {
  binary <- command_line()
  root <- source_dir()
  skip_if(is.null(root), "no checkout (set TOPICEVAL_SOURCE)")
  lines <- readLines(file.path(root, "tests", "parity", "browse-cases.txt"))
  lines <- lines[nzchar(trimws(lines)) & !startsWith(lines, "#")]
  expect_gte(length(lines), 4)
  # (The saved model in the topic state's place: the same run, read through the installed library.)
  state <- fixture("stackexchange", "model.mallet")
  inferencer <- fixture("stackexchange", "inferencer.mallet")
  models <- list(read_mallet_model(state), read_mallet_model(inferencer))
  names(models) <- c(state, inferencer)
  for (line in lines) {
    parts <- strsplit(line, "|", fixed = TRUE)[[1]]
    words <- if (length(parts) > 1) strsplit(trimws(parts[2]), "[[:space:]]+")[[1]] else character()
    words <- words[nzchar(words)]
    # An option's value "@FILE" names a file of the fixture (one fixture() call per file: it checks each).
    words <- vapply(words, function(word) {
      if (startsWith(word, "@")) fixture("stackexchange", substring(word, 2)) else word
    }, "", USE.NAMES = FALSE)
    expected <- tempfile(fileext = ".json")
    status <- system2(binary, c("browse", shQuote(state), shQuote(inferencer), "--output", tempfile(), "--json",
                                shQuote(expected), "--quiet", shQuote(words)), stdout = FALSE, stderr = FALSE)
    expect_equal(status, 0)
    keywords <- list()
    for (i in 2 * seq_len(length(words) %/% 2) - 1) {
      value <- words[i + 1]
      number <- suppressWarnings(as.numeric(value))
      keywords[[gsub("-", "_", substring(words[i], 3))]] <- if (!is.na(number)) number else value
    }
    texts <- keywords$texts
    held_out <- keywords$held_out
    keywords$texts <- NULL
    keywords$held_out <- NULL
    if (!is.null(held_out)) held_out <- read_documents(held_out, models[[1]])
    mine <- tempfile(fileext = ".json")
    suppressWarnings(do.call(browse, c(list(models, texts = texts, held_out = held_out, json = mine), keywords)))
    expect_identical(readLines(mine, warn = FALSE), readLines(expected, warn = FALSE), info = parts[1])
  }
})
