# SPDX-License-Identifier: Apache-2.0
#' Topic coherence, exclusivity, FREX and diversity
#'
#' gensim's coherence measures (\code{u_mass}, \code{c_uci}, \code{c_npmi},
#' \code{c_v}) with gensim's numbers, and Mimno et al.'s as MALLET computes it
#' (\code{mallet}), each with a bootstrap error over the reference documents;
#' MALLET's exclusivity, stm's FREX and topic diversity of the top words.
#' Options, named as Python's keywords: \code{top_words}, \code{window_size},
#' \code{bootstrap}, \code{seed}, \code{threads} (see
#' \code{topiceval_options("coherence")}).
#'
#' @param model A \code{topiceval_model}.
#' @param texts The reference texts: token lists or texts (their own words),
#'   \code{\link{read_documents}}'s of a file, or \code{NULL} for the model's own
#'   training documents (a topic state or saved model holds them).
#' @param measure One or more measures.
#' @param ... Options, by name.
#' @return A \code{topiceval_coherence}: \code{measures} (a data frame, one row
#'   per measure: \code{measure}, \code{window}, \code{mean}, \code{mean_se}),
#'   \code{topics} (a data frame, one row per topic: its top words, each
#'   measure's value and error, \code{exclusivity}, \code{frex}),
#'   \code{diversity}, \code{warnings}.
#' @export
coherence <- function(model, texts = NULL, measure = "c_npmi", ...) {
  call <- sys.call()
  .check_model(model, call = call)
  keywords <- list(...)
  if (!is.character(measure) || length(measure) == 0L || anyNA(measure))
    .setting_error("measure must be a name or a vector of names", call)
  keywords$measure <- paste(measure, collapse = ",")  # as the command line's --measure takes several
  options <- .options("coherence", keywords, "texts", call)
  reference <- if (is.null(texts)) NULL else .texts(texts, call)
  result <- .native(.te_coherence(model$handle, reference, options), call)
  .warn(result$warnings)
  .coherence_result(result)
}

# Reference texts carry their words (the library looks the topics' words up in them).
.texts <- function(texts, call) {
  given <- .documents(texts, NULL, "texts", call)
  if (is.null(given$words))
    .setting_error("texts must carry their words: token lists, texts, or read_documents() of a file", call)
  given
}

.coherence_result <- function(result) {
  measures <- data.frame(
    measure = vapply(result$measures, function(m) m$measure, ""),
    window = vapply(result$measures, function(m) as.numeric(m$window), 0),
    mean = vapply(result$measures, function(m) m$mean, 0),
    mean_se = vapply(result$measures, function(m) m$mean_se, 0))
  topics <- data.frame(topic = seq_along(result$topics),
                       top_words = vapply(result$topics, paste, "", collapse = " "))
  for (m in result$measures) {
    topics[[m$measure]] <- m$per_topic
    topics[[paste0(m$measure, "_se")]] <- m$per_topic_se
  }
  topics$exclusivity <- result$exclusivity
  topics$frex <- result$frex
  structure(list(measures = measures, topics = topics, mean_exclusivity = result$mean_exclusivity,
                 mean_frex = result$mean_frex, diversity = result$diversity, reference = result$reference,
                 reference_documents = result$reference_documents, bootstrap = result$bootstrap,
                 warnings = result$warnings),
            class = "topiceval_coherence")
}

#' @export
print.topiceval_coherence <- function(x, ...) {
  cat(sprintf("topic quality against %s (%.0f documents)\n", x$reference, x$reference_documents))
  print(x$measures, row.names = FALSE)
  cat(sprintf("mean exclusivity %s, mean FREX %s, diversity %s\n", format(x$mean_exclusivity, digits = 4),
              format(x$mean_frex, digits = 4), format(x$diversity, digits = 4)))
  invisible(x)
}

#' @export
as.data.frame.topiceval_coherence <- function(x, row.names = NULL, optional = FALSE, ...) x$topics

