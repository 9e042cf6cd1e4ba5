// SPDX-License-Identifier: Apache-2.0
// `topiceval select`: models of different numbers of topics ranked on the same
// held-out tokens, with paired differences, in every format and the report.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "support/sanitizer.hpp"
#include "native/commands/commands.hpp"
#include "support/chromium.hpp"
#include "support/command_output.hpp"
#include "support/gzip.hpp"
#include "support/run_command.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/select.hpp"
#include "support/fixtures.hpp"

namespace topiceval::commands {
namespace {

using testing::lines;
using Output = testing::CommandOutput;

Output select(const std::vector<std::string>& arguments) { return testing::runCommand(selectCommand, arguments); }

// select's TSV has this many columns.
constexpr std::size_t kTsvColumns = 47;

// One TSV row's fields.
std::vector<std::string> tsvFields(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream row(line);
  for (std::string field; std::getline(row, field, '\t');) fields.push_back(field);
  return fields;
}

// The data rows of select's TSV (after its header), each checked to hold every column.
std::vector<std::vector<std::string>> tsvTable(const std::vector<std::string>& rows) {
  std::vector<std::vector<std::string>> table;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    table.push_back(tsvFields(rows[r]));
    EXPECT_EQ(table.back().size(), kTsvColumns) << rows[r];
  }
  return table;
}

// The same rows by their model file's name.
std::map<std::string, std::vector<std::string>> tsvByModel(const std::vector<std::string>& rows) {
  std::map<std::string, std::vector<std::string>> byModel;
  for (auto& fields : tsvTable(rows))
    if (fields.size() > 1) byModel[std::filesystem::path(fields[1]).filename().string()] = fields;
  return byModel;
}

// Thirty words in three clusters of ten; every document draws from one cluster.
std::string word(int w) { return "w" + std::to_string(w); }

class SelectCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    // One directory per test: ctest runs the tests of this file side by side.
    directory_ =
        std::filesystem::temp_directory_path() /
        ("topiceval-select-test-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(directory_);
    std::filesystem::create_directories(directory_ / "runs");
    std::mt19937 random(7);
    std::vector<std::vector<int>> training(60);
    for (std::size_t d = 0; d < training.size(); ++d) {
      for (int n = 0; n < 20; ++n)
        training[d].push_back(static_cast<int>(d % 3) * 10 + static_cast<int>(random() % 10));
    }
    // K = 3 with the clusters as topics; K = 1; K = 6 with topics drawn at random.
    writeState(
        "k3.gz", 3, training, [](int w, std::mt19937&) { return w / 10; }, random);
    writeState(
        "k1.gz", 1, training, [](int, std::mt19937&) { return 0; }, random);
    writeState(
        "k6.gz", 6, training, [](int, std::mt19937& r) { return static_cast<int>(r() % 6); }, random);
    std::ofstream trainingText(directory_ / "train.txt");
    for (const auto& document : training) {
      for (std::size_t n = 0; n < document.size(); ++n) trainingText << (n ? " " : "") << word(document[n]);
      trainingText << "\n";
    }
    std::ofstream heldOut(directory_ / "test.txt");
    for (int d = 0; d < 12; ++d) {
      for (int n = 0; n < 15; ++n) heldOut << (n ? " " : "") << word((d % 3) * 10 + static_cast<int>(random() % 10));
      heldOut << "\n";
    }
    // seeds/: the runs again, with K = 3 retrained as its clusters in another topic order (the same topics) and
    // K = 6 twice more at random.
    std::filesystem::create_directories(directory_ / "seeds");
    for (const char* name : {"k1.gz", "k3.gz", "k6.gz"})
      std::filesystem::copy_file(directory_ / "runs" / name, directory_ / "seeds" / name);
    writeState(
        "k3b.gz", 3, training, [](int w, std::mt19937&) { return (w / 10 + 1) % 3; }, random, "seeds");
    for (const char* name : {"k6b.gz", "k6c.gz"})
      writeState(
          name, 6, training, [](int, std::mt19937& r) { return static_cast<int>(r() % 6); }, random, "seeds");
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  template <class Topic>
  void writeState(const std::string& name, int topics, const std::vector<std::vector<int>>& documents, Topic topic,
                  std::mt19937& random, const std::string& folder = "runs") {
    std::ostringstream text;
    text << "#doc source pos typeindex type topic\n#alpha :";
    for (int k = 0; k < topics; ++k) text << " " << 0.5;
    text << " \n#beta : 0.01\n";
    // Type indices in order of first appearance, as MALLET's alphabet grows.
    std::vector<int> index(30, -1);
    int next = 0;
    for (std::size_t d = 0; d < documents.size(); ++d) {
      for (std::size_t n = 0; n < documents[d].size(); ++n) {
        const int w = documents[d][n];
        if (index[static_cast<std::size_t>(w)] < 0) index[static_cast<std::size_t>(w)] = next++;
        text << d << " NA " << n << " " << index[static_cast<std::size_t>(w)] << " " << word(w) << " "
             << topic(w, random) << "\n";
      }
    }
    const auto bytes = testing::gzip(text.str());
    std::ofstream(directory_ / folder / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }

  std::string path(const std::string& name) const { return (directory_ / name).string(); }
  std::vector<std::string> models() const { return {path("runs/k1.gz"), path("runs/k3.gz"), path("runs/k6.gz")}; }
  std::filesystem::path directory_;
};

TEST_F(SelectCommand, RanksTheModelThatFitsFirstWithPairedDifferences) {
  std::vector<std::string> arguments = {"--input", path("test.txt"), "--format", "tsv"};
  for (const std::string& model : models()) arguments.push_back(model);
  const Output output = select(arguments);
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0],
            "rank\tmodel\ttopics\ttokens\town_skipped\ttotal\ttotal_se\tper_token\tper_token_se\tperplexity\t"
            "difference_to_best\tdifference_se\tverdict\tcoherence_measure\tcoherence\tcoherence_se\texclusivity\t"
            "frex\tdiversity\ttotal_low\ttotal_high\tper_token_low\tper_token_high\tlog_mean_bias\tdifference_low\t"
            "difference_high\tCaoJuan2009\tArun2010\tDeveaud2014\tstm_semantic_coherence\tstm_semantic_coherence_se\t"
            "stm_exclusivity\tstm_exclusivity_se\tstm_residual_dispersion\tseed_runs\tagreement\tagreement_sd\t"
            "agreement_min\tagreement_max\tagreement_pairs\tmodel_agreement\tper_token_seed_spread\tnext_topics\t"
            "difference_to_next\tdifference_to_next_se\texceeds_retraining\tinterval_unsupported");
  const std::vector<std::vector<std::string>> table = tsvTable(rows);
  // (ldatuning's and stm's figures are columns 26 to 33, after the intervals.)
  // stm's exclusivity from the model's phi is the mean of the FREX column's (one definition, two paths), with a
  // bootstrap error; the states hold their training documents, so every figure of a K > 1 model is a number.
  for (const auto& row : table) {
    EXPECT_NEAR(std::stod(row[31]), std::stod(row[17]), 1e-12 * std::fabs(std::stod(row[17])));
    if (row[2] == "1") continue;
    for (std::size_t column = 26; column < 34; ++column) EXPECT_TRUE(std::isfinite(std::stod(row[column]))) << column;
    // Not negative; 0 for the K = 3 model, whose topics are equally exclusive (a sum-of-squares formula
    // made rounding noise of it; quality::sampleStandardDeviation keeps it 0).
    EXPECT_GE(std::stod(row[32]), 0.0);
    if (row[2] == "3") {
      EXPECT_EQ(std::stod(row[32]), 0.0);
    }
  }
  EXPECT_EQ(table[0][2], "3");
  EXPECT_EQ(table[0][12], "best");
  EXPECT_EQ(std::stod(table[0][10]), 0.0);
  for (std::size_t r = 0; r < 3; ++r) {
    EXPECT_EQ(table[r][3], "180") << "every model scores all 12 x 15 tokens";
    // A total error from 4 runs (a one-topic model's likelihood has no randomness).
    if (table[r][2] != "1") {
      EXPECT_GT(std::stod(table[r][6]), 0.0) << rows[r + 1];
    }
  }
  // The others are worse: the difference's interval (1.96 paired errors each
  // side, down by this model's log-mean bias bound, up by the best's) lies
  // above 0; the difference is the difference of the totals.
  for (std::size_t r = 1; r < 3; ++r) {
    EXPECT_EQ(table[r][12], "worse") << rows[r + 1];
    const double difference = std::stod(table[r][10]), error = std::stod(table[r][11]);
    EXPECT_NEAR(difference, std::stod(table[0][5]) - std::stod(table[r][5]), 1e-6);
    EXPECT_NEAR(std::stod(table[r][24]), difference - 1.959963984540054 * error - std::stod(table[r][23]), 1e-6);
    EXPECT_GT(std::stod(table[r][24]), 0.0);
    EXPECT_NEAR(std::stod(table[r][25]), difference + 1.959963984540054 * error + std::stod(table[0][23]), 1e-6);
    EXPECT_EQ(table[r][46], "-") << "its runs support its interval";
  }
  // Each total's interval: 1.96 errors below, and above by the bias bound too.
  for (std::size_t r = 0; r < 3; ++r) {
    const double total = std::stod(table[r][5]), error = std::stod(table[r][6]), bias = std::stod(table[r][23]);
    EXPECT_NEAR(std::stod(table[r][19]), total - 1.959963984540054 * error, 1e-6) << rows[r + 1];
    EXPECT_NEAR(std::stod(table[r][20]), total + 1.959963984540054 * error + bias, 1e-6) << rows[r + 1];
    // Resample-move's runs combine lognormally where they agree within a
    // nat, which adds no bound; the one-topic model's likelihood is exact.
    EXPECT_GE(bias, 0.0) << rows[r + 1];
    if (table[r][2] == "1") EXPECT_EQ(bias, 0.0) << rows[r + 1];
  }
  // Topic quality beside it: the cluster topics (K = 3) are more coherent and
  // more exclusive than six topics drawn at random.
  std::map<std::string, std::vector<std::string>> byK;
  for (const auto& fields : table) byK[fields[2]] = fields;
  EXPECT_EQ(byK["3"][13], "c_npmi");
  EXPECT_GT(std::stod(byK["3"][14]), std::stod(byK["6"][14]) + 2 * std::stod(byK["6"][15]));
  EXPECT_GT(std::stod(byK["3"][15]), 0.0);
  EXPECT_GT(std::stod(byK["3"][16]), std::stod(byK["6"][16]));
  EXPECT_EQ(std::stod(byK["3"][18]), 1.0);  // three clusters of ten distinct words
}

