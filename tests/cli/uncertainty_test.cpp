// SPDX-License-Identifier: Apache-2.0
// What `topiceval evaluate` says about its own uncertainty: the standard
// errors of documents and totals in every output format, the statement of
// what they include, the convergence check's verdicts, and --documents.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "native/commands/commands.hpp"
#include "native/estimators/convergence_check.hpp"
#include "native/model/scoring_model.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/tiny_models.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;
using testing::lines;
using Output = testing::CommandOutput;

Output evaluate(std::vector<std::string> arguments) { return testing::runCommand(evaluateCommand, arguments); }

std::vector<std::string> fields(const std::string& row) {
  std::vector<std::string> parts;
  std::istringstream stream(row);
  for (std::string part; std::getline(stream, part, '\t');) parts.push_back(part);
  return parts;
}

// The document of sgu-k100's held-out set with 1001 scored tokens.
const std::string kLongDocument = "240";

TEST(Uncertainty, TotalsCarryTheDocumentsErrorsInEveryFormat) {
  const std::vector<std::string> common = {"--model",     fixtureFile("stackexchange", "inferencer.mallet"),
                                           "--input",     fixtureFile("stackexchange", "test.mallet"),
                                           "--estimator", "resample-move",
                                           "--particles", "4",
                                           "--runs",      "4",
                                           "--documents", "0-19"};
  // Which documents were combined lognormally, from the JSON's documents.
  std::vector<std::string> json = common;
  json.insert(json.end(), {"--format", "json"});
  const Output object = evaluate(json);
  ASSERT_EQ(object.status, 0) << object.err;
  std::vector<bool> lognormal;
  for (auto at = object.out.find("\"lognormal\":"); at != std::string::npos;
       at = object.out.find("\"lognormal\":", at + 1))
    lognormal.push_back(object.out.compare(at + 12, 4, "true") == 0);
  ASSERT_EQ(lognormal.size(), 20u) << object.out;
  std::vector<double> bounds;
  for (auto at = object.out.find("\"log_mean_bias\":"); at != std::string::npos;
       at = object.out.find("\"log_mean_bias\":", at + 1))
    bounds.push_back(std::stod(object.out.substr(at + 16)));
  ASSERT_EQ(bounds.size(), 21u) << "the summary's and each document's";

  std::vector<std::string> tsv = common;
  tsv.insert(tsv.end(), {"--format", "tsv"});
  const Output table = evaluate(tsv);
  ASSERT_EQ(table.status, 0) << table.err;
  const auto rows = lines(table.out);
  ASSERT_EQ(rows.size(), 21u);
  double variance = 0.0, total = 0.0, bias = 0.0;
  std::size_t lognormalCount = 0;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto row = fields(rows[r]);
    ASSERT_EQ(row.size(), 9u) << rows[r];
    const double error = std::stod(row[5]);
    EXPECT_GT(error, 0.0) << rows[r];
    variance += error * error;
    // A document combined by the log of its runs' mean carries the bound
    // half its squared error; one combined lognormally half the bound of the
    // log of its mean, whose error its own may exceed.
    const double bound = bounds[r];
    if (lognormal[r - 1]) {
      ++lognormalCount;
      EXPECT_GT(bound, 0.0) << rows[r];
      EXPECT_LE(bound, error * error / 4.0 * (1.0 + 1e-9)) << rows[r];
    } else {
      EXPECT_NEAR(bound, error * error / 2.0, 1e-9 * bound) << rows[r];
    }
    bias += bound;
    total += std::stod(row[4]);
    const double effective = std::stod(row[7]);
    EXPECT_GE(effective, 1.0);
    EXPECT_LE(effective, 4.0 + 1e-9);
    EXPECT_EQ(row[8] == "heavy-tailed", effective < 2.0) << rows[r];
  }
  // Both kinds occur at 4 particles on these documents.
  EXPECT_GT(lognormalCount, 0u);
  EXPECT_LT(lognormalCount, 20u);
  // The summary (on standard error with tsv) shows the total with its
  // interval: 1.96 x sqrt(sum of squares) below, and above that plus the
  // log-mean bias bound; then the two parts.
  std::ostringstream expected;
  expected.setf(std::ios::fixed);
  expected.precision(4);
  const double z = 1.959963984540054;
  expected << "log likelihood  " << total << " (-" << z * std::sqrt(variance) << " / +"
           << z * std::sqrt(variance) + bias << ") (se " << std::sqrt(variance) << "; bias bound " << bias << ")";
  EXPECT_NE(table.err.find(expected.str()), std::string::npos) << table.err << "\nexpected " << expected.str();
  EXPECT_NE(table.err.find("widened upward by the log-mean bias bound; the runs of " + std::to_string(lognormalCount) +
                           " of 20 documents are combined lognormally"),
            std::string::npos)
      << table.err;
  EXPECT_NE(table.err.find("the estimator is unbiased for p(w), so the interval covers the truth unless a rare run"),
            std::string::npos)
      << table.err;
  char text[64];
  std::snprintf(text, sizeof text, "by at most %.3g nats in total", bias);
  EXPECT_NE(table.err.find(text), std::string::npos) << table.err << "\nexpected " << text;

  EXPECT_NE(object.out.find("\"unbiased\":true"), std::string::npos);
  EXPECT_NE(object.out.find("\"run_combination\":\"lognormal\""), std::string::npos);
  const auto at = object.out.find("\"log_likelihood_se\":");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NEAR(std::stod(object.out.substr(at + 20)), std::sqrt(variance), 1e-9 * std::sqrt(variance));
  EXPECT_NE(object.out.find("\"per_token_se\":"), std::string::npos);
  // The intervals as [low, high], the same numbers.
  const auto interval = object.out.find("\"log_likelihood_interval\":[");
  ASSERT_NE(interval, std::string::npos) << object.out;
  const std::string ends = object.out.substr(interval + 27);
  EXPECT_NEAR(std::stod(ends), total - z * std::sqrt(variance), 1e-6);
  EXPECT_NEAR(std::stod(ends.substr(ends.find(',') + 1)), total + z * std::sqrt(variance) + bias, 1e-6);
  EXPECT_NE(object.out.find("\"per_token_interval\":["), std::string::npos);
  EXPECT_NE(object.out.find("\"interval_confidence\":0.95"), std::string::npos);
  EXPECT_NE(object.out.find("\"effective_runs\":"), std::string::npos);
}