#' Choose among topic models (the number of topics)
#'
#' Ranks models (any number of topics; MALLET files or topic-word matrices from
#' R) by the probability they give the same held-out tokens, with the error of
#' each model's paired difference to the best, and their topic quality beside
#' it: as ldatuning's \code{FindTopicsNumber} takes a vector of K, this takes a
#' list of models. Options, named as Python's keywords: \code{estimator},
#' \code{runs}, \code{seed}, \code{threads}, \code{coherence} (the measure, or
#' \code{"none"}), \code{top_words}, \code{bootstrap}... (see
#' \code{topiceval_options("select")}).
#'
#' @param models A list of \code{topiceval_model}s (names, when given, are what
#'   the result calls them).
#' @param documents Held-out documents, in any form \code{\link{evaluate}}
#'   takes; documents read with \code{\link{read_documents}} from a file are read
#'   again by each model through its own words. In memory, every model shares
#'   their ids (words looked up in \code{vocabulary}, or the first model's).
#' @param vocabulary The words documents given as words are looked up in.
#' @param coherence_texts The reference texts of topic quality (as
#'   \code{\link{coherence}}'s \code{texts}; default: the held-out documents).
#' @param ... Options, by name.
#' @return A \code{topiceval_selection}: \code{models}, a data frame with one row
#'   per model, best first (\code{model}, \code{topics}, \code{types},
#'   \code{total}, \code{total_se}, \code{per_token}, \code{per_token_se},
#'   \code{perplexity}, \code{perplexity_se}, \code{difference} and
#'   \code{difference_se} to the best, \code{verdict} ("best", "worse", "too
#'   close to call", or "unsupported": listed after the others, not ranked),
#'   \code{interval_unsupported} (why, or ""), \code{coherence},
#'   \code{coherence_se}, \code{exclusivity}, \code{frex}, \code{diversity});
#'   \code{figures}, ldatuning's and stm's figures as their R functions compute
#'   them, one row per model and figure (\code{model}, \code{topics},
#'   \code{figure}, \code{better}: "higher" or "lower", \code{value},
#'   \code{se}: a mean's bootstrap error over topics), and
#'   \code{figures_per_topic}, per model the per-topic figures by name;
#'   \code{seed_groups}, one row per K given by several models (runs with other
#'   seeds: \code{agreement} of their top \code{stability_words} words after
#'   matching topics, with \code{agreement_sd}, \code{agreement_min},
#'   \code{agreement_max} over \code{pairs}; \code{per_token} and its
#'   \code{per_token_spread} between seeds beside \code{per_token_error} within
#'   a run; against \code{next_topics}, \code{difference_to_next} with
#'   \code{difference_to_next_error} and \code{exceeds_retraining}), with
#'   \code{seed_pairs} (every pair's agreement) and \code{topic_agreement} (per
#'   K, per run, each topic's); \code{plot()} draws the panels of the command
#'   line's HTML report.
#' @export
select <- function(models, documents, ..., vocabulary = NULL, coherence_texts = NULL) {
  call <- sys.call()
  if (inherits(models, "topiceval_model")) models <- list(models)
  if (!is.list(models) || length(models) == 0L)
    .setting_error("models must be a list of one or more topiceval_models", call)
  for (m in seq_along(models)) .check_model(models[[m]], sprintf("models[[%d]]", m), call)
  given_names <- if (is.null(names(models))) rep("", length(models)) else names(models)
  model_names <- vapply(seq_along(models), function(m) {
    if (nzchar(given_names[m])) given_names[m] else if (is.null(models[[m]]$name)) "" else models[[m]]$name
  }, "")
  options <- .options("select", list(...), c("vocabulary", "coherence_texts"), call)
  shared <- if (inherits(documents, "topiceval_documents") && !is.null(attr(documents, "path"))) {
    attr(documents, "path")
  } else {
    .documents(documents, .vocabulary(vocabulary, models[[1]]), call = call)
  }
  reference <- if (is.null(coherence_texts)) NULL else .texts(coherence_texts, call)
  result <- .native(.te_select(lapply(models, function(m) m$handle), model_names, shared, reference, options), call)
  .warn(result$warnings)
  structure(result, class = "topiceval_selection")
}

#' @export
print.topiceval_selection <- function(x, ...) {
  cat(sprintf("topiceval select: %d models on %s (%.0f documents, %.0f tokens every model scores)\n",
              nrow(x$models), x$input, x$documents, x$shared_tokens))
  cat(sprintf("estimator: %s; %d run%s, seed %.0f\n", x$estimator_description, x$runs,
              if (x$runs == 1) "" else "s", x$seed))
  columns <- c("model", "topics", "per_token", "per_token_se", "difference", "difference_se", "verdict")
  if (nzchar(x$coherence_measure)) columns <- c(columns, "coherence", "exclusivity")
  print(x$models[, columns], row.names = FALSE, digits = 5)
  if (NROW(x$seed_groups) > 0) {
    cat(sprintf("stability across seeds (models given with the same number of topics; top %d words)\n",
                x$stability_words))
    print(x$seed_groups[, c("topics", "runs", "agreement", "agreement_sd", "per_token", "per_token_spread",
                            "per_token_error", "exceeds_retraining")], row.names = FALSE, digits = 5)
  }
  for (warning in x$warnings) cat("warning:", warning, "\n")
  invisible(x)
}

#' @export
summary.topiceval_selection <- function(object, ...) {
  structure(list(models = object$models, best = object$models$model[1],
                 tied = object$models$model[object$models$verdict == "tied"]),
            class = "summary.topiceval_selection")
}

#' @export
print.summary.topiceval_selection <- function(x, ...) {
  cat("best:", x$best, "\n")
  if (length(x$tied)) cat("tied with it (within two errors):", paste(x$tied, collapse = ", "), "\n")
  print(x$models, row.names = FALSE, digits = 5)
  invisible(x)
}

#' @export
as.data.frame.topiceval_selection <- function(x, row.names = NULL, optional = FALSE, ...) x$models