TEST_F(SelectCommand, EveryFormatGivesTheDifferenceToTheBestWithOneSign) {
  std::vector<std::string> arguments = {"--input", path("test.txt"), "--coherence", "none", "--estimator", "filtering"};
  for (const std::string& model : models()) arguments.push_back(model);
  const Output text = select(arguments);
  arguments.insert(arguments.end(), {"--format", "tsv"});
  const Output tsv = select(arguments);
  ASSERT_EQ(text.status, 0) << text.err;
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  // Rank by rank: the TSV's difference_to_best (the best's total minus this
  // one's, positive) is the number the table's "difference to best" column shows.
  const auto rows = lines(tsv.out);
  const auto table = lines(text.out);
  for (std::size_t r = 2; r < rows.size(); ++r) {
    const std::vector<std::string> fields = tsvFields(rows[r]);
    const double difference = std::stod(fields[10]);
    EXPECT_GT(difference, 0.0) << rows[r];
    const auto line = std::find_if(table.begin(), table.end(), [&](const std::string& l) {
      return l.starts_with(std::to_string(r) + " ") && l.find(fields[1]) != std::string::npos;
    });
    ASSERT_NE(line, table.end()) << text.out;
    char shown[32];
    std::snprintf(shown, sizeof shown, "%.2f (-", difference);
    EXPECT_NE(line->find(std::string("  ") + shown), std::string::npos) << *line << " vs " << rows[r];
  }
}