TEST(Uncertainty, SaysWhatTheErrorLeavesOut) {
  const std::vector<std::string> common = {"--model",     fixtureFile("stackexchange", "inferencer.mallet"),
                                           "--input",     fixtureFile("stackexchange", "test.mallet"),
                                           "--documents", "0-9"};
  std::vector<std::string> biased = common;
  biased.insert(biased.end(), {"--estimator", "left-to-right", "--particles", "5", "--runs", "3"});
  const Output withBias = evaluate(biased);
  ASSERT_EQ(withBias.status, 0) << withBias.err;
  EXPECT_NE(withBias.out.find("it does not include the estimator's bias"), std::string::npos) << withBias.out;
  EXPECT_NE(withBias.out.find("with fewer than 4 runs heavy tails cannot be detected"), std::string::npos);
  std::vector<std::string> once = common;
  once.insert(once.end(), {"--estimator", "resample-move", "--runs", "1"});
  const Output single = evaluate(once);
  ASSERT_EQ(single.status, 0) << single.err;
  EXPECT_NE(single.out.find("unknown: one run gives no standard error"), std::string::npos) << single.out;
  std::vector<std::string> deterministic = common;
  deterministic.insert(deterministic.end(), {"--estimator", "filtering"});
  const Output filtering = evaluate(deterministic);
  EXPECT_NE(filtering.out.find("none from sampling (a deterministic estimator)"), std::string::npos);
}

TEST(ConvergenceCheck, FlagsAnnealingWithTooFewTemperaturesOnALongDocument) {
  const Output output = evaluate({"--model", fixtureFile("sgu-k100", "inferencer.mallet"), "--input",
                                  fixtureFile("sgu-k100", "test.mallet"), "--documents", kLongDocument, "--estimator",
                                  "ais", "--temperatures", "10", "--runs", "4", "--check-convergence",
                                  "--max-doublings", "3", "--format", "tsv"});
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(fields(rows[1])[2], "1001");
  EXPECT_NE(fields(rows[1])[8].find("not-converged"), std::string::npos) << rows[1];
  EXPECT_NE(output.err.find("convergence     not converged at temperatures 80 (the last doubling): 1 of 1 documents"),
            std::string::npos)
      << output.err;
  EXPECT_NE(output.err.find("temperatures 40 -> 80 changed the total by"), std::string::npos);
}

TEST(ConvergenceCheck, PassesAConvergedEstimatorAndReportsEachBudget) {
  const TopicModel model = topiceval::testing::tinyModel(3, 12, 2);
  const DocumentCollection documents = topiceval::testing::tinyDocuments(12, 5, 4, 8, 102);
  const ScoringModel scoring(model, UnseenWords::Skip, documents);
  EvaluationOptions options;
  options.runs = 8;
  ConvergenceOptions convergence;
  convergence.tolerance = 0.5;
  const ConvergenceReport report =
      checkConvergence({"resample-move", {{"particles", "8"}}}, scoring, documents, options, convergence);
  EXPECT_TRUE(report.converged) << report.summary();
  ASSERT_EQ(report.steps.size(), 2u);
  EXPECT_EQ(report.steps[0].budget, 8);
  EXPECT_EQ(report.steps[1].budget, 16);
  EXPECT_EQ(report.estimatorDescription, "resample-move, 16 particles");
  EXPECT_EQ(report.summary().rfind("converged at particles 16: particles 8 -> 16 changed the total by", 0), 0u)
      << report.summary();
  for (const bool flagged : report.notConverged) EXPECT_FALSE(flagged);
  // The same check with a tolerance no estimate can meet stops after the doublings allowed.
  convergence.tolerance = 1e-9;
  convergence.maxDoublings = 2;
  const ConvergenceReport strict =
      checkConvergence({"resample-move", {{"particles", "8"}}}, scoring, documents, options, convergence);
  EXPECT_FALSE(strict.converged);
  EXPECT_EQ(strict.steps.size(), 3u);
  EXPECT_EQ(strict.steps.back().budget, 32);
  EXPECT_EQ(strict.summary().rfind("not converged at particles 32 (the last doubling): 5 of 5 documents", 0), 0u)
      << strict.summary();
}

