// SPDX-License-Identifier: Apache-2.0
#pragma once
// LDAvis's figures (Sievert & Shirley 2014, "LDAvis: A method for visualizing
// and interpreting topics"), as R's LDAvis::createJSON and Python's
// pyLDAvis.prepare define them, from phi (K x V, each row p(w | k)) and each
// topic's token frequency f_k (their colSums(theta * doc.length)):
//   proportion_k   f_k / sum_j f_j; topics shown in decreasing proportion
//                  (ties: the lower index first, R's order());
//   map            the Jensen-Shannon divergence between topics' rows (natural
//                  logarithms), scaled to two dimensions by classical
//                  (Torgerson) scaling: B = -1/2 J D^2 J, the coordinates the
//                  two largest eigenvectors times the square roots of their
//                  eigenvalues (0 for an eigenvalue that is not positive);
//                  unique up to rotation and reflection;
//   term frequency n_w = sum_k phi_kw f_k (LDAvis recomputes it so: its
//                  issue #32), p_w = n_w / sum n;
//   relevance      lambda log phi_kw + (1 - lambda) log(phi_kw / p_w) (their
//                  eq. 1: lift is phi_kw / p_w), a topic's R most relevant
//                  terms ranked by it, ties by the lower word index;
//   saliency       p_w times distinctiveness_w = sum_k P(k|w) log(P(k|w) /
//                  proportion_k) (Chuang, Manning & Heer 2012, eq. 1 and 2),
//                  with LDAvis's P(k|w) = phi_kw / sum_j phi_jw (the rows are
//                  not weighted by the topics' proportions, as Chuang's Bayes
//                  rule would);
//   memberships    for a term, each topic's round(phi_kw f_k) / n_w where
//                  phi_kw f_k >= 1/2 (LDAvis's token.table): the circles'
//                  areas while the term is hovered.
// phi comes as floor and rises (floor_and_rises.hpp), so that a count model's
// figures cost what its nonzero counts cost, not K x V: the divergences sum
// the words without counts in closed form; distinctiveness and n_w sum each
// word's topics beyond the floors; relevance keeps the words without counts in
// a topic in one order of p_w. Numbers are LDAvis's to rounding (the order of
// additions differs).
//
// Which terms a page needs (relevanceUnion): the slider takes lambda on LDAvis's
// grid, lambda_i = i * step for i = 0 .. G - 1 (G = floor(1/step) + 1), and a
// topic's terms shown at some lambda_i are at most R per grid point, so
//   |union_i top_R(lambda_i)| <= R G   for every topic, whatever V,
// and the page holds at most K R G + R terms (the R salient ones). The union
// over every lambda in [0, 1] has no such bound: each term's relevance is a
// line in lambda, r_w(lambda) = log lift_kw + lambda log p_w, and lines tangent
// to a convex curve each lead on an interval of their own, so all V terms can
// be the first at some lambda (tests/quality/ldavis_test.cpp builds such a
// model). The bound is tight: the same construction fills every grid point with
// a term of its own.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "native/quality/floor_and_rises.hpp"
#include "topiceval/progress.hpp"

namespace topiceval::quality {

// The topics' proportions (f_k / sum f), and LDAvis's order of them: order[i]
// is the topic shown i-th (decreasing proportion, ties by lower index).
std::vector<double> topicProportions(const std::vector<double>& frequency);
std::vector<std::size_t> topicOrder(const std::vector<double>& proportion);

// The K x K row-major matrix of Jensen-Shannon divergences between phi's rows
// (natural logarithms, 0 log 0 = 0): exact to rounding, in
// O(sum over sparse words of d_w^2 + K^2 (distinct rises per topic) + K^2 Vd)
// where d_w is the topics word w rises in and Vd the words rising in most
// topics (computed against every pair directly). The same bits on any number of threads.
std::vector<double> jensenShannonMatrix(const FloorAndRises& phi, int threads, Progress* progress = nullptr);

struct PrincipalCoordinates {
  std::vector<double> x, y;          // per topic
  std::vector<double> eigenvalues;   // the two largest of B
  std::size_t lanczosSteps = 0;      // the eigen-solver's steps (K for the dense solver)
};
// Classical scaling of a K x K symmetric distance matrix to two dimensions
// (R's cmdscale(d, k = 2); a non-positive eigenvalue gives 0 coordinates).
PrincipalCoordinates principalCoordinates(const std::vector<double>& distance, std::size_t topics);

// The words' figures that do not depend on the topic looked at.
struct TermMarginals {
  std::vector<double> frequency;     // n_w = sum_k phi_kw f_k
  std::vector<double> proportion;    // p_w = n_w / sum n
  std::vector<double> saliency;      // p_w distinctiveness_w (NaN where p_w is 0: LDAvis refuses such a word)
  std::vector<int32_t> byProportion;  // the words with p_w > 0, by increasing p_w (ties: lower index)
};
TermMarginals termMarginals(const FloorAndRises& phi, const std::vector<double>& frequency,
                            const std::vector<double>& proportion, int threads);

// The R most salient words, most salient first (ties: lower index).
std::vector<int32_t> mostSalient(const TermMarginals& marginals, std::size_t r);

struct RelevantTerm {
  int32_t word = 0;
  double logProbability = 0.0;  // log phi_kw
  double logLift = 0.0;         // log(phi_kw / p_w)
  double relevance = 0.0;       // at the lambda asked for
};
// Relevance at `lambda`, as every ranking here and the page compute it (the page's script spells the same expression).
inline double relevanceAt(double lambda, double logProbability, double logLift) {
  return lambda * logProbability + (1.0 - lambda) * logLift;
}
// Whether term a ranks before term b: the greater relevance first (a NaN
// last), equal ones by the lower word index (R's order(decreasing = TRUE)).
bool ranksBefore(const RelevantTerm& a, const RelevantTerm& b);

// Topic `topic`'s R most relevant words at `lambda`, over every word with p_w > 0.
std::vector<RelevantTerm> mostRelevant(const FloorAndRises& phi, const TermMarginals& marginals, std::size_t topic,
                                       double lambda, std::size_t r);

// LDAvis's grid of lambda: i * step for i = 0 .. floor(1/step) (R's seq(0, 1, by = step)).
std::vector<double> lambdaGrid(double step);

// Every word among topic `topic`'s R most relevant at some lambda of the grid
// (at most R times the grid's points), by increasing word index, each with
// its log phi and log lift (relevance 0).
std::vector<RelevantTerm> relevanceUnion(const FloorAndRises& phi, const TermMarginals& marginals, std::size_t topic,
                                         const std::vector<double>& grid, std::size_t r);

struct Membership {
  int32_t topic = 0;
  double tokens = 0.0;  // round(phi_kw f_k)
  double share = 0.0;   // tokens / n_w
};
// Word w's topics as LDAvis's token table gives them, by increasing topic.
std::vector<Membership> termMemberships(const FloorAndRises& phi, const std::vector<double>& frequency,
                                        const TermMarginals& marginals, int32_t word);

}  // namespace topiceval::quality
