// SPDX-License-Identifier: Apache-2.0
// What users see: JSON output, the progress line, `info`, and the HTML report
// (rendered in headless Chromium when it is installed, as CI installs it).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <thread>

#include "native/commands/commands.hpp"
#include "native/commands/progress_line.hpp"
#include "native/output/report_writers.hpp"
#include "support/command_output.hpp"
#include "support/chromium.hpp"
#include "support/fixtures.hpp"
#include "support/json_check.hpp"
#include "support/run_command.hpp"

namespace topiceval::commands {
namespace {

using testing::fixtureFile;

using Output = testing::CommandOutput;

Output run(testing::Command command, const std::vector<std::string>& arguments) {
  return testing::runCommand(command, arguments);
}

TEST(JsonOutput, WriterEscapesAndNullsNonFiniteNumbers) {
  std::ostringstream out;
  output::JsonWriter json(out);
  json.beginObject().field("name", "a \"quoted\"\n\tline").field("nan", std::nan("")).field("n", uint64_t{3});
  json.key("list").beginArray().value(1.5).value(true).endArray().endObject();
  EXPECT_EQ(out.str(), R"({"name":"a \"quoted\"\n\tline","nan":null,"n":3,"list":[1.5,true]})");
  EXPECT_TRUE(testing::JsonCheck::valid(out.str()));
  EXPECT_FALSE(testing::JsonCheck::valid("{\"a\":nan}"));
}

TEST(JsonOutput, EvaluateWritesTheSummaryAndEveryDocument) {
  const Output output = run(
      evaluateCommand, {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                        fixtureFile("stackexchange", "test.mallet"), "--estimator", "filtering", "--format", "json"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_TRUE(testing::JsonCheck::valid(output.out)) << output.out.substr(0, 400);
  for (const char* key :
       {"\"summary\":{\"log_likelihood\":", "\"per_token\":", "\"perplexity\":", "\"wall_seconds\":", "\"threads\":",
        "\"unseen_words\":{\"policy\":\"skip\"", "\"estimator\":{\"description\":\"filtering",
        "{\"doc\":199,\"name\":\"213\",\"tokens\":43,\"skipped\":0,\"loglik\":"})
    EXPECT_NE(output.out.find(key), std::string::npos) << key;
}

TEST(JsonOutput, CompareWritesEveryDocument) {
  const Output output = run(
      compareCommand, {"--model-a", fixtureFile("stackexchange", "state.gz"), "--model-b",
                       fixtureFile("stackexchange", "state.gz"), "--input", fixtureFile("stackexchange", "test.mallet"),
                       "--temperatures", "3", "--burn-in", "0", "--format", "json"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_TRUE(testing::JsonCheck::valid(output.out)) << output.out.substr(0, 400);
  EXPECT_NE(output.out.find("\"summary\":{\"log_ratio\":0,"), std::string::npos) << output.out.substr(0, 600);
  EXPECT_NE(output.out.find("\"logratio_forward\":0,\"logratio_reverse\":0,\"disagree\":false"), std::string::npos);
}

// The skipped-tokens warning names the cause that applies to where the
// documents came from, also for a selection of them: debian-k100's own
// held-out instance list has words beyond the model's alphabet.
TEST(Warnings, SkippedTokensNameTheirCauseForASelectionOfAnInstanceList) {
  const Output output =
      run(evaluateCommand, {"--model", fixtureFile("debian-k100", "inferencer.mallet"), "--input",
                            fixtureFile("debian-k100", "test.mallet"), "--estimator", "filtering", "--documents",
                            "0-999", "--format", "tsv", "--quiet"});
  ASSERT_EQ(output.status, 0) << output.err;
  EXPECT_NE(output.err.find("are skipped under --unseen-words skip"), std::string::npos) << output.err;
  EXPECT_NE(output.err.find("these words lie beyond the model's alphabet"), std::string::npos) << output.err;
  EXPECT_EQ(output.err.find("plain text"), std::string::npos) << output.err;
  EXPECT_EQ(output.err.find("their ids lie beyond"), std::string::npos) << output.err;
}

// Text that the progress line's thread writes while the test's thread reads it.
class SharedText : public std::streambuf {
 public:
  std::string text() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return text_;
  }

 protected:
  int overflow(int c) override {
    if (c != traits_type::eof()) xsputn(std::string(1, static_cast<char>(c)).data(), 1);
    return c;
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    const std::lock_guard<std::mutex> lock(mutex_);
    text_.append(text, static_cast<std::size_t>(count));
    return count;
  }

 private:
  mutable std::mutex mutex_;
  std::string text_;
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(ProgressLine, DrawsAfterTwoSecondsAndErasesItself) {
  Progress progress;
  progress.setTotal(10, 1000);
  SharedText shared;
  std::ostream err(&shared);
  const auto started = std::chrono::steady_clock::now();
  {
    const ProgressLine line(progress, err, true);
    progress.advance(3, 300);
    // Waits for the line however late a loaded machine runs its thread; the bound only ends a hang.
    while (shared.text().find("ETA ") == std::string::npos && secondsSince(started) < 300)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Never sooner than two seconds after it began (which began after `started`).
    EXPECT_GE(secondsSince(started), 2.0);
  }
  const std::string text = shared.text();
  EXPECT_NE(text.find("\r[topiceval] 3/10 documents  "), std::string::npos) << text;
  EXPECT_NE(text.find("tokens/s  ETA "), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 81), "\r" + std::string(79, ' ') + "\r");  // erased at the end
}

TEST(ProgressLine, StaysSilentWhenDisabledOrQuick) {
  Progress progress;
  std::ostringstream disabled, quick;
  { const ProgressLine line(progress, disabled, false); }
  const auto started = std::chrono::steady_clock::now();
  { const ProgressLine line(progress, quick, true); }
  EXPECT_EQ(disabled.str(), "");
  // Over in less than two seconds, it draws nothing; a machine that stalled this thread longer may see a line.
  if (secondsSince(started) < 2.0) {
    EXPECT_EQ(quick.str(), "");
  }
  // The commands never draw it into a pipe: standard error is not a terminal here.
  const auto result =
      testing::runTopiceval("evaluate-topics --evaluator " + fixtureFile("stackexchange", "evaluator.mallet") +
                            " --input " + fixtureFile("stackexchange", "test.mallet") + " --random-seed 1");
  EXPECT_EQ(result.err, "");
}

TEST(InfoCommand, DescribesModelsAndInstanceLists) {
  const Output model = run(infoCommand, {fixtureFile("stackexchange", "inferencer.mallet"), "--words", "3"});
  ASSERT_EQ(model.status, 0) << model.err;
  EXPECT_NE(
      model.out.find("kind            MALLET inferencer (TopicInferencer)\ntopics          10\ntypes           4285\n"),
      std::string::npos)
      << model.out;
  EXPECT_NE(model.out.find("topic 2    0.2349  standard deviation data\n"), std::string::npos) << model.out;
  const Output list = run(infoCommand, {fixtureFile("sgu-k100", "test.mallet")});
  EXPECT_NE(list.out.find("documents       312\ntokens          127603\n"), std::string::npos) << list.out;
  const Output evaluator = run(infoCommand, {fixtureFile("debian-k100", "evaluator.mallet"), "--format", "json"});
  EXPECT_TRUE(testing::JsonCheck::valid(evaluator.out));
  EXPECT_NE(evaluator.out.find("\"topics\":100,\"types\":68006"), std::string::npos);
  const Output state = run(infoCommand, {fixtureFile("stackexchange", "state.gz")});
  EXPECT_NE(state.out.find("kind            MALLET topic state (gzipped)"), std::string::npos);
  const Output text = run(infoCommand, {testing::testDataPath("corpora/README.md")});
  EXPECT_EQ(text.status, 1);
  EXPECT_NE(text.err.find("is neither a MALLET model file"), std::string::npos);
}

TEST(HtmlReport, RendersInHeadlessChromium) {
  const auto directory = std::filesystem::temp_directory_path() / "topiceval-report-test";
  std::filesystem::create_directories(directory);
  const std::string page = (directory / "report.html").string();
  const Output output = run(evaluateCommand, {"--model", fixtureFile("stackexchange", "inferencer.mallet"), "--input",
                                              fixtureFile("stackexchange", "test.mallet"), "--report", page});
  ASSERT_EQ(output.status, 0) << output.err;
  const std::string html = testing::readText(page);
  EXPECT_NE(html.find("<table id=\"summary\">"), std::string::npos);
  EXPECT_NE(html.find("<svg id=\"scatter\""), std::string::npos);
  EXPECT_NE(html.find("<svg id=\"histogram\""), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);  // self-contained, nothing to run or fetch
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
  const std::string browser = testing::chromium();
  if (browser.empty()) GTEST_SKIP() << "chromium is not installed (scripts/install-dependencies.sh installs it)";
  const testing::Rendered rendered = testing::render(browser, page, directory);
  ASSERT_TRUE(rendered.ok);
  // 200 documents, all scored: 200 points in the scatter.
  std::size_t points = 0;
  for (std::size_t at = rendered.dom.find("class=\"point\""); at != std::string::npos;
       at = rendered.dom.find("class=\"point\"", at + 1))
    ++points;
  EXPECT_EQ(points, 200u);
  EXPECT_NE(rendered.dom.find("<figcaption>"), std::string::npos);
  EXPECT_GT(std::filesystem::file_size(rendered.screenshot), 20000u);
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace topiceval::commands
