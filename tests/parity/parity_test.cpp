// One request, the same bits from every door: each case of tests/parity/cases.txt
// through the C++ API (a request filled field by field, as a C++ program would)
// and through the command line. python/tests/test_parity.py and the Java bridge's
// "parity" check hold Python and Java to the command line the same way.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "native/runtime/decimal.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

struct ParityCase {
  std::string name;
  std::vector<std::string> arguments;  // the command line's spelling
};

std::vector<ParityCase> parityCases() {
  std::ifstream in(std::string(TOPICEVAL_PARITY_DIR) + "/cases.txt");
  std::vector<ParityCase> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar = line.find('|');
    ParityCase parity{line.substr(0, line.find_last_not_of(' ', bar - 1) + 1), {}};
    std::istringstream words(line.substr(bar + 1));
    for (std::string word; words >> word;) parity.arguments.push_back(word);
    cases.push_back(parity);
  }
  return cases;
}

// The command line's per-document log likelihoods (the TSV's shortest round-trip digits).
std::vector<double> commandLine(const ParityCase& parity) {
  std::vector<std::string> arguments = {"--model",     testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                        "--input",     testing::fixtureFile("stackexchange", "test.mallet"),
                                        "--documents", "0-19",
                                        "--format",    "tsv",
                                        "--quiet"};
  arguments.insert(arguments.end(), parity.arguments.begin(), parity.arguments.end());
  const testing::CommandOutput output = testing::runCommand(commands::evaluateCommand, arguments);
  EXPECT_EQ(output.status, 0) << parity.name << ": " << output.err;
  std::vector<double> values;
  for (const std::string& row : testing::lines(output.out)) {
    if (row.starts_with("doc\t")) continue;
    std::istringstream fields(row);
    std::string field;
    for (int column = 0; column <= 4; ++column) std::getline(fields, field, '\t');
    double value = 0.0;
    parseDecimal(field.data(), field.data() + field.size(), value);
    values.push_back(value);
  }
  return values;
}

// The command line's headline intervals (JSON's summary.log_likelihood_interval
// and per_token_interval, each [low, high]; null, for no interval, as NaN).
std::vector<double> commandLineIntervals(const ParityCase& parity) {
  std::vector<std::string> arguments = {"--model",     testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                        "--input",     testing::fixtureFile("stackexchange", "test.mallet"),
                                        "--documents", "0-19",
                                        "--format",    "json",
                                        "--quiet"};
  arguments.insert(arguments.end(), parity.arguments.begin(), parity.arguments.end());
  const testing::CommandOutput output = testing::runCommand(commands::evaluateCommand, arguments);
  EXPECT_EQ(output.status, 0) << parity.name << ": " << output.err;
  std::vector<double> ends;
  for (const std::string key : {"\"log_likelihood_interval\":[", "\"per_token_interval\":["}) {
    std::size_t at = output.out.find(key);
    if (at == std::string::npos) {
      ADD_FAILURE() << parity.name << ": no " << key << " in " << output.out;
      return ends;
    }
    at += key.size();
    for (const char close : {',', ']'}) {
      const std::size_t end = output.out.find(close, at);
      const std::string field = output.out.substr(at, end - at);
      double value = std::nan("");
      if (field != "null") parseDecimal(field.data(), field.data() + field.size(), value);
      ends.push_back(value);
      at = end + 1;
    }
  }
  return ends;
}

// The same bits, NaN matching NaN.
bool sameBits(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i])))) return false;
  return true;
}

// The same request filled in as a C++ program would: each document's log
// likelihood, then the ends of the two headline intervals.
std::vector<double> api(const ParityCase& parity, std::vector<double>* intervals = nullptr) {
  const Model model = Model::read(testing::fixtureFile("stackexchange", "inferencer.mallet"));
  const std::vector<std::size_t> first20 = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
  EvaluateRequest request;
  request.model = model;
  request.documents = Documents::read(testing::fixtureFile("stackexchange", "test.mallet"), model).subset(first20);
  for (std::size_t i = 0; i + 1 < parity.arguments.size(); i += 2) {
    const std::string name = parity.arguments[i].substr(2), value = parity.arguments[i + 1];
    if (name == "estimator") {
      request.estimator = value;
    } else if (name == "runs") {
      request.runs = std::stoi(value);
    } else if (name == "seed") {
      request.seed = std::stoull(value);
    } else if (name == "unseen-words") {
      request.unseenWords = choiceFromSpelling<UnseenWords>(value).value();
    } else if (name == "complete-documents") {
      request.completeDocuments = choiceFromSpelling<DocumentSplit>(value).value();
    } else if (name == "target-error") {
      request.targetError = std::stod(value);
    } else if (name == "target-document-error") {
      request.targetDocumentError = std::stod(value);
    } else if (name == "budget-cap") {
      request.budgetCap = std::stoll(value);
    } else if (name == "budget-policy") {
      request.budgetPolicy = choiceFromSpelling<BudgetPolicy>(value).value();
    } else if (name == "max-runs") {
      request.maxRuns = std::stoi(value);
    } else if (name == "particles") {  // the estimator's own settings, typed
      request.settings.particles = std::stoi(value);
    } else if (name == "resampling") {
      request.settings.resampling = value == "true";
    } else if (name == "samples") {
      request.settings.samples = std::stoi(value);
    } else if (name == "temperatures") {
      request.settings.temperatures = std::stoi(value);
    } else if (name == "sweep-sites") {
      request.settings.sweepSites = std::stoll(value);
    } else {
      ADD_FAILURE() << "the parity test does not fill --" << name << " yet";
    }
  }
  const EvaluateResult result = evaluate(request);
  std::vector<double> values;
  for (const DocumentEstimate& document : result.documents) values.push_back(document.logLikelihood);
  if (intervals != nullptr)
    *intervals = {result.logLikelihoodInterval.low, result.logLikelihoodInterval.high, result.perTokenInterval.low,
                  result.perTokenInterval.high};
  return values;
}

TEST(Parity, TheApiAndTheCommandLineGiveTheSameBitsForEveryCase) {
  const std::vector<ParityCase> cases = parityCases();
  ASSERT_GE(cases.size(), 12u);
  for (const ParityCase& parity : cases) {
    const std::vector<double> fromCommandLine = commandLine(parity);
    ASSERT_EQ(fromCommandLine.size(), 20u) << parity.name;
    std::vector<double> intervals;
    EXPECT_EQ(api(parity, &intervals), fromCommandLine) << parity.name;
    const std::vector<double> shown = commandLineIntervals(parity);
    EXPECT_TRUE(sameBits(intervals, shown)) << parity.name << ": " << ::testing::PrintToString(intervals) << " vs "
                                            << ::testing::PrintToString(shown);
  }
}

TEST(Parity, ASettingEqualToAnotherEstimatorsDefaultIsHonoured) {
  // resample-move's own default is 64 particles; 10 (left-to-right's default) must give other numbers.
  const auto cases = parityCases();
  const auto find = [&](const std::string& name) {
    return *std::find_if(cases.begin(), cases.end(), [&](const ParityCase& c) { return c.name == name; });
  };
  ParityCase sixtyFour = find("resample-move-ten-particles");
  sixtyFour.arguments[3] = "64";
  EXPECT_NE(api(find("resample-move-ten-particles")), api(sixtyFour));
}

}  // namespace
}  // namespace topiceval
