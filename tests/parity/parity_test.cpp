// SPDX-License-Identifier: Apache-2.0
// One request, the same bits from every door: each case of tests/parity/cases.txt
// (evaluate's), compare-cases.txt, curve-cases.txt and browse-cases.txt through the C++ API (a
// request filled field by field, as a C++ program would) and through the command
// line. python/tests/test_parity.py and the Java bridge's "parity" check hold
// Python and Java to the command line the same way.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "native/runtime/decimal.hpp"
#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

struct ParityCase {
  std::string name;
  std::vector<std::string> arguments;  // the command line's spelling
};

std::vector<ParityCase> parityCases(const std::string& file = "cases.txt") {
  std::ifstream in(std::string(TOPICEVAL_PARITY_DIR) + "/" + file);
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

// The ends of the JSON's arrays `keys` (each [low, high]; null, for no interval, as NaN).
std::vector<double> jsonIntervals(const std::string& caseName, const std::string& json,
                                  const std::vector<std::string>& keys) {
  std::vector<double> ends;
  for (const std::string& name : keys) {
    const std::string key = "\"" + name + "\":[";
    std::size_t at = json.find(key);
    if (at == std::string::npos) {
      ADD_FAILURE() << caseName << ": no " << key << " in " << json;
      return ends;
    }
    at += key.size();
    for (const char close : {',', ']'}) {
      const std::size_t end = json.find(close, at);
      const std::string field = json.substr(at, end - at);
      double value = std::nan("");
      if (field != "null") parseDecimal(field.data(), field.data() + field.size(), value);
      ends.push_back(value);
      at = end + 1;
    }
  }
  return ends;
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
  return jsonIntervals(parity.name, output.out, {"log_likelihood_interval", "per_token_interval"});
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

// compare's and curve's cases: models and documents fixed per file, as the Java bridge's "parity" check takes them.
const std::vector<std::string>& compareModels() {
  static const std::vector<std::string> models = {testing::fixtureFile("stackexchange", "state.gz"),
                                                  testing::fixtureFile("stackexchange", "inferencer.mallet")};
  return models;
}
const std::vector<std::string>& curveStates() {
  static const std::vector<std::string> states = {testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                                  testing::fixtureFile("stackexchange", "state.gz")};
  return states;
}

// A TSV's column as numbers (the shortest round-trip digits), its header skipped.
std::vector<double> tsvColumn(const std::string& tsv, int column) {
  std::vector<double> values;
  for (const std::string& row : testing::lines(tsv)) {
    if (row.empty() || (row[0] < '0' || row[0] > '9')) continue;
    std::istringstream fields(row);
    std::string field;
    for (int c = 0; c <= column; ++c) std::getline(fields, field, '\t');
    double value = std::nan("");
    if (field != "nan") parseDecimal(field.data(), field.data() + field.size(), value);
    values.push_back(value);
  }
  return values;
}

// The command line's figures of a compare case: each document's log ratio and its error, then the
// summary's total and the ends of its two intervals.
std::vector<double> compareCommandLine(const ParityCase& parity) {
  std::vector<std::string> arguments = {"--model-a", compareModels()[0], "--model-b", compareModels()[1], "--input",
                                        testing::fixtureFile("stackexchange", "test.mallet"), "--quiet"};
  arguments.insert(arguments.end(), parity.arguments.begin(), parity.arguments.end());
  std::vector<std::string> tsv = arguments, json = arguments;
  tsv.insert(tsv.end(), {"--format", "tsv"});
  json.insert(json.end(), {"--format", "json"});
  const testing::CommandOutput table = testing::runCommand(commands::compareCommand, tsv);
  EXPECT_EQ(table.status, 0) << parity.name << ": " << table.err;
  std::vector<double> values = tsvColumn(table.out, 4);
  const std::vector<double> errors = tsvColumn(table.out, 5);
  values.insert(values.end(), errors.begin(), errors.end());
  const testing::CommandOutput summary = testing::runCommand(commands::compareCommand, json);
  EXPECT_EQ(summary.status, 0) << parity.name << ": " << summary.err;
  const std::string key = "\"log_ratio\":";
  const std::size_t at = summary.out.find(key) + key.size();
  const std::string total = summary.out.substr(at, summary.out.find(',', at) - at);
  double value = std::nan("");
  parseDecimal(total.data(), total.data() + total.size(), value);
  values.push_back(value);
  const std::vector<double> ends =
      jsonIntervals(parity.name, summary.out, {"log_ratio_interval", "per_token_ratio_interval"});
  values.insert(values.end(), ends.begin(), ends.end());
  return values;
}

// The same compare request filled in as a C++ program would.
std::vector<double> compareApi(const ParityCase& parity) {
  CompareRequest request;
  request.modelA = compareModels()[0];
  request.modelB = compareModels()[1];
  request.documents = DocumentsSource(testing::fixtureFile("stackexchange", "test.mallet"));
  for (std::size_t i = 0; i + 1 < parity.arguments.size(); i += 2) {
    const std::string name = parity.arguments[i].substr(2), value = parity.arguments[i + 1];
    if (name == "temperatures") {
      request.temperatures = std::stoi(value);
    } else if (name == "burn-in") {
      request.burnIn = std::stoi(value);
    } else if (name == "samples") {
      request.samples = std::stoi(value);
    } else if (name == "seed") {
      request.seed = std::stoull(value);
    } else if (name == "direction") {
      request.direction = choiceFromSpelling<AnnealingDirection>(value).value();
    } else if (name == "path") {
      request.path = choiceFromSpelling<AnnealingPath>(value).value();
    } else if (name == "align-topics") {
      request.alignTopics = value == "true";
    } else if (name == "unseen-words") {
      request.unseenWords = choiceFromSpelling<UnseenWords>(value).value();
    } else {
      ADD_FAILURE() << "the parity test does not fill compare's --" << name << " yet";
    }
  }
  const CompareResult result = compare(request);
  std::vector<double> values;
  for (const ComparedDocument& document : result.ratios) values.push_back(document.logRatio);
  for (const ComparedDocument& document : result.ratios) values.push_back(document.logRatioError);
  values.insert(values.end(), {result.logRatio, result.logRatioInterval.low, result.logRatioInterval.high,
                               result.perTokenRatioInterval.low, result.perTokenRatioInterval.high});
  return values;
}

TEST(Parity, CompareGivesTheSameBitsThroughTheApiAndTheCommandLine) {
  const std::vector<ParityCase> cases = parityCases("compare-cases.txt");
  ASSERT_GE(cases.size(), 5u);
  for (const ParityCase& parity : cases) {
    const std::vector<double> fromCommandLine = compareCommandLine(parity);
    ASSERT_EQ(fromCommandLine.size(), 2 * 200u + 5u) << parity.name;
    const std::vector<double> fromApi = compareApi(parity);
    EXPECT_TRUE(sameBits(fromApi, fromCommandLine)) << parity.name;
  }
}

// The command line's log likelihood of each state of a curve case.
std::vector<double> curveCommandLine(const ParityCase& parity) {
  std::vector<std::string> arguments = {"--states", curveStates()[0], curveStates()[1], "--input",
                                        testing::fixtureFile("stackexchange", "test.mallet"), "--quiet", "--format",
                                        "tsv"};
  arguments.insert(arguments.end(), parity.arguments.begin(), parity.arguments.end());
  const testing::CommandOutput output = testing::runCommand(commands::curveCommand, arguments);
  EXPECT_EQ(output.status, 0) << parity.name << ": " << output.err;
  return tsvColumn(output.out, 2);
}

std::vector<double> curveApi(const ParityCase& parity) {
  CurveRequest request;
  request.models = {ModelSource(curveStates()[0]), ModelSource(curveStates()[1])};
  request.documents = DocumentsSource(testing::fixtureFile("stackexchange", "test.mallet"));
  for (std::size_t i = 0; i + 1 < parity.arguments.size(); i += 2) {
    const std::string name = parity.arguments[i].substr(2), value = parity.arguments[i + 1];
    if (name == "temperatures") {
      request.temperatures = std::stoi(value);
    } else if (name == "seed") {
      request.seed = std::stoull(value);
    } else if (name == "unseen-words") {
      request.unseenWords = choiceFromSpelling<UnseenWords>(value).value();
    } else {
      ADD_FAILURE() << "the parity test does not fill curve's --" << name << " yet";
    }
  }
  return curve(request).totals;
}

TEST(Parity, CurveGivesTheSameBitsThroughTheApiAndTheCommandLine) {
  const std::vector<ParityCase> cases = parityCases("curve-cases.txt");
  ASSERT_GE(cases.size(), 3u);
  for (const ParityCase& parity : cases) {
    const std::vector<double> fromCommandLine = curveCommandLine(parity);
    ASSERT_EQ(fromCommandLine.size(), 2u) << parity.name;
    EXPECT_TRUE(sameBits(curveApi(parity), fromCommandLine)) << parity.name;
  }
}


// browse's cases: the state and the inferencer of one run; "@FILE" names that fixture's FILE.
std::vector<std::string> browseArguments(const ParityCase& parity) {
  std::vector<std::string> arguments;
  for (const std::string& word : parity.arguments)
    arguments.push_back(word.starts_with("@") ? testing::fixtureFile("stackexchange", word.substr(1)) : word);
  return arguments;
}

class BrowseParity : public testing::ScratchDirectory {
 protected:
  BrowseParity() : ScratchDirectory("browse-parity") {}

  // The page data the command line writes (--json).
  std::string commandLine(const ParityCase& parity) {
    std::vector<std::string> arguments = {testing::fixtureFile("stackexchange", "state.gz"),
                                          testing::fixtureFile("stackexchange", "inferencer.mallet"),
                                          "--output", path("page.html"), "--json", path("page.json"), "--quiet"};
    for (const std::string& word : browseArguments(parity)) arguments.push_back(word);
    const testing::CommandOutput output = testing::runCommand(commands::browseCommand, arguments);
    EXPECT_EQ(output.status, 0) << parity.name << ": " << output.err;
    return testing::readText(path("page.json"));
  }

  // The same request filled in as a C++ program would.
  static std::string api(const ParityCase& parity) {
    BrowseRequest request;
    request.models = {ModelSource(testing::fixtureFile("stackexchange", "state.gz")),
                      ModelSource(testing::fixtureFile("stackexchange", "inferencer.mallet"))};
    const std::vector<std::string> arguments = browseArguments(parity);
    for (std::size_t i = 0; i + 1 < arguments.size(); i += 2) {
      const std::string name = arguments[i].substr(2), value = arguments[i + 1];
      if (name == "terms") {
        request.terms = std::stoi(value);
      } else if (name == "lambda-step") {
        request.lambdaStep = std::stod(value);
      } else if (name == "initial-lambda") {
        request.lambda = std::stod(value);
      } else if (name == "typical-documents") {
        request.documents = std::stoi(value);
      } else if (name == "texts") {
        request.texts = DocumentsSource(value);
      } else if (name == "held-out") {
        request.heldOut = DocumentsSource(value);
      } else if (name == "measure") {
        request.measures.clear();
        std::istringstream names(value);
        for (std::string measure; std::getline(names, measure, ',');) request.measures.push_back(measure);
      } else if (name == "bootstrap") {
        request.bootstrap = std::stoi(value);
      } else if (name == "top-words") {
        request.topWords = std::stoi(value);
      } else if (name == "seed") {
        request.seed = std::stoll(value);
      } else if (name == "estimator") {
        request.estimator = value;
      } else if (name == "stability-words") {
        request.stabilityWords = std::stoi(value);
      } else {
        ADD_FAILURE() << "the parity test does not fill browse's --" << name << " yet";
      }
    }
    std::ostringstream json;
    writeBrowseJson(json, browse(request));
    return json.str();
  }
};

TEST_F(BrowseParity, TheApiAndTheCommandLineWriteTheSamePageData) {
  const std::vector<ParityCase> cases = parityCases("browse-cases.txt");
  ASSERT_GE(cases.size(), 4u);
  for (const ParityCase& parity : cases) {
    const std::string fromCommandLine = commandLine(parity);
    ASSERT_NE(fromCommandLine.find("\"topic_terms\""), std::string::npos) << parity.name;
    EXPECT_EQ(api(parity), fromCommandLine) << parity.name;
  }
}

}  // namespace
}  // namespace topiceval
