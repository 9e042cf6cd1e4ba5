# SPDX-License-Identifier: Apache-2.0
# Two models compared document by document (ratio-AIS), and MALLET's topic diagnostics.

# Documents every model reads: read_documents()'s of a whole file by path (each
# model through its own words), else in memory through `vocabulary` or the first model's words.
.shared_documents <- function(documents, vocabulary, first, call) {
  if (inherits(documents, "topiceval_documents") && !is.null(attr(documents, "path"))) return(attr(documents, "path"))
  .documents(documents, .vocabulary(vocabulary, first), call = call)
}

#' @export
compare <- function(model_a, model_b, documents, ..., vocabulary = NULL) {
  call <- sys.call()
  .check_model(model_a, "model_a", call)
  .check_model(model_b, "model_b", call)
  options <- .options("compare", list(...), "vocabulary", call)
  names <- vapply(list(model_a, model_b), function(m) if (is.null(m$name)) "" else m$name, "")
  result <- .native(.te_compare(model_a$handle, model_b$handle, names,
                                .shared_documents(documents, vocabulary, model_a, call), options), call)
  .warn(result$warnings)
  structure(result, class = "topiceval_comparison")
}

#' @export
print.topiceval_comparison <- function(x, ...) {
  cat(sprintf("topiceval compare: log p(w | %s) - log p(w | %s) by ratio-AIS (%s path, %s, %d temperatures)\n",
              x$model_a$path, x$model_b$path, x$path, x$direction, x$temperatures))
  cat(sprintf("%d documents, %.0f tokens: log ratio %s +- %s; perplexity ratio %s\n", nrow(x$documents),
              x$scored_tokens, format(x$log_ratio, digits = 6), format(x$log_ratio_se, digits = 3),
              format(x$perplexity_ratio, digits = 6)))
  for (warning in x$warnings) cat("warning:", warning, "\n")
  invisible(x)
}

#' @export
as.data.frame.topiceval_comparison <- function(x, row.names = NULL, optional = FALSE, ...) x$documents

#' @export
diagnostics <- function(model, ...) {
  call <- sys.call()
  .check_model(model, call = call)
  options <- .options("diagnostics", list(...), character(), call)
  result <- .native(.te_diagnostics(model$handle, options), call)
  .warn(result$warnings)
  topics <- data.frame(topic = seq_along(result$topics$alpha), result$topics)
  words <- as.data.frame(result$words, stringsAsFactors = FALSE)
  words <- words[, c("topic", "rank", "word", setdiff(names(words), c("topic", "rank", "word")))]
  structure(list(topics = topics, words = words, model = result$model, from_documents = result$from_documents,
                 num_top_words = result$num_top_words, documents = result$documents, tokens = result$tokens,
                 warnings = result$warnings),
            class = "topiceval_diagnostics")
}

#' @export
print.topiceval_diagnostics <- function(x, ...) {
  cat(sprintf("MALLET's topic diagnostics of %s: %d topics, top %d words%s\n", x$model, nrow(x$topics),
              x$num_top_words, if (x$from_documents) sprintf(", %.0f training documents", x$documents) else ""))
  print(utils::head(x$topics[, c("topic", "tokens", "coherence", "exclusivity", "effective_num_words")]),
        row.names = FALSE, digits = 5)
  invisible(x)
}

#' @export
as.data.frame.topiceval_diagnostics <- function(x, row.names = NULL, optional = FALSE, ...) x$topics