TEST_F(SelectCommand, SaysWhenTheBestIsTheLargestNumberOfTopicsTried) {
  const Output text = select({"--input", path("test.txt"), path("runs/k1.gz"), path("runs/k3.gz")});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("The best held-out likelihood is at the largest number of topics tried (3): try larger ones "
                          "too."),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("topic quality   c_npmi coherence of the top 10 words (windows of 10) on "), std::string::npos)
      << text.out;
  const Output none = select({"--input", path("test.txt"), path("runs/k1.gz"), path("runs/k3.gz"), "--coherence",
                              "none", "--format", "json"});
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(none.out.find("\"quality\""), std::string::npos);
}

TEST_F(SelectCommand, JsonListsModelsBestFirstAndTheReportPlotsThemByK) {
  std::vector<std::string> arguments = {"--input",  path("test.txt"),    "--format",  "json",
                                        "--report", path("select.html"), path("runs")};  // a directory of runs
  const Output output = select(arguments);
  ASSERT_EQ(output.status, 0) << output.err;
  for (const std::string field : {"\"models\":[", "\"topics\":3", "\"total_se\":", "\"per_token_se\":",
                                  "\"difference_to_best\":0", "\"difference_se\":", "\"verdict\":\"best\""})
    EXPECT_NE(output.out.find(field), std::string::npos) << field << " in " << output.out;
  EXPECT_LT(output.out.find("k3.gz"), output.out.find("k1.gz"));
  std::ifstream report(path("select.html"));
  const std::string page((std::istreambuf_iterator<char>(report)), std::istreambuf_iterator<char>());
  for (const std::string part : {"<svg id=\"by-k\"", "class=\"band\"", "<svg id=\"difference\"",
                                 "class=\"errorbar\"", "<svg id=\"coherence\"", "<svg id=\"exclusivity\"",
                                 "<svg id=\"pair\"", "<table class=\"topics\">", "<th>top words</th>",
                                 "\"quality\":{"})
    EXPECT_NE((page + output.out).find(part), std::string::npos) << part;
  // Ticks read as plain numbers (3000, not 3e+03).
  for (std::size_t at = page.find("class=\"tick\""); at != std::string::npos; at = page.find("class=\"tick\"", at + 1)) {
    const std::size_t text = page.find('>', at) + 1;
    const std::string tick = page.substr(text, page.find('<', text) - text);
    EXPECT_EQ(tick.find_first_not_of("-0123456789."), std::string::npos) << tick;
  }
}

