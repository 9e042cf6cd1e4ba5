# SPDX-License-Identifier: Apache-2.0
# The panels of the command line's HTML report of select
# (native/output/select_output.cpp), in base graphics.

.band_panel <- function(topics, values, errors, ylab, main) {
  low <- values - 2 * errors
  high <- values + 2 * errors
  finite <- is.finite(low) & is.finite(high)
  limits <- range(c(values, low[finite], high[finite]), finite = TRUE)
  plot(topics, values, type = "n", ylim = limits, xlab = "number of topics", ylab = ylab, main = main, xaxt = "n")
  axis(1, at = topics)
  if (any(finite) && length(topics) > 1)
    polygon(c(topics, rev(topics)), c(ifelse(finite, high, values), rev(ifelse(finite, low, values))),
            col = "grey85", border = NA)
  lines(topics, values)
  points(topics, values, pch = 19)
}

#' Plot select's result: the panels of its HTML report
#'
#' Held-out log likelihood per token against the number of topics (band: +- 2
#' standard errors over runs); each model's difference to the best, per token,
#' paired over documents (bars: +- 2 standard errors; a bar that crosses 0 is a
#' tie); with topic quality, the mean coherence (band: +- 2 bootstrap errors)
#' and the mean exclusivity against the number of topics; and the per-document
#' log likelihood per token of the best model against the second's.
#'
#' @param x A \code{topiceval_selection} (from \code{\link{select}}).
#' @param y,... Unused.
#' @return \code{x}, invisibly.
#' @export
plot.topiceval_selection <- function(x, y, ...) {
  table <- x$models[order(x$models$topics), ]
  quality <- nzchar(x$coherence_measure) && any(is.finite(table$coherence))
  pair <- length(x$best_two_per_token$best) > 0
  panels <- 2 + 2 * quality + pair
  old <- par(mfrow = c(ceiling(panels / 2), if (panels > 1) 2 else 1))
  on.exit(par(old))
  .band_panel(table$topics, table$per_token, table$per_token_se, "log likelihood per token",
              "Held-out likelihood")
  behind <- table$difference / x$shared_tokens
  behind_error <- table$difference_se / x$shared_tokens
  finite <- is.finite(behind_error)
  limits <- range(c(0, behind, (behind - 2 * behind_error)[finite], (behind + 2 * behind_error)[finite]))
  plot(table$topics, behind, ylim = limits, pch = 19, xlab = "number of topics", ylab = "per token, behind the best",
       main = "Difference to the best", xaxt = "n")
  axis(1, at = table$topics)
  abline(h = 0, lty = 2)
  bars <- finite & behind_error > 0
  if (any(bars))
    arrows(table$topics[bars], (behind - 2 * behind_error)[bars], table$topics[bars],
           (behind + 2 * behind_error)[bars], angle = 90, code = 3, length = 0.04)
  if (quality) {
    measured <- is.finite(table$coherence)
    .band_panel(table$topics[measured], table$coherence[measured], table$coherence_se[measured],
                paste("mean", x$coherence_measure, "coherence"), "Coherence")
    plot(table$topics[measured], table$exclusivity[measured], type = "b", pch = 19, xlab = "number of topics",
         ylab = "mean exclusivity", main = "Exclusivity", xaxt = "n")
    axis(1, at = table$topics[measured])
  }
  if (pair) {
    best <- x$models[1, ]
    second <- x$models[2, ]
    plot(x$best_two_per_token$best, x$best_two_per_token$second, pch = 19, cex = 0.6,
         xlab = sprintf("best: %s (%d topics)", best$model, best$topics),
         ylab = sprintf("second: %s (%d topics)", second$model, second$topics),
         main = "Per document, per token")
    abline(0, 1, lty = 2)
  }
  invisible(x)
}
