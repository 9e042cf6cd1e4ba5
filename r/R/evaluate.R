# SPDX-License-Identifier: Apache-2.0
# The library's commands on models and documents: held-out likelihood with
# errors (evaluate), MALLET's evaluate-topics (evaluate_topics), topic quality
# (coherence) and choosing among models (select). Options are given as
# arguments named as Python's keywords (see topiceval_options()). A function's
# own arguments follow `...`, so that R's partial matching never takes an
# option for one of them (select's coherence= for coherence_texts=).

# A number in the fewest digits that read back to it (as the command line
# prints), read back as the library reads numbers (R's reader may differ in
# the last bit).
.shortest <- function(value) {
  if (!is.finite(value)) return(format(value))
  for (digits in 1:17) {
    text <- trimws(formatC(value, digits = digits, format = "g"))
    if (.te_decimal(text) == value) return(text)
  }
  text
}

#' Held-out likelihood with error bars
#'
#' Estimates the probability of each held-out document under \code{model} with
#' any of topiceval's estimators (\code{\link{estimators}}; resample-move for LDA
#' models, posterior-importance for logistic-normal ones, by default), with
#' standard errors over runs. The options are the \code{evaluate} command's,
#' named as Python's keywords: \code{runs}, \code{seed}, \code{particles},
#' \code{threads} (0, the default, uses every core; results never depend on it),
#' \code{unseen_words}, \code{complete_documents}, \code{target_error}... (see
#' \code{topiceval_options("evaluate")}). Defaults, limits and messages are the
#' library's. Ctrl-C interrupts the work.
#'
#' @param model A \code{topiceval_model}.
#' @param documents Held-out documents: \code{\link{read_documents}}'s, token
#'   lists (character vectors, looked up in \code{vocabulary}), texts (one string
#'   per document), word ids counted from 1 (a list of integer vectors), or a
#'   document-term matrix (rows documents: slam's \code{simple_triplet_matrix},
#'   Matrix's \code{dgCMatrix}, or a plain matrix of counts; column names are
#'   looked up in the vocabulary when both have words).
#' @param estimator An estimator's name, or \code{NULL} for the model's default.
#' @param vocabulary The words documents given as words are looked up in
#'   (default: the model's).
#' @param ... Options, by name.
#' @return A \code{topiceval_evaluation}: \code{documents} (a data frame, one row
#'   per document: \code{name}, \code{tokens}, \code{skipped}, \code{loglik},
#'   \code{loglik_se}, \code{perplexity}, \code{effective_runs}, flags),
#'   \code{total}, \code{total_se}, \code{per_token}, \code{per_token_se},
#'   \code{perplexity}, \code{perplexity_se}, \code{estimator_description},
#'   \code{seed}, \code{runs}, \code{warnings}. Warnings about the numbers are
#'   also issued with \code{warning()} (class \code{topiceval_warning}).
#' @seealso \code{\link{evaluate_topics}} for MALLET's own numbers.
#' @export
evaluate <- function(model, documents, estimator = NULL, ..., vocabulary = NULL) {
  call <- sys.call()
  .check_model(model, call = call)
  keywords <- list(...)
  if (!is.null(estimator)) keywords$estimator <- estimator
  options <- .options("evaluate", keywords, c("vocabulary", "estimator"), call)
  given <- .documents(documents, .vocabulary(vocabulary, model), call = call)
  result <- .native(.te_evaluate(model$handle, given, options), call)
  .warn(result$warnings)
  structure(result, class = "topiceval_evaluation")
}

#' @export
print.topiceval_evaluation <- function(x, ...) {
  cat(sprintf("topiceval evaluation: %s; %d run%s, seed %.0f\n", x$estimator_description, x$runs,
              if (x$runs == 1) "" else "s", x$seed))
  cat(sprintf("model: %s (%s, %d topics, %.0f types)\n", x$model$path, x$model$kind, x$model$topics, x$model$types))
  cat(sprintf("documents: %d, %.0f tokens scored, %.0f skipped\n", nrow(x$documents), x$scored_tokens,
              x$skipped_tokens))
  cat(sprintf("total log likelihood %s +- %s\n", .shortest(x$total), format(x$total_se, digits = 4)))
  cat(sprintf("per token %s +- %s; perplexity %s +- %s\n", format(x$per_token, digits = 6),
              format(x$per_token_se, digits = 3), format(x$perplexity, digits = 6),
              format(x$perplexity_se, digits = 3)))
  for (warning in x$warnings) cat("warning:", warning, "\n")
  invisible(x)
}