// Several models of one K are runs with other seeds: text, TSV and JSON give their agreement and spread.
TEST_F(SelectCommand, GroupsSeedsOfOneKWithTheirAgreementInEveryFormat) {
  const Output tsv = select({"--input", path("test.txt"), "--format", "tsv", "--coherence", "none", path("seeds")});
  ASSERT_EQ(tsv.status, 0) << tsv.err;
  auto byModel = tsvByModel(lines(tsv.out));
  // K = 3's runs hold the same topics in another order: they agree fully, topic by topic (one pair: no sd).
  for (const char* name : {"k3.gz", "k3b.gz"}) {
    const auto& row = byModel[name];
    EXPECT_EQ(row[34], "2");
    EXPECT_EQ(row[35], "1");
    EXPECT_EQ(row[36], "nan");
    EXPECT_EQ(row[39], "1");
    EXPECT_EQ(row[40], "1");
    EXPECT_EQ(row[42], "6");
    EXPECT_TRUE(row[45] == "true" || row[45] == "false");
  }
  // K = 6's three random runs agree less, over three pairs; the last K has no next.
  const auto& k6 = byModel["k6.gz"];
  EXPECT_EQ(k6[34], "3");
  EXPECT_EQ(k6[39], "3");
  EXPECT_LT(std::stod(k6[35]), 1.0);
  EXPECT_GT(std::stod(k6[35]), 0.0);
  EXPECT_LE(std::stod(k6[37]), std::stod(k6[35]));
  EXPECT_GE(std::stod(k6[38]), std::stod(k6[35]));
  EXPECT_GT(std::stod(k6[41]), 0.0) << "retraining moves the likelihood";
  EXPECT_EQ(k6[42], "0");
  EXPECT_EQ(k6[45], "-");
  EXPECT_EQ(byModel["k1.gz"][34], "1") << "K = 1 was given once";
  EXPECT_EQ(byModel["k1.gz"][35], "nan");
  // The K = 3 row's spread is the standard deviation of its runs' per-token figures (column 7).
  const double a = std::stod(byModel["k3.gz"][7]), b = std::stod(byModel["k3b.gz"][7]);
  EXPECT_NEAR(std::stod(byModel["k3.gz"][41]), std::fabs(a - b) / std::sqrt(2.0), 1e-9 * std::fabs(a));

  const Output json = select({"--input", path("test.txt"), "--format", "json", "--coherence", "none",
                              "--stability-words", "5", path("seeds")});
  ASSERT_EQ(json.status, 0) << json.err;
  for (const std::string field : {"\"stability_words\":5", "\"seed_groups\":[{\"topics\":3,\"runs\":[",
                                  "\"pairs\":[{\"a\":0,\"b\":1,\"agreement\":1}]", "\"topic_agreement\":[[1,1,1],[1,1,1]]",
                                  "\"next_topics\":6", "{\"topics\":6,", "\"exceeds_retraining\":"})
    EXPECT_NE(json.out.find(field), std::string::npos) << field << " in " << json.out;

  const Output text = select({"--input", path("test.txt"), "--coherence", "none", path("seeds")});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("stability across seeds (models given with the same number of topics; top 10 words)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("\n3       2     1.0000 (sd -, 1.0000-1.0000, 1 pair)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("K 6: "), std::string::npos);
  // ldatuning's and stm's figures in the plain text too.
  EXPECT_NE(text.out.find("CaoJuan2009 (lower)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("stm_exclusivity (higher)"), std::string::npos);
}

// What a person choosing K looks at, rendered as a browser renders it: the
// likelihood's band, the paired differences, coherence and exclusivity against
// K, the stability of several seeds of one K, and each model's topics; no axis
// label crosses a tick label.
TEST_F(SelectCommand, TheReportRendersInHeadlessChromium) {
  const Output output = select({"--input", path("test.txt"), "--report", path("select.html"), "--quiet",
                                path("seeds")});
  ASSERT_EQ(output.status, 0) << output.err;
  const std::string page = testing::readText(path("select.html"));
  // The y axis label (rotated, centred at x = 14, 13 px type) ends left of the
  // widest tick label, which ends 6 px left of the axis.
  for (std::size_t at = page.find("<svg id="); at != std::string::npos; at = page.find("<svg id=", at + 1)) {
    const std::size_t axis = page.find("class=\"axis\" x1=\"", page.find("class=\"axis\"", at) + 1);
    const double left = std::stod(page.substr(axis + 17));
    std::size_t widest = 0;
    const std::size_t end = page.find("</svg>", at);
    for (std::size_t tick = page.find("text-anchor=\"end\">", at); tick < end;
         tick = page.find("text-anchor=\"end\">", tick + 1)) {
      const std::size_t text = tick + 19;
      widest = std::max(widest, page.find('<', text) - text);
    }
    EXPECT_GT(left - 6 - 7.0 * static_cast<double>(widest), 14 + 8) << page.substr(at, 40);
  }
  const std::string browser = testing::chromium();
  if (browser.empty()) GTEST_SKIP() << "chromium is not installed (scripts/install-dependencies.sh installs it)";
  const testing::Rendered rendered = testing::render(browser, path("select.html"), directory_, 3000);
  ASSERT_TRUE(rendered.ok);
  for (const std::string part : {"<svg id=\"by-k\"", "<polygon class=\"band\"", "<svg id=\"difference\"",
                                 "<svg id=\"coherence\"", "<svg id=\"exclusivity\"", "<table class=\"topics\">",
                                 "<svg id=\"figure-CaoJuan2009\"", "<svg id=\"figure-Arun2010\"", "<svg id=\"stability\"",
                                 "<svg id=\"figure-Deveaud2014\"", "<svg id=\"figure-stm_semantic_coherence\"",
                                 "<svg id=\"figure-stm_exclusivity\"", "<svg id=\"figure-stm_residual_dispersion\""})
    EXPECT_NE(rendered.dom.find(part), std::string::npos) << part;
  // Each figure under its own package's name: stm's residual dispersion (one number per model) is stm's, unscaled.
  EXPECT_NE(rendered.dom.find("stm's residual_dispersion against the number of topics"), std::string::npos);
  EXPECT_NE(rendered.dom.find("ldatuning's Arun2010, rescaled"), std::string::npos);
  EXPECT_EQ(rendered.dom.find("ldatuning's stm_"), std::string::npos);
  EXPECT_GT(std::filesystem::file_size(rendered.screenshot), 30000u);
}

TEST_F(SelectCommand, ExplainsMistakesBeforeAnyWork) {
  Output output = select({"--input", path("test.txt")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval select: --model is required\n");
  output = select({path("runs/k1.gz")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval select: --input is required\n");
  output = select({"--input", path("test.txt"), "--report", path("missing/r.html"), path("runs/k1.gz")});
  EXPECT_EQ(output.status, 1);
  EXPECT_NE(output.err.find("missing/r.html"), std::string::npos) << output.err;
  output = select({"--input", path("test.txt"), "--num-particles", "0", path("runs/k1.gz")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval select: --particles must be at least 1\n") << "MALLET's spelling is an alias";
}

TEST_F(SelectCommand, RanksLdaAndLogisticNormalModelsInOneTable) {
  // A correlated model trained on the same documents (as text) ranks beside
  // the LDA states: each family by its own unbiased estimator, on the same tokens.
  const Output trained = testing::runCommand(trainCtmCommand, {"--input", path("train.txt"), "--num-topics", "3",
                                                               "--output", path("ctm.txt"), "--threads", "1"});
  ASSERT_EQ(trained.status, 0) << trained.err;
  EXPECT_NE(trained.out.find("converged after"), std::string::npos) << trained.out;
  EXPECT_NE(trained.out.find("iteration 1  objective "), std::string::npos) << trained.out;
  const Output output =
      select({"--input", path("test.txt"), "--format", "tsv", path("runs/k1.gz"), path("runs/k3.gz"), path("ctm.txt")});
  ASSERT_EQ(output.status, 0) << output.err;
  const auto rows = lines(output.out);
  ASSERT_EQ(rows.size(), 4u);
  auto byModel = tsvByModel(rows);
  ASSERT_EQ(byModel.count("ctm.txt"), 1u);
  // A correlated model has its phi but no training documents: CaoJuan2009 without Arun2010.
  EXPECT_TRUE(std::isfinite(std::stod(byModel["ctm.txt"][26])));
  EXPECT_EQ(byModel["ctm.txt"][27], "nan");
  EXPECT_EQ(byModel["ctm.txt"][2], "3");
  EXPECT_EQ(byModel["ctm.txt"][3], "180") << "the same 12 x 15 tokens as the LDA models";
  EXPECT_GT(std::stod(byModel["ctm.txt"][6]), 0.0) << "a stochastic estimate has an error";
  // Three topics that match the clusters beat one topic, in either family.
  EXPECT_GT(std::stod(byModel["ctm.txt"][5]), std::stod(byModel["k1.gz"][5]) + 20.0);
  EXPECT_EQ(byModel["k1.gz"][12], "worse");
  // Settings go to the models whose estimator declares them (--samples to
  // posterior-importance here); a directory holds train-ctm models too.
  std::filesystem::copy_file(path("ctm.txt"), path("runs/ctm.txt"));
  const Output mixed = select({"--input", path("test.txt"), "--samples", "50", "--format", "tsv", path("runs")});
  ASSERT_EQ(mixed.status, 0) << mixed.err;
  EXPECT_EQ(lines(mixed.out).size(), 5u) << mixed.out;
  EXPECT_NE(mixed.out.find("runs/ctm.txt"), std::string::npos) << mixed.out;
  const Output unused = select({"--input", path("test.txt"), "--particles", "5", path("ctm.txt")});
  EXPECT_EQ(unused.status, 2);
  EXPECT_EQ(unused.err,
            "topiceval select: --particles does not apply to posterior-importance, the estimators of these models\n");
  const Output text = select({"--input", path("test.txt"), path("runs/k3.gz"), path("ctm.txt")});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("LDA models: "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("logistic-normal models: importance sampling from the Taylor"), std::string::npos)
      << text.out;
}

TEST_F(SelectCommand, EvaluateShowsALogisticNormalModelsBoundAndRefusesWhatDoesNotApply) {
  ASSERT_EQ(testing::runCommand(trainCtmCommand, {"--input", path("train.txt"), "--num-topics", "3", "--output",
                                                  path("ctm.txt"), "--quiet"})
                .status,
            0);
  Output output = testing::runCommand(evaluateCommand, {"--model", path("ctm.txt"), "--input", path("test.txt")});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_NE(output.out.find("logistic-normal topic model (topiceval train-ctm), 3 topics, 30 types"), std::string::npos)
      << output.out;
  EXPECT_NE(output.out.find("bound           -"), std::string::npos) << output.out;
  EXPECT_NE(output.out.find("unseen words    skip: 0 tokens"), std::string::npos) << output.out;
  output =
      testing::runCommand(evaluateCommand, {"--model", path("ctm.txt"), "--input", path("test.txt"), "--samples", "0"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval evaluate: --samples must be at least 1\n") << "checked as posterior-importance's";
  output = testing::runCommand(evaluateCommand,
                               {"--model", path("ctm.txt"), "--input", path("test.txt"), "--format", "json"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_NE(output.out.find("\"variational_bound\":-"), std::string::npos) << output.out;
  EXPECT_NE(output.out.find("\"name\":\"posterior-importance\""), std::string::npos) << output.out;
  output = testing::runCommand(evaluateCommand,
                               {"--model", path("ctm.txt"), "--input", path("test.txt"), "--unseen-words", "smooth"});
  EXPECT_EQ(output.status, 2);
  EXPECT_NE(output.err.find("--unseen-words applies to LDA models"), std::string::npos) << output.err;
  output = testing::runCommand(
      evaluateCommand, {"--model", path("ctm.txt"), "--input", path("test.txt"), "--estimator", "left-to-right"});
  EXPECT_EQ(output.status, 2);
  EXPECT_NE(output.err.find("left-to-right scores LDA models only"), std::string::npos) << output.err;
  output = testing::runCommand(evaluateCommand, {"--model", path("runs/k3.gz"), "--input", path("test.txt"),
                                                 "--estimator", "posterior-importance"});
  EXPECT_EQ(output.status, 2);
  EXPECT_NE(output.err.find("posterior-importance scores logistic-normal models (train-ctm, ctm-c) only"),
            std::string::npos)
      << output.err;
  output = testing::runCommand(
      compareCommand, {"--model-a", path("ctm.txt"), "--model-b", path("runs/k3.gz"), "--input", path("test.txt")});
  EXPECT_EQ(output.status, 1);
  EXPECT_NE(
      output.err.find("ctm.txt: is a logistic-normal topic model (topiceval train-ctm): compare and curve anneal between "
                      "LDA models with counts"),
      std::string::npos)
      << output.err;
}

TEST_F(SelectCommand, TrainCtmExplainsMistakesAndNeverOverwritesItsInput) {
  ASSERT_EQ(testing::runCommand(trainCtmCommand, {"--input", path("train.txt"), "--num-topics", "2", "--output",
                                                  path("ctm.txt"), "--quiet"})
                .status,
            0);
  Output output = testing::runCommand(trainCtmCommand,
                                      {"--input", path("train.txt"), "--num-topics", "1", "--output", path("m.txt")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval train-ctm: --num-topics must be at least 2\n");
  output = testing::runCommand(trainCtmCommand, {"--input", path("train.txt"), "--num-topics", "3"});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval train-ctm: --output is required\n");
  output = testing::runCommand(trainCtmCommand, {"--input", path("train.txt"), "--num-topics", "3", "--e-step",
                                                 "laplace", "--output", path("m.txt")});
  EXPECT_EQ(output.status, 2);
  EXPECT_EQ(output.err, "topiceval train-ctm: --e-step takes taylor or blei-lafferty, not 'laplace'\n");
  output = testing::runCommand(trainCtmCommand,
                               {"--input", path("ctm.txt"), "--num-topics", "3", "--output", path("m.txt")});
  EXPECT_EQ(output.status, 1);
  EXPECT_NE(output.err.find("ctm.txt: is a logistic-normal model, not documents to train on"), std::string::npos)
      << output.err;
  const std::string before = [&] {
    std::ifstream in(path("train.txt"));
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }();
  output = testing::runCommand(trainCtmCommand,
                               {"--input", path("train.txt"), "--num-topics", "3", "--output", path("train.txt")});
  EXPECT_EQ(output.status, 1) << output.err;
  std::ifstream in(path("train.txt"));
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()), before);
}

}  // namespace
}  // namespace topiceval::commands

// select keeps one model in memory at a time: the peak grows by less than a
// model's worth from 2 models to 12 (it held them all, 5 MB each here).
TEST(SelectMemory, PeakMemoryDoesNotGrowWithTheNumberOfModels) {
#if defined(TOPICEVAL_ADDRESS_SANITIZER)
  GTEST_SKIP() << "AddressSanitizer's quarantine keeps freed memory";
#endif
  const std::string set = topiceval::testing::fixtureDir("debian-k100") + "/";
  const auto peakKilobytes = [&](int models) {
    std::string command = "/usr/bin/time -f %M " + std::string(TOPICEVAL_BINARY) + " select --input " + set +
                          "test.mallet --estimator left-to-right --particles 1 --runs 1 --documents 0-9 --quiet "
                          "--threads 1 --coherence none";
    for (int m = 0; m < models; ++m) command += " " + set + "inferencer.mallet";
    command += " 2>&1 >/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    long kilobytes = 0;
    if (pipe == nullptr || std::fscanf(pipe, "%ld", &kilobytes) != 1) kilobytes = -1;
    if (pipe != nullptr) ::pclose(pipe);
    return kilobytes;
  };
  const long two = peakKilobytes(2), twelve = peakKilobytes(12);
  ASSERT_GT(two, 0);
  ASSERT_GT(twelve, 0);
  EXPECT_LT(twelve - two, 4 * 1024) << "2 models: " << two << " KB, 12 models: " << twelve << " KB";
}

// A directory stands for the models in it, recognised by content: a file that is no model (here the held-out
// list itself) is passed over, and said so, instead of failing the run.
TEST(SelectDirectory, PassesOverFilesThatAreNoModel) {
  const auto directory = std::filesystem::temp_directory_path() / "topiceval-select-directory";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  const std::string set = topiceval::testing::fixtureDir("stackexchange") + "/";
  for (const char* file : {"inferencer.mallet", "evaluator.mallet", "test.mallet"})
    std::filesystem::copy_file(set + file, directory / file);
  std::ofstream(directory / "notes.txt") << "not a model\n";
  const auto output = topiceval::testing::runCommand(
      topiceval::commands::selectCommand, {"--input", (directory / "test.mallet").string(), directory.string(), "--estimator",
                           "filtering", "--format", "tsv", "--vocab-size", "4285"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(topiceval::testing::lines(output.out).size(), 3u) << output.out;  // the header and two models
  EXPECT_NE(output.err.find("warning: passed over " + (directory / "notes.txt").string() +
                            ": text, not a model\nwarning: passed over " + (directory / "test.mallet").string() +
                            ": MALLET instance list (FeatureSequence documents), not a model\n"), std::string::npos)
      << output.err;
  EXPECT_NE(output.err.find("evaluator.mallet holds no words, so its topics' quality is not measured (an evaluator "
                            "file: give the inferencer, the saved model or the topic state)"),
            std::string::npos)
      << output.err;
  std::filesystem::remove_all(directory);
}

namespace topiceval {
namespace {

// Topic quality in select scores the documents --documents chose (the same
// value as coherence on them alone), and a warning every model meets alike is
// said once for them all, not once per model.
TEST(SelectQuality, ScoresTheChosenDocumentsAndWarnsOnceForAllModels) {
  const auto directory = std::filesystem::temp_directory_path() / "topiceval-select-quality";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  const std::string set = topiceval::testing::fixtureDir("stackexchange") + "/";
  for (const char* copy : {"a.mallet", "b.mallet", "c.mallet", "d.mallet", "e.mallet"})
    std::filesystem::copy_file(set + "inferencer.mallet", directory / copy);

  SelectRequest request;
  request.models = {directory.string()};
  request.documents = set + "test.mallet";
  request.documentSelection = "0-49";
  request.estimator = "filtering";
  request.threads = 1;
  request.seed = 3;
  const SelectResult selected = select(request);
  ASSERT_EQ(selected.models.size(), 5u);
  CoherenceRequest alone;
  alone.model = set + "inferencer.mallet";
  std::vector<std::size_t> chosen(50);
  for (std::size_t d = 0; d < chosen.size(); ++d) chosen[d] = d;
  alone.texts = DocumentsSource(Documents::read(set + "test.mallet").subset(chosen));
  alone.seed = 3;
  alone.threads = 1;
  const CoherenceResult measured = coherence(alone);
  ASSERT_TRUE(std::isfinite(measured.measures[0].mean));
  for (const RankedModel& model : selected.models) {
    ASSERT_TRUE(model.quality);
    EXPECT_EQ(model.quality->coherence, measured.measures[0].mean);
    EXPECT_EQ(model.quality->coherenceStandardError, measured.measures[0].meanStandardError);
  }
  ASSERT_FALSE(measured.warnings.empty());
  ASSERT_EQ(selected.warnings.size(), measured.warnings.size());
  for (std::size_t i = 0; i < measured.warnings.size(); ++i) {
    EXPECT_EQ(selected.warnings[i].text, (directory / "a.mallet").string() + ", " +
                                             (directory / "b.mallet").string() + ", " +
                                             (directory / "c.mallet").string() + " and 2 other models: " +
                                             measured.warnings[i].text);
  }

  // The command line, --quiet: one line per distinct warning.
  const auto output = testing::runCommand(commands::selectCommand, {"--input", set + "test.mallet", directory.string(),
                                                               "--estimator", "filtering", "--documents", "0-49",
                                                               "--threads", "1", "--quiet"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_EQ(testing::lines(output.err).size(), measured.warnings.size()) << output.err;
  // The top words asked for, though some topics keep fewer (the words these documents use).
  EXPECT_NE(output.out.find("c_npmi coherence of the top 10 words (windows of 10) on " + set +
                            "test.mallet (the held-out documents 0-49)"),
            std::string::npos)
      << output.out;
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace topiceval
