# SPDX-License-Identifier: Apache-2.0
# Every case of tests/parity/cases.txt gives the same bits from R as from the
# command line (as tests/parity/parity_test.cpp holds the C++ API and
# python/tests/test_parity.py Python), with R's spelling of each option.
parity_cases <- function() {
  root <- source_dir()
  skip_if(is.null(root), "no checkout (set TOPICEVAL_SOURCE)")
  lines <- readLines(file.path(root, "tests", "parity", "cases.txt"))
  lines <- lines[nzchar(trimws(lines)) & !startsWith(lines, "#")]
  cases <- list()
  for (line in lines) {
    parts <- strsplit(line, "|", fixed = TRUE)[[1]]
    words <- if (length(parts) > 1) strsplit(trimws(parts[2]), "[[:space:]]+")[[1]] else character()
    words <- words[nzchar(words)]
    cases[[trimws(parts[1])]] <- words
  }
  cases
}

# A command-line value as an R user writes it: numbers as numbers, true/false as TRUE/FALSE.
as_argument <- function(value) {
  if (value %in% c("true", "false")) return(value == "true")
  number <- suppressWarnings(as.numeric(value))
  if (!is.na(number)) return(number)
  value
}

test_that("R gives the command line's bits for every parity case", {
  binary <- command_line()
  inferencer <- fixture("stackexchange", "inferencer.mallet")
  test <- fixture("stackexchange", "test.mallet")
  model <- read_mallet_model(inferencer)
  documents <- read_documents(test, model)[1:20]
  cases <- parity_cases()
  expect_gte(length(cases), 12)
  for (name in names(cases)) {
    options <- cases[[name]]
    out <- system2(binary, c("evaluate", "--model", shQuote(inferencer), "--input", shQuote(test),
                             "--documents", "0-19", "--format", "tsv", "--quiet", options), stdout = TRUE, stderr = FALSE)
    rows <- out[!startsWith(out, "doc\t")]
    expected <- topiceval:::.te_decimal(vapply(strsplit(rows, "\t", fixed = TRUE), function(f) f[5], ""))
    arguments <- list()
    if (length(options)) {
      for (i in seq(1, length(options), by = 2)) {
        arguments[[gsub("-", "_", sub("^--", "", options[i]))]] <- as_argument(options[i + 1])
      }
    }
    result <- do.call(evaluate, c(list(model, documents), arguments))
    expect_identical(result$documents$loglik, expected, label = name)
  }
})
