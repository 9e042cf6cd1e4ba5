# SPDX-License-Identifier: Apache-2.0
# Where the tests find the checkout, their data and the command line, as the other front ends' tests find them:
# TOPICEVAL_SOURCE (the checkout; otherwise found above the working directory), TOPICEVAL_TEST_DATA (tests/data
# unpacked by the build, cmake/test_data.cmake; default: the checkout's build/test-data) and TOPICEVAL_BINARY
# (default: the checkout's build/topiceval). A missing data file stops its test with one line naming it.
source_dir <- function() {
  given <- Sys.getenv("TOPICEVAL_SOURCE")
  if (nzchar(given)) return(normalizePath(given))
  dir <- normalizePath(getwd())
  repeat {
    if (file.exists(file.path(dir, "tests", "parity", "cases.txt"))) return(dir)
    parent <- dirname(dir)
    if (parent == dir) return(NULL)
    dir <- parent
  }
}

test_data_dir <- function() {
  given <- Sys.getenv("TOPICEVAL_TEST_DATA")
  if (nzchar(given)) return(given)
  root <- source_dir()
  if (is.null(root)) stop("missing test data: set TOPICEVAL_TEST_DATA to the build's test-data folder", call. = FALSE)
  file.path(root, "build", "test-data")
}

# A file or folder of the data: fixture("stackexchange", "test.mallet") is MALLET 2.1.1's set; a first part
# starting "mallet-" names its version's folder (fixture("mallet-2.0.8/debian-k20-t1", "test.mallet")).
fixture <- function(set, ...) {
  folder <- if (startsWith(set, "mallet-")) set else file.path("mallet-2.1.1", set)
  path <- file.path(test_data_dir(), folder, ...)
  if (!file.exists(path)) {
    stop("missing test data: ", path, " (the build unpacks tests/data into ", test_data_dir(),
         "; tests/data/README.md lists every file)", call. = FALSE)
  }
  path
}

command_line <- function() {
  given <- Sys.getenv("TOPICEVAL_BINARY")
  binary <- if (nzchar(given)) given else if (!is.null(source_dir())) file.path(source_dir(), "build", "topiceval")
  skip_if(is.null(binary) || !file.exists(binary), "no topiceval command line (set TOPICEVAL_BINARY)")
  binary
}
