# SPDX-License-Identifier: Apache-2.0
# Where the checkout and MALLET's reference files are, as the other front ends'
# tests find them: TOPICEVAL_SOURCE (the checkout; otherwise found above the
# working directory), TOPICEVAL_SHARED (default: the checkout's ../shared) and
# TOPICEVAL_BINARY (default: the checkout's build/topiceval).
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

shared_dir <- function() {
  given <- Sys.getenv("TOPICEVAL_SHARED")
  if (nzchar(given)) return(given)
  root <- source_dir()
  if (is.null(root)) NULL else file.path(dirname(root), "shared")
}

fixture <- function(...) {
  shared <- shared_dir()
  directory <- if (is.null(shared)) "" else file.path(shared, "fixtures", "mallet-2.1.1")
  skip_if_not(dir.exists(directory), "no shared fixtures (set TOPICEVAL_SHARED)")
  file.path(directory, ...)
}

command_line <- function() {
  given <- Sys.getenv("TOPICEVAL_BINARY")
  binary <- if (nzchar(given)) given else if (!is.null(source_dir())) file.path(source_dir(), "build", "topiceval")
  skip_if(is.null(binary) || !file.exists(binary), "no topiceval command line (set TOPICEVAL_BINARY)")
  binary
}