#' @export
summary.topiceval_evaluation <- function(object, ...) {
  totals <- data.frame(
    quantity = c("total", "per_token", "perplexity"),
    estimate = c(object$total, object$per_token, object$perplexity),
    standard_error = c(object$total_se, object$per_token_se, object$perplexity_se))
  structure(list(totals = totals, estimator = object$estimator_description, runs = object$runs,
                 documents = summary(object$documents$loglik), error_statement = object$error_statement,
                 heavy_tailed = sum(object$documents$heavy_tailed)),
            class = "summary.topiceval_evaluation")
}

#' @export
print.summary.topiceval_evaluation <- function(x, ...) {
  cat(sprintf("estimator: %s, %d run%s\n", x$estimator, x$runs, if (x$runs == 1) "" else "s"))
  print(x$totals, row.names = FALSE)
  cat("\nper-document log likelihood:\n")
  print(x$documents)
  if (nzchar(x$error_statement)) cat("\n", x$error_statement, "\n", sep = "")
  if (x$heavy_tailed > 0) cat(sprintf("%d heavy-tailed documents (their errors are unreliable)\n", x$heavy_tailed))
  invisible(x)
}

#' @export
as.data.frame.topiceval_evaluation <- function(x, row.names = NULL, optional = FALSE, ...) x$documents

#' MALLET's evaluate-topics, bit for bit
#'
#' MALLET 2.1.1's left-to-right estimator (\code{MarginalProbEstimator}) with its
#' arithmetic and random stream: the same numbers, on any number of threads. The
#' options are MALLET's, named as Python's keywords: \code{num_particles} (10),
#' \code{use_resampling} (\code{FALSE}), \code{random_seed} (-1, MALLET's default,
#' takes a seed from the clock, which the result's \code{seed} says), and
#' topiceval's \code{threads} and \code{exact} (see
#' \code{topiceval_options("evaluate-topics")}).
#'
#' @inheritParams evaluate
#' @param model A MALLET model (\code{\link{read_mallet_model}}) or
#'   \code{\link{topic_model_from_counts}}.
#' @return A \code{topiceval_mallet}: \code{total} (MALLET's printed total),
#'   \code{log_likelihood} (per document), \code{seed}, \code{documents},
#'   \code{tokens}.
#' @examples
#' \dontrun{
#' model <- read_mallet_model("evaluator.mallet")
#' result <- evaluate_topics(model, read_documents("test.mallet", model), random_seed = 1)
#' result$total
#' }
#' @export
evaluate_topics <- function(model, documents, ..., vocabulary = NULL) {
  call <- sys.call()
  .check_model(model, call = call)
  options <- .options("evaluate-topics", list(...), "vocabulary", call)
  given <- .documents(documents, .vocabulary(vocabulary, model), call = call)
  structure(.native(.te_evaluate_topics(model$handle, given, options), call), class = "topiceval_mallet")
}

#' @export
print.topiceval_mallet <- function(x, ...) {
  cat(sprintf("MALLET's evaluate-topics: %.0f documents, %.0f tokens, seed %d\n", x$documents, x$tokens, x$seed))
  cat("total ", .shortest(x$total), "\n", sep = "")
  invisible(x)
}

#' @export
as.data.frame.topiceval_mallet <- function(x, row.names = NULL, optional = FALSE, ...) {
  data.frame(log_likelihood = x$log_likelihood)
}

#' @export
infer_topics <- function(model, documents, ..., vocabulary = NULL) {
  call <- sys.call()
  .check_model(model, call = call)
  options <- .options("infer-topics", list(...), "vocabulary", call)
  given <- .documents(documents, .vocabulary(vocabulary, model), call = call)
  result <- .native(.te_infer_topics(model$handle, given, options), call)
  proportions <- result$proportions
  rownames(proportions) <- result$names
  attr(proportions, "seed") <- result$seed
  proportions
}
