#!/usr/bin/env Rscript
# The values the R functions compute, for tests/quality/topic_number_metrics_test.cpp.
#   Rscript r_oracle.R LDATUNING_R_DIR STM_R_DIR COUNTS OUT
# LDATUNING_R_DIR holds ldatuning's R/main.R and STM_R_DIR stm's R/ files
# (semanticCoherence.R exclusivity.R residuals.R STMfunctions.R asSTMCorpus.R),
# read from their sources: none of that code is in this project.
# COUNTS is a counts file (counts_from_state.py); the matrices are a MALLET
# model's as a user would hand them over:
#   phi   = (n_wk + beta) / (n_k + V beta)
#   theta = (n_dk + alpha_k) / (N_d + sum alpha)
# ldatuning reads them as a topicmodels object (beta = log phi, gamma = theta),
# stm as an STM object (logbeta = log phi; theta and the documents without the
# documents that have no tokens, which stm's documents cannot hold).
args <- commandArgs(trailingOnly = TRUE)
stopifnot(length(args) == 4)
suppressPackageStartupMessages({ library(slam); library(methods) })
source(file.path(args[1], "main.R"))
for (f in c("semanticCoherence.R", "exclusivity.R", "residuals.R", "STMfunctions.R", "asSTMCorpus.R"))
  source(file.path(args[2], f))

lines <- readLines(args[3])
dims <- as.integer(strsplit(lines[1], " ")[[1]])
K <- dims[1]; V <- dims[2]; D <- dims[3]
alpha <- as.numeric(strsplit(lines[2], " ")[[1]])
beta <- as.numeric(lines[3])
nwk <- matrix(0, K, V); ndk <- matrix(0, D, K); words <- matrix(0, D, V)
for (d in 1:D) {
  line <- lines[3 + d]
  if (nchar(line) == 0) next
  pairs <- do.call(rbind, lapply(strsplit(strsplit(line, " ")[[1]], ":"), as.integer))
  for (i in seq_len(nrow(pairs))) {
    w <- pairs[i, 1] + 1; k <- pairs[i, 2] + 1
    nwk[k, w] <- nwk[k, w] + 1; ndk[d, k] <- ndk[d, k] + 1; words[d, w] <- words[d, w] + 1
  }
}
# Sums in index order, one double at a time (as the C++ test makes the matrices).
seqsum <- function(x) Reduce(`+`, x, accumulate = FALSE)
nk <- rowSums(nwk)  # integers: exact in any order
Nd <- rowSums(ndk)
phi <- (nwk + beta) / (nk + V * beta)
theta <- (ndk + matrix(alpha, D, K, byrow = TRUE)) / (Nd + seqsum(alpha))

setClass("OracleLDA", representation(beta = "matrix", gamma = "matrix", k = "integer"))
lda <- new("OracleLDA", beta = log(phi), gamma = theta, k = as.integer(K))
nz <- which(words != 0, arr.ind = TRUE)
dtm <- simple_triplet_matrix(nz[, 1], nz[, 2], words[nz], nrow = D, ncol = V)

kept <- which(Nd > 0)
documents <- lapply(kept, function(d) {
  w <- which(words[d, ] > 0)
  rbind(as.integer(w), as.integer(words[d, w]))
})
stmModel <- structure(list(beta = list(logbeta = list(log(phi))), theta = theta[kept, , drop = FALSE],
                           settings = list(dim = list(K = K, V = V),
                                           covariates = list(betaindex = rep(1L, length(kept))))),
                      class = "STM")

out <- file(args[4], "w")
put <- function(name, values) writeLines(paste(name, paste(sprintf("%.17g", values), collapse = " ")), out)
writeLines(paste("# Rscript r_oracle.R on", basename(args[3]), "with", R.version.string), out)
put("CaoJuan2009", CaoJuan2009(list(lda)))
put("Arun2010", Arun2010(list(lda), dtm))
put("Deveaud2014", Deveaud2014(list(lda)))
put("singular_values", svd(exp(log(phi)))$d)
put("semanticCoherence", semanticCoherence(stmModel, documents, M = 10))
put("exclusivity", exclusivity(stmModel, M = 10, frexw = 0.7))
residuals <- checkResiduals(stmModel, documents, tol = 0.01)
put("dispersion", residuals$dispersion)
put("pvalue", residuals$pvalue)
put("df", residuals$df)
# pchisq's upper tail at (x, df) pairs around and far from the mean.
grid <- rbind(c(0.5, 1), c(3, 2.5), c(10, 4), c(150, 120), c(95, 120), c(1e5 + 900, 1e5), c(2e6, 1.99e6),
              c(1.2e6, 1.25e6), c(40, 3), c(7, 7))
for (i in seq_len(nrow(grid)))
  put(sprintf("pchisq %.17g %.17g", grid[i, 1], grid[i, 2]), pchisq(grid[i, 1], df = grid[i, 2], lower.tail = FALSE))
close(out)