TEST(ConvergenceCheck, RefusesWhatItCannotCheck) {
  const std::vector<std::string> common = {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                                           fixtureFile("stackexchange", "test.mallet"), "--check-convergence"};
  std::vector<std::string> deterministic = common;
  deterministic.insert(deterministic.end(), {"--estimator", "filtering", "--runs", "4"});
  Output output = evaluate(deterministic);
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err,
            "topiceval evaluate: --check-convergence needs a stochastic estimator; filtering is deterministic, so it "
            "has nothing to converge\n");
  std::vector<std::string> oneRun = common;
  oneRun.insert(oneRun.end(), {"--estimator", "ais", "--runs", "1"});
  output = evaluate(oneRun);
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err,
            "topiceval evaluate: --check-convergence needs --runs 2 or more: it compares changes with their errors\n");
  std::vector<std::string> badTolerance = common;
  badTolerance.insert(badTolerance.end(), {"--runs", "4", "--tolerance", "-1"});
  output = evaluate(badTolerance);
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate: --tolerance must be at least 0, not -1\n");
}

TEST(DocumentCompletion, StatesTheSplitAndTheTokensOfEachHalf) {
  const std::vector<std::string> common = {"--model",     fixtureFile("stackexchange", "inferencer.mallet"),
                                           "--input",     fixtureFile("stackexchange", "test.mallet"),
                                           "--documents", "0-9"};
  std::vector<std::string> completing = common;
  completing.insert(completing.end(), {"--complete-documents", "first-half", "--format", "json"});
  const Output output = evaluate(completing);
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_NE(output.out.find("\"completion\":{\"split\":\"first-half\",\"conditioned_tokens\":"), std::string::npos)
      << output.out;
  std::vector<std::string> wrong = common;
  wrong.insert(wrong.end(), {"--complete-documents", "middle"});
  EXPECT_EQ(evaluate(wrong).err,
            "topiceval evaluate: --complete-documents takes first-half or alternate, not 'middle'\n");
  std::vector<std::string> annealing = common;
  annealing.insert(annealing.end(), {"--complete-documents", "alternate", "--estimator", "harmonic-mean"});
  const Output refused = evaluate(annealing);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.err.rfind("topiceval evaluate: --complete-documents is not available for harmonic mean", 0), 0u)
      << refused.err;
}

TEST(DocumentSelection, EvaluatesExactlyTheDocumentsNamed) {
  const std::vector<std::string> common = {"--model",     fixtureFile("stackexchange", "inferencer.mallet"),
                                           "--input",     fixtureFile("stackexchange", "test.mallet"),
                                           "--estimator", "filtering",
                                           "--format",    "tsv"};
  const Output all = evaluate(common);
  ASSERT_EQ(all.status, 0) << all.err;
  std::vector<std::string> some = common;
  some.insert(some.end(), {"--documents", "7,2-3,3"});
  const Output chosen = evaluate(some);
  ASSERT_EQ(chosen.status, 0) << chosen.err;
  const auto allRows = lines(all.out);
  const auto chosenRows = lines(chosen.out);
  ASSERT_EQ(chosenRows.size(), 4u);  // header, documents 2, 3, 7: ascending, each once
  const std::size_t picked[] = {2, 3, 7};
  for (std::size_t i = 0; i < 3; ++i) {
    auto expected = fields(allRows[picked[i] + 1]);
    auto got = fields(chosenRows[i + 1]);
    EXPECT_EQ(got[0], std::to_string(i));
    EXPECT_EQ(std::vector<std::string>(got.begin() + 1, got.end()),
              std::vector<std::string>(expected.begin() + 1, expected.end()));
  }
  for (const auto& [list, message] : std::vector<std::pair<std::string, std::string>>{
           {"5-2", "--documents takes 0-based indices and ranges such as 0-29,40, not '5-2'"},
           {"1,,2", "--documents takes 0-based indices and ranges such as 0-29,40, not '1,,2'"},
           {"x", "--documents takes 0-based indices and ranges such as 0-29,40, not 'x'"},
           {"999999", "--documents names document 999999, but the input has "}}) {
    std::vector<std::string> bad = common;
    bad.insert(bad.end(), {"--documents", list});
    const Output output = evaluate(bad);
    EXPECT_EQ(output.status, 2) << list;
    EXPECT_EQ(output.err.rfind("topiceval evaluate: " + message, 0), 0u) << output.err;
  }
}

}  // namespace
}  // namespace topiceval::commands
