# SPDX-License-Identifier: Apache-2.0
# Models: a file read by the library, or a topic-word matrix from R (rows
# topics), held by the library (an external pointer) in a "topiceval_model".

.new_model <- function(handle, name) {
  if (!is.null(name) && !(is.character(name) && length(name) == 1L && !is.na(name)))
    .setting_error("name must be one string", sys.call(-1))
  structure(list(handle = handle, name = name), class = "topiceval_model")
}

.path <- function(path, argument, call) {
  if (!is.character(path) || length(path) != 1L || is.na(path))
    .setting_error(sprintf("%s must be one path (a string)", argument), call)
  path.expand(path)
}

#' Read a topic model file
#'
#' Reads any model file topiceval reads, recognised by its content: MALLET's
#' evaluator (\code{train-topics --evaluator-filename}), inferencer, saved model
#' or gzipped topic state, a \code{train-ctm} logistic-normal model or a ctm-c
#' directory.
#'
#' @param path The file.
#' @param name What \code{\link{select}} calls the model (default: its path).
#' @return A \code{topiceval_model}.
#' @examples
#' \dontrun{
#' model <- read_mallet_model("evaluator.mallet")
#' }
#' @export
read_mallet_model <- function(path, name = NULL) {
  path <- .path(path, "path", sys.call())
  .new_model(.native(.te_read_model(path)), if (is.null(name)) path else name)
}

.alpha <- function(alpha, topics, what, call) {
  if (!is.numeric(alpha) || length(alpha) == 0L)
    .raise("model", "alpha must be numbers: one per topic, or one for all", call)
  if (length(alpha) == 1L) alpha <- rep(alpha, topics)
  if (length(alpha) != topics)
    .raise("model", sprintf("alpha has %d values but %s has %d topics (rows)", length(alpha), what, topics), call)
  as.double(alpha)
}

.matrix <- function(x, what, call) {
  if (inherits(x, "Matrix") || is.data.frame(x)) x <- as.matrix(x)
  if (!is.matrix(x) || !is.numeric(x))
    .raise("model", sprintf("%s must be a numeric matrix (rows topics, columns words)", what), call)
  x
}

.with_vocabulary <- function(handle, vocabulary, types, call) {
  if (is.null(vocabulary)) return(handle)
  if (!is.character(vocabulary) || anyNA(vocabulary))
    .setting_error("vocabulary must be a character vector of words, one per column", call)
  if (length(vocabulary) != types)
    .setting_error(sprintf("vocabulary has %d words but the matrix has %d columns", length(vocabulary), types), call)
  .native(.te_model_with_words(handle, enc2utf8(vocabulary)), call)
}

#' A topic model from a topic-word matrix
#'
#' \code{topic_model()} takes probabilities \eqn{\phi_{kw} = p(w \mid k)}, rows
#' topics: topicmodels' \code{posterior(model)$terms}, stm's
#' \code{exp(model$beta$logbeta[[1]])}, text2vec's
#' \code{topic_word_distribution}, or lda's \code{topics} normalised by row.
#' Each row is non-negative and sums to 1 within 1e-4 (then renormalised); a
#' word with probability 0 under every topic cannot be scored and is skipped.
#' \code{topic_model_from_counts()} takes training counts (lda's \code{topics}
#' as they are), \eqn{\phi_{kw} = (n_{kw} + \beta) / (n_k + V\beta)}, as MALLET
#' computes it.
#'
#' @param topic_word A numeric matrix, rows topics, columns words.
#' @param counts A matrix of whole numbers, rows topics, columns words.
#' @param alpha The Dirichlet prior over topics: one value per topic, or one for
#'   all (topicmodels' \code{model@@alpha}).
#' @param beta The symmetric word prior.
#' @param vocabulary The words of the columns (default: the column names), by
#'   which documents given as words are looked up; \code{NULL} for none.
#' @param name What \code{\link{select}} calls the model.
#' @return A \code{topiceval_model}.
#' @examples
#' \dontrun{
#' phi <- matrix(c(0.5, 0.5, 0, 0, 0.5, 0.5), nrow = 2, byrow = TRUE,
#'               dimnames = list(NULL, c("a", "b", "c")))
#' model <- topic_model(phi, alpha = 0.1)
#' }
#' @export
topic_model <- function(topic_word, alpha, vocabulary = colnames(topic_word), name = NULL) {
  call <- sys.call()
  phi <- .matrix(topic_word, "topic_word", call)
  storage.mode(phi) <- "double"
  handle <- .native(.te_model_from_topics(phi, .alpha(alpha, nrow(phi), "topic_word", call)), call)
  .new_model(.with_vocabulary(handle, vocabulary, ncol(phi), call), name)
}

#' @rdname topic_model
#' @export
topic_model_from_counts <- function(counts, alpha, beta, vocabulary = colnames(counts), name = NULL) {
  call <- sys.call()
  counts <- .matrix(counts, "counts", call)
  if (length(counts) && (anyNA(counts) || any(counts != round(counts))))
    .raise("model", "counts must be finite whole numbers (use topic_model() for probabilities)", call)
  if (length(counts) && (min(counts) < 0 || max(counts) > 2^30))
    .raise("model", sprintf("counts must lie in 0..2^30, not %.0f..%.0f", min(counts), max(counts)), call)
  if (!is.numeric(beta) || length(beta) != 1L || is.na(beta)) .raise("model", "beta must be one number", call)
  storage.mode(counts) <- "double"
  handle <- .native(.te_model_from_counts(counts, .alpha(alpha, nrow(counts), "counts", call), beta), call)
  .new_model(.with_vocabulary(handle, vocabulary, ncol(counts), call), name)
}

.model_info <- function(model) .native(.te_model_info(model$handle), sys.call(-1))

.check_model <- function(model, argument = "model", call = sys.call(-1)) {
  if (!inherits(model, "topiceval_model"))
    .setting_error(sprintf("%s must be a topiceval_model (from read_mallet_model() or topic_model())", argument),
                   call)
  model
}

#' @export
print.topiceval_model <- function(x, ...) {
  info <- .model_info(x)
  cat(sprintf("<topiceval model: %s, %d topics, %.0f word types%s>\n", info$kind, info$num_topics, info$num_types,
              if (is.null(x$name)) "" else paste0(", \"", x$name, "\"")))
  invisible(x)
}

#' Properties of a topic model
#'
#' @param model A \code{topiceval_model}.
#' @return \code{model_info()}: a list with \code{kind}, \code{num_topics},
#'   \code{num_types}, \code{words} (or \code{NULL}), \code{alpha}, \code{beta}
#'   (or \code{NULL}) and \code{logistic_normal}. \code{topic_word_probabilities()}:
#'   the topics x words matrix topiceval scores with.
#' @export
model_info <- function(model) {
  .check_model(model)
  .model_info(model)
}

#' @rdname model_info
#' @export
topic_word_probabilities <- function(model) {
  .check_model(model)
  phi <- .native(.te_topic_word_probabilities(model$handle))
  words <- .model_info(model)$words
  if (!is.null(words)) colnames(phi) <- words
  phi
}
