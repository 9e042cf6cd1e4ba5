# SPDX-License-Identifier: Apache-2.0
# Documents: read from a file by the library, or given in R's forms (token
# lists, texts, ids counted from 1, document-term matrices), and handed to the
# glue as list(ids = <integer vectors, ids from 1>, bags = <logical>,
# words = <the words behind the ids, or NULL>).

#' Read held-out documents
#'
#' Reads a MALLET instance list (\code{import-file --keep-sequence}) or plain
#' text with one document per line (gzipped or not). With a model, the words
#' are looked up in the model's (new words get ids beyond the model's, in order
#' of first appearance); without one, the file's own words are kept.
#'
#' @param path The file.
#' @param model A \code{topiceval_model} whose words the documents are read
#'   through, or \code{NULL}.
#' @return A \code{topiceval_documents}: a list of integer vectors of word ids
#'   (counted from 1), one per document, named by the documents' names; its
#'   \code{words} attribute holds the words behind the ids when the file carries
#'   them.
#' @export
read_documents <- function(path, model = NULL) {
  call <- sys.call()
  path <- .path(path, "path", call)
  if (!is.null(model)) .check_model(model, call = call)
  read <- .native(.te_read_documents(path, if (is.null(model)) NULL else model$handle), call)
  ids <- read$ids
  names(ids) <- read$names
  structure(ids, class = c("topiceval_documents", "list"), words = read$words, path = path,
            through_model = !is.null(model))
}

#' @export
`[.topiceval_documents` <- function(x, i) {
  structure(unclass(x)[i], class = c("topiceval_documents", "list"), words = attr(x, "words"))
}

#' @export
print.topiceval_documents <- function(x, ...) {
  cat(sprintf("<topiceval documents: %d documents, %.0f tokens%s>\n", length(x), sum(lengths(x)),
              if (is.null(attr(x, "path"))) "" else paste0(" from ", attr(x, "path"))))
  invisible(x)
}

# Words to ids through `vocabulary`; words it lacks get ids beyond it, in order
# of first appearance (as the library reads plain text).
.lookup <- function(token_lists, vocabulary) {
  vocabulary <- if (is.null(vocabulary)) character() else vocabulary
  all_tokens <- unlist(token_lists, use.names = FALSE)
  new_words <- unique(all_tokens[is.na(match(all_tokens, vocabulary))])
  words <- c(vocabulary, new_words)
  ids <- lapply(token_lists, function(tokens) match(tokens, words))
  list(ids = ids, bags = rep(FALSE, length(ids)), words = words)
}

# The one check of numbers handed over from R, before any R function computes
# with them (which() drops NaN, rep() stops at Inf with a message of its own):
# numeric, finite, whole and within `low`..`high`. `what` names them.
.checked_numbers <- function(values, what, low, high, call) {
  if (!is.numeric(values))
    .setting_error(sprintf("%s must be numbers, not %s", what, class(values)[1]), call)
  bad <- !is.finite(values) | values != round(values) | values < low | values > high
  bad[is.na(bad)] <- TRUE
  if (any(bad)) {
    first <- values[which(bad)[1]]
    .setting_error(sprintf("%s must be whole numbers in %s..%s, not %s", what, format(low), format(high),
                           format(first)), call)
  }
  values
}

# A document-term matrix (rows documents) as bags of word ids: a column's id
# (its name looked up in `vocabulary` when both have words) repeated by its
# count. `rows` and `columns` count from 1, within `documents` and `types`.
.count_matrix <- function(rows, columns, counts, documents, types, column_names, vocabulary, call) {
  documents <- .checked_numbers(documents, "documents: the matrix's row count", 0, 2^31 - 1, call)
  types <- .checked_numbers(types, "documents: the matrix's column count", 0, 2^31 - 1, call)
  if (length(rows) != length(counts) || length(columns) != length(counts))
    .setting_error(sprintf("documents: a document-term matrix with %d counts but %d rows and %d columns given",
                           length(counts), length(rows), length(columns)), call)
  .checked_numbers(counts, "documents: a document-term matrix's counts", 0, 2^31 - 1, call)
  .checked_numbers(rows, "documents: a document-term matrix's row indices", 1, documents, call)
  .checked_numbers(columns, "documents: a document-term matrix's column indices", 1, types, call)
  per_document <- vapply(split(counts, factor(rows, levels = seq_len(documents))), sum, 0)
  if (any(per_document > 2^31 - 1))
    .setting_error(sprintf("documents[[%d]] holds more than 2^31-1 tokens", which(per_document > 2^31 - 1)[1]), call)
  words <- NULL
  if (!is.null(column_names) && !is.null(vocabulary)) {
    looked_up <- .lookup(list(column_names), vocabulary)
    columns <- looked_up$ids[[1]][columns]
    words <- looked_up$words
  }
  keep <- counts > 0
  rows <- rows[keep]
  columns <- columns[keep]
  counts <- counts[keep]
  ordered <- order(rows, columns)
  token_rows <- rep(rows[ordered], counts[ordered])
  token_ids <- rep(as.integer(columns[ordered]), counts[ordered])
  ids <- split(token_ids, factor(token_rows, levels = seq_len(documents)))
  names(ids) <- NULL
  list(ids = ids, bags = rep(TRUE, documents), words = words)
}

