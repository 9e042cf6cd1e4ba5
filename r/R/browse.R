# SPDX-License-Identifier: Apache-2.0
#' The topic browser: one offline page of LDAvis's view and every topic's figures
#'
#' Writes one self-contained HTML page (it requests nothing: no scripts or
#' fonts from the network) with LDAvis's intertopic map, relevance and
#' saliency (Sievert & Shirley 2014, LDAvis's own numbers), and beside them
#' each topic's MALLET diagnostics, coherence with its bootstrap error,
#' exclusivity, FREX, stability across the models of one number of topics and
#' most typical documents; several models are switched between on the page.
#' Options, named as Python's keywords: \code{terms}, \code{lambda_step},
#' \code{initial_lambda}, \code{typical_documents}, \code{measure},
#' \code{top_words}, \code{bootstrap}, \code{seed}, \code{threads}... (see
#' \code{topiceval_options("browse")}).
#'
#' @param models A \code{topiceval_model}, or a list of them (names, when given,
#'   are what the page calls them).
#' @param texts The texts: coherence's reference and the documents the typical
#'   ones come from; a path, token lists or texts (as \code{\link{coherence}}'s),
#'   or \code{NULL} for a topic state's or saved model's training documents.
#' @param ... Options, by name.
#' @param held_out Held-out documents (as \code{\link{select}} takes them): the
#'   models are then ranked as \code{select} ranks them, and the page shows it.
#' @param document_topics For models of probabilities (\code{topic_model()}),
#'   the texts' topic proportions (LDAvis's theta, documents x topics): one
#'   matrix, or a list with one (or \code{NULL}) per model.
#' @param file Where to write the page (default: a temporary file).
#' @param json Where to write the page's data as JSON, or \code{NULL}.
#' @param vocabulary The words documents given as words are looked up in.
#' @return A \code{topiceval_browse} (invisibly): \code{file}; \code{models},
#'   one list per model (\code{name}, \code{topics}, \code{proportion},
#'   \code{x} and \code{y} (the map), \code{order} (LDAvis's, topics counted
#'   from 1), \code{salient}, \code{saliency}, \code{figures}: the table's
#'   columns by name); \code{lambda_grid}, \code{warnings}. \code{plot()} opens
#'   the page in the browser.
#' @export
browse <- function(models, texts = NULL, ..., held_out = NULL, document_topics = NULL,
                   file = tempfile(fileext = ".html"), json = NULL, vocabulary = NULL) {
  call <- sys.call()
  if (inherits(models, "topiceval_model")) models <- list(models)
  if (!is.list(models) || length(models) == 0L)
    .setting_error("models must be a topiceval_model or a list of them", call)
  for (m in seq_along(models)) .check_model(models[[m]], sprintf("models[[%d]]", m), call)
  given_names <- if (is.null(names(models))) rep("", length(models)) else names(models)
  model_names <- vapply(seq_along(models), function(m) {
    if (nzchar(given_names[m])) given_names[m] else if (is.null(models[[m]]$name)) "" else models[[m]]$name
  }, "")
  options <- .options("browse", list(...), c("texts", "held_out", "document_topics", "file", "json", "vocabulary"),
                      call)
  for (argument in c("file", "json")) {
    value <- get(argument)
    if (!is.null(value) && (!is.character(value) || length(value) != 1L || is.na(value)))
      .setting_error(sprintf("%s must be one path", argument), call)
  }
  reference <- if (is.null(texts)) NULL else if (is.character(texts) && length(texts) == 1L) texts else
    .texts(texts, call)
  shared <- if (is.null(held_out)) NULL else if (inherits(held_out, "topiceval_documents") &&
                                                 !is.null(attr(held_out, "path"))) {
    attr(held_out, "path")
  } else {
    .documents(held_out, .vocabulary(vocabulary, models[[1]]), "held_out", call = call)
  }
  if (is.matrix(document_topics)) document_topics <- list(document_topics)
  if (is.null(document_topics)) document_topics <- list()
  if (length(document_topics) && length(document_topics) != length(models))
    .setting_error(sprintf("document_topics has %d matrices for %d models: give one per model (NULL for none)",
                           length(document_topics), length(models)), call)
  for (m in seq_along(document_topics)) {
    theta <- document_topics[[m]]
    if (!is.null(theta) && !(is.matrix(theta) && is.numeric(theta)))
      .setting_error(sprintf("document_topics[[%d]] must be a numeric matrix (documents x topics)", m), call)
    if (!is.null(theta)) storage.mode(document_topics[[m]]) <- "double"
  }
  result <- .native(.te_browse(lapply(models, function(m) m$handle), model_names, reference, shared,
                               document_topics, options, file, json), call)
  .warn(result$warnings)
  result$file <- file
  invisible(structure(result, class = "topiceval_browse"))
}

#' @export
print.topiceval_browse <- function(x, ...) {
  cat(sprintf("topiceval browse: %d model(s), the page in %s\n", length(x$models), x$file))
  for (model in x$models)
    cat(sprintf("  %s: %d topics, the largest %.1f%% of the tokens\n", model$name, model$topics,
                100 * max(model$proportion)))
  for (warning in x$warnings) cat("warning:", warning, "\n")
  invisible(x)
}

#' @export
plot.topiceval_browse <- function(x, y, ...) {
  utils::browseURL(normalizePath(x$file))
  invisible(x)
}
