# SPDX-License-Identifier: Apache-2.0
# Errors and warnings. The library's errors come back from the glue as a
# "topiceval_failure" value (kind and message) and are raised here as
# conditions of the package's own classes, with the library's one-line message:
#   topiceval_file_error     a file that cannot be read as what it should be
#   topiceval_setting_error  an argument or option missing, out of range or of the wrong kind
#   topiceval_model_error    a model given in memory that cannot be used
# all of them topiceval_error (and error). Warnings about the numbers are
# topiceval_warning conditions, issued with warning().

.condition_classes <- c(file = "topiceval_file_error", setting = "topiceval_setting_error",
                        model = "topiceval_model_error")

.raise <- function(kind, message, call = NULL) {
  classes <- if (kind %in% names(.condition_classes)) .condition_classes[[kind]] else character()
  stop(structure(class = c(classes, "topiceval_error", "error", "condition"),
                 list(message = message, call = call)))
}

# The glue's value, or its failure raised in the caller's name.
.native <- function(value, call = sys.call(-1)) {
  if (inherits(value, "topiceval_failure")) .raise(value$kind, value$message, call)
  value
}

.setting_error <- function(message, call = sys.call(-1)) .raise("setting", message, call)

.warn <- function(texts) {
  for (text in texts) {
    warning(structure(class = c("topiceval_warning", "warning", "condition"),
                      list(message = text, call = NULL)))
  }
}