.documents <- function(documents, vocabulary, argument = "documents", call = sys.call(-1)) {
  if (inherits(documents, "topiceval_documents")) {
    ids <- unclass(documents)
    names(ids) <- NULL
    return(list(ids = lapply(ids, as.integer), bags = rep(FALSE, length(ids)), words = attr(documents, "words")))
  }
  if (inherits(documents, "simple_triplet_matrix")) {
    return(.count_matrix(documents$i, documents$j, documents$v, documents$nrow, documents$ncol,
                         colnames(documents), vocabulary, call))
  }
  if (inherits(documents, "dgCMatrix")) {
    starts <- .checked_numbers(documents@p, "documents: a dgCMatrix's column starts", 0, length(documents@x), call)
    if (length(starts) != ncol(documents) + 1L || any(diff(starts) < 0))
      .setting_error("documents: a dgCMatrix's column starts do not fit its columns", call)
    columns <- rep(seq_len(ncol(documents)), diff(starts))
    return(.count_matrix(documents@i + 1L, columns, documents@x, nrow(documents), ncol(documents),
                         colnames(documents), vocabulary, call))
  }
  if (is.matrix(documents) && is.numeric(documents)) {
    .checked_numbers(documents, "documents: a document-term matrix's counts", 0, 2^31 - 1, call)
    nonzero <- which(documents != 0, arr.ind = TRUE)
    return(.count_matrix(nonzero[, 1], nonzero[, 2], documents[nonzero], nrow(documents), ncol(documents),
                         colnames(documents), vocabulary, call))
  }
  if (is.character(documents)) {
    if (anyNA(documents)) .setting_error(sprintf("%s has NA among its texts", argument), call)
    tokens <- strsplit(enc2utf8(documents), "[[:space:]]+")
    return(.lookup(lapply(tokens, function(words) words[words != ""]), vocabulary))
  }
  if (!is.list(documents))
    .setting_error(sprintf(paste("%s must be token lists, texts, word ids (from 1), a document-term matrix",
                                 "(simple_triplet_matrix, dgCMatrix or matrix) or read_documents()'s, not %s"),
                           argument, class(documents)[1]), call)
  if (length(documents) > 0L && all(vapply(documents, is.character, TRUE))) {
    missing <- which(vapply(documents, anyNA, TRUE))
    if (length(missing)) .setting_error(sprintf("%s[[%d]] has NA among its words", argument, missing[1]), call)
    return(.lookup(lapply(documents, enc2utf8), vocabulary))
  }
  ids <- vector("list", length(documents))
  for (d in seq_along(documents)) {
    document <- documents[[d]]
    if (!is.numeric(document))
      .setting_error(sprintf("%s[[%d]] must be word ids (from 1) or words, not %s", argument, d,
                             class(document)[1]), call)
    .checked_numbers(document, sprintf("%s[[%d]]'s word ids", argument, d), 1, 2^31 - 1, call)
    ids[[d]] <- as.integer(document)
  }
  list(ids = ids, bags = rep(FALSE, length(ids)), words = NULL)
}

# The words documents given as words are looked up in: `vocabulary`, or the model's.
.vocabulary <- function(vocabulary, model) {
  if (!is.null(vocabulary)) return(enc2utf8(as.character(vocabulary)))
  if (is.null(model)) return(NULL)
  .model_info(model)$words
}
