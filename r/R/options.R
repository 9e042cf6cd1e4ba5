# SPDX-License-Identifier: Apache-2.0
# Options as the library declares them (native/settings through the public
# topiceval/options.hpp): an R argument is the declaration's name in
# snake_case, as Python's keyword (num_particles, random_seed, unseen_words),
# and its value is handed to the library as text, which checks it against the
# declaration (range, choices) with the library's message. Here only the R
# type is checked: TRUE/FALSE for a yes/no option, a number for a number.

.declarations_cache <- new.env(parent = emptyenv())

.declarations <- function(command) {
  if (is.null(.declarations_cache[[command]])) .declarations_cache[[command]] <- .te_options(command)
  .declarations_cache[[command]]
}

# A number as the library reads it: whole numbers without a decimal point,
# others in the fewest digits that read back to the same double.
.number_text <- function(value) {
  if (is.finite(value) && value == round(value) && abs(value) < 2^53) return(sprintf("%.0f", value))
  if (!is.finite(value)) return(as.character(value))
  for (digits in 15:17) {
    text <- sprintf("%.*g", digits, value)
    if (.te_decimal(text) == value) return(text)
  }
  text
}

.option_text <- function(keyword, kind, value, call) {
  scalar <- length(value) == 1L && !is.na(value)
  if (kind %in% c("boolean", "switch") || (kind == "setting" && is.logical(value))) {
    if (!is.logical(value) || !scalar) .setting_error(sprintf("%s must be TRUE or FALSE", keyword), call)
    return(if (value) "true" else "false")
  }
  if (kind %in% c("integer", "real")) {
    if (!is.numeric(value) || !scalar) .setting_error(sprintf("%s must be a number", keyword), call)
    return(.number_text(value))
  }
  if (kind == "setting") {
    if (is.numeric(value) && scalar) return(.number_text(value))
    if (is.character(value) && scalar) return(value)
    .setting_error(sprintf("%s must be a number, TRUE/FALSE or a name", keyword), call)
  }
  if (kind == "list") {
    if (!(is.character(value) || is.numeric(value)) || length(value) == 0L || anyNA(value))
      .setting_error(sprintf("%s must be a vector of one or more values", keyword), call)
    return(if (is.numeric(value)) vapply(value, .number_text, "") else value)
  }
  if (!is.character(value) || !scalar) .setting_error(sprintf("%s must be a string", keyword), call)
  value
}

# `keywords` (a named list, from ...) as the library's option names and texts.
# `own` are the function's other arguments, suggested too for a misspelling.
.options <- function(command, keywords, own = character(), call = sys.call(-1)) {
  declared <- .declarations(command)
  if (length(keywords) > 0L && (is.null(names(keywords)) || any(names(keywords) == "")))
    .setting_error(sprintf("every option of %s is given by name (see ?%s)", command, gsub("-", "_", command)), call)
  texts <- list()
  for (keyword in names(keywords)) {
    value <- keywords[[keyword]]
    if (is.null(value)) next
    row <- match(keyword, declared$keyword)
    if (is.na(row)) {
      # The command line's rule for "did you mean", from the library.
      suggestion <- .te_closest_match(keyword, sort(unique(c(declared$keyword, own))))
      hint <- if (is.null(suggestion)) "" else sprintf("did you mean %s?; ", suggestion)
      .setting_error(sprintf("%s is not an option of %s (%ssee ?%s; options: %s)", keyword, command, hint,
                             gsub("-", "_", command), paste(sort(declared$keyword), collapse = ", ")), call)
    }
    texts[[declared$name[row]]] <- .option_text(keyword, declared$kind[row], value, call)
  }
  texts
}

#' Options of topiceval's commands
#'
#' The options each function takes, as the library declares them: the same
#' declarations give the command line its options, Python its keywords and R
#' its arguments (snake_case, as Python's).
#'
#' @param command A command: \code{"evaluate"}, \code{"evaluate-topics"},
#'   \code{"select"}, \code{"coherence"}.
#' @return A data frame with one row per option: \code{keyword}, \code{kind},
#'   \code{default} (as help shows it), \code{help}.
#' @export
topiceval_options <- function(command) {
  if (!is.character(command) || length(command) != 1L) .setting_error("command must be a command's name")
  .native(tryCatch(.declarations(command), error = function(e) {
    structure(list(kind = "setting", message = conditionMessage(e)), class = "topiceval_failure")
  }))[, c("keyword", "kind", "default", "help")]
}

#' The estimators topiceval offers
#'
#' @return A character vector of estimator names, in the order help lists them.
#' @export
estimators <- function() .te_estimator_names()
