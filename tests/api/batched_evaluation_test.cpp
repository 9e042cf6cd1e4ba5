// SPDX-License-Identifier: Apache-2.0
// evaluate with a document sink (EvaluateRequest::documentSink, or its documentWriter): a plain-text
// file larger than a batch is read and scored in batches, and gives the same
// bits as the whole file at once: every document's estimate, in order, and
// every total, count and warning; a file the reader refuses is refused before
// any document reaches the sink.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "support/fixtures.hpp"
#include "support/gzip.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

// 20,000 lines (more than two batches of 8192) from the model's words and a
// few it lacks, some lines empty.
std::string heldOutText(const std::vector<std::string>& words) {
  std::mt19937 generator(11);
  std::string text;
  for (int line = 0; line < 20000; ++line) {
    const int length = line % 97 == 0 ? 0 : static_cast<int>(generator() % 12);
    for (int i = 0; i < length; ++i) {
      text += generator() % 9 == 0 ? "unseen" + std::to_string(generator() % 50) : words[generator() % 400];
      text += ' ';
    }
    text += '\n';
  }
  return text;
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// Every total, count and warning of `batched` is the whole read's.
void expectSameTotals(const EvaluateResult& batched, const EvaluateResult& whole) {
  EXPECT_EQ(batched.total, whole.total);
  EXPECT_TRUE(same(batched.totalStandardError, whole.totalStandardError));
  EXPECT_TRUE(same(batched.logMeanBias, whole.logMeanBias));
  EXPECT_EQ(batched.perplexity, whole.perplexity);
  EXPECT_EQ(batched.scoredTokens, whole.scoredTokens);
  EXPECT_EQ(batched.siteUpdates, whole.siteUpdates);
  EXPECT_EQ(batched.inputDocuments, whole.inputDocuments);
  EXPECT_EQ(batched.inputTokens, whole.inputTokens);
  EXPECT_EQ(batched.unseenSkippedTokens, whole.unseenSkippedTokens);
  EXPECT_EQ(batched.skippedTypes, whole.skippedTypes);
  EXPECT_EQ(batched.unseenTypesScored, whole.unseenTypesScored);
  EXPECT_EQ(batched.vocabularySize, whole.vocabularySize);
  EXPECT_EQ(batched.heavyTailedDocuments, whole.heavyTailedDocuments);
  EXPECT_EQ(batched.emptyDocuments, whole.emptyDocuments);
  ASSERT_EQ(batched.warnings.size(), whole.warnings.size());
  for (std::size_t i = 0; i < whole.warnings.size(); ++i) EXPECT_EQ(batched.warnings[i].text, whole.warnings[i].text);
}

TEST(BatchedEvaluation, GivesTheBitsOfTheWholeFile) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const auto path = std::filesystem::temp_directory_path() / "topiceval-batched.txt";
  std::ofstream(path) << heldOutText(*Model::read(model).words());
  for (const auto& [estimator, runs, policy] : std::vector<std::tuple<std::string, int, UnseenWords>>{
           {"left-to-right", 1, UnseenWords::Skip}, {"resample-move", 2, UnseenWords::Smooth}}) {
    EvaluateRequest request;
    request.model = model;
    request.documents = path.string();
    request.estimator = estimator;
    request.settings.particles = 2;
    request.runs = runs;
    request.unseenWords = policy;
    request.threads = 2;
    const EvaluateResult whole = evaluate(request);
    std::vector<std::pair<std::size_t, DocumentEstimate>> streamed;
    request.documentSink = [&](std::size_t index, const DocumentEstimate& estimate) {
      streamed.emplace_back(index, estimate);
    };
    const EvaluateResult batched = evaluate(request);
    EXPECT_TRUE(batched.documents.empty());
    ASSERT_EQ(streamed.size(), whole.documents.size());
    for (std::size_t d = 0; d < streamed.size(); ++d) {
      const DocumentEstimate& a = streamed[d].second;
      const DocumentEstimate& b = whole.documents[d];
      ASSERT_EQ(streamed[d].first, d);
      ASSERT_EQ(a.name, b.name);
      ASSERT_TRUE(same(a.logLikelihood, b.logLikelihood) && same(a.standardError, b.standardError) &&
                  same(a.perplexity, b.perplexity))
          << estimator << " document " << d;
      ASSERT_EQ(a.scoredTokens, b.scoredTokens);
      ASSERT_EQ(a.skippedTokens, b.skippedTokens);
      ASSERT_EQ(a.heavyTailed, b.heavyTailed);
    }
    expectSameTotals(batched, whole);
    EXPECT_EQ(batched.inputDocuments, 20000u);
    EXPECT_GT(batched.emptyDocuments, 200u);
    if (policy == UnseenWords::Smooth) {
      EXPECT_EQ(batched.unseenTypesScored, 50u);  // V grew by them before the first batch
    }

    // Keeping no documents and handing none over: one pass when the policy needs nothing ahead (skip),
    // the outline first when it does (smooth); the same totals and counts either way.
    request.documentSink = nullptr;
    request.keepDocuments = false;
    const EvaluateResult kept = evaluate(request);
    EXPECT_TRUE(kept.documents.empty());
    expectSameTotals(kept, whole);
  }
  std::filesystem::remove(path);
}

// The first pass reads the whole file: a NUL byte near its end is refused
// before any document is scored or handed over, as the whole read refuses it.
TEST(BatchedEvaluation, RefusesABadFileBeforeAnyDocument) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const auto path = std::filesystem::temp_directory_path() / "topiceval-batched-bad.txt";
  std::string text = heldOutText(*Model::read(model).words());
  text.insert(text.size() - 10, 1, '\0');
  std::ofstream(path, std::ios::binary) << text;
  EvaluateRequest request;
  request.model = model;
  request.documents = path.string();
  request.estimator = "filtering";
  std::string whole;
  try {
    (void)evaluate(request);
  } catch (const FileError& error) {
    whole = error.what();
  }
  EXPECT_NE(whole.find("holds binary data"), std::string::npos) << whole;
  std::size_t handed = 0;
  request.documentSink = [&](std::size_t, const DocumentEstimate&) { ++handed; };
  try {
    (void)evaluate(request);
    ADD_FAILURE() << "a file with a NUL byte was read";
  } catch (const FileError& error) {
    EXPECT_EQ(std::string(error.what()), whole);
  }
  EXPECT_EQ(handed, 0u);
  // In one pass (nothing handed over, nothing kept) the refusal comes when the read reaches it: the same one.
  request.documentSink = nullptr;
  request.keepDocuments = false;
  try {
    (void)evaluate(request);
    ADD_FAILURE() << "a file with a NUL byte was read in one pass";
  } catch (const FileError& error) {
    EXPECT_EQ(std::string(error.what()), whole);
  }
  std::filesystem::remove(path);
}

// Gzipped text is read in batches as it is decompressed, in one pass and in
// two: every document and total is that of the plain file read whole and of
// the gzipped file read whole (documents kept), on 1 and 2 threads; a
// truncated copy is refused with the whole read's message, naming the file,
// and hands no document over.
TEST(BatchedEvaluation, GzippedTextGivesTheBitsOfThePlainFile) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const auto plain = std::filesystem::temp_directory_path() / "topiceval-batched-plain.txt";
  const auto gzipped = std::filesystem::temp_directory_path() / "topiceval-batched.txt.gz";
  const auto truncated = std::filesystem::temp_directory_path() / "topiceval-batched-cut.txt.gz";
  const std::string text = heldOutText(*Model::read(model).words());
  std::ofstream(plain) << text;
  const std::vector<uint8_t> compressed = testing::gzip(text);
  std::ofstream(gzipped, std::ios::binary)
      .write(reinterpret_cast<const char*>(compressed.data()), static_cast<std::streamsize>(compressed.size()));
  std::ofstream(truncated, std::ios::binary)
      .write(reinterpret_cast<const char*>(compressed.data()), static_cast<std::streamsize>(compressed.size() / 2));
  for (const int threads : {1, 2}) {
    for (const UnseenWords policy : {UnseenWords::Skip, UnseenWords::Smooth}) {
      EvaluateRequest request;
      request.model = model;
      request.estimator = "left-to-right";
      request.settings.particles = 2;
      request.runs = 2;
      request.budgetPolicy = BudgetPolicy::Fixed;  // budgets grown over the whole set would read it whole
      request.unseenWords = policy;
      request.threads = threads;
      request.documents = plain.string();
      const EvaluateResult wholePlain = evaluate(request);
      request.documents = gzipped.string();
      const EvaluateResult wholeGzipped = evaluate(request);
      ASSERT_EQ(wholeGzipped.documents.size(), 20000u);
      expectSameTotals(wholeGzipped, wholePlain);
      std::vector<DocumentEstimate> streamed;
      request.documentSink = [&](std::size_t index, const DocumentEstimate& estimate) {
        EXPECT_EQ(index, streamed.size());
        streamed.push_back(estimate);
      };
      const EvaluateResult batched = evaluate(request);  // two passes: the outline first
      EXPECT_TRUE(batched.documents.empty());
      ASSERT_EQ(streamed.size(), wholePlain.documents.size());
      for (std::size_t d = 0; d < streamed.size(); ++d) {
        const DocumentEstimate& a = streamed[d];
        const DocumentEstimate& b = wholePlain.documents[d];
        ASSERT_EQ(a.name, b.name);
        ASSERT_TRUE(same(a.logLikelihood, b.logLikelihood) && same(a.standardError, b.standardError))
            << "document " << d << " on " << threads << " threads";
        ASSERT_EQ(a.scoredTokens, b.scoredTokens);
        ASSERT_EQ(a.skippedTokens, b.skippedTokens);
      }
      expectSameTotals(batched, wholePlain);
      request.documentSink = nullptr;
      request.keepDocuments = false;  // one pass when skipping, the outline first when smoothing
      expectSameTotals(evaluate(request), wholePlain);

      request.documents = truncated.string();
      request.keepDocuments = true;
      std::string whole;
      try {
        (void)evaluate(request);
      } catch (const FileError& error) {
        whole = error.what();
      }
      EXPECT_NE(whole.find(truncated.string() + ": truncated"), std::string::npos) << whole;
      std::size_t handed = 0;
      request.documentSink = [&](std::size_t, const DocumentEstimate&) { ++handed; };
      for (const bool keep : {true, false}) {
        request.keepDocuments = keep;
        try {
          (void)evaluate(request);
          ADD_FAILURE() << "a truncated gzip file was read";
        } catch (const FileError& error) {
          EXPECT_EQ(std::string(error.what()), whole);
        }
        request.documentSink = nullptr;
      }
      EXPECT_EQ(handed, 0u);
    }
  }
  std::filesystem::remove(plain);
  std::filesystem::remove(gzipped);
  std::filesystem::remove(truncated);
}

// A file none of whose words the model has: refused with the same message in one pass as read whole.
TEST(BatchedEvaluation, RefusesAFileWithNothingScoredInOnePass) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const auto path = std::filesystem::temp_directory_path() / "topiceval-batched-unscored.txt";
  std::ofstream(path) << "qqqq zzzz\nxxxx\n";
  EvaluateRequest request;
  request.model = model;
  request.documents = path.string();
  request.estimator = "filtering";
  std::string messages[2];
  for (const bool keep : {true, false}) {
    request.keepDocuments = keep;
    try {
      (void)evaluate(request);
    } catch (const FileError& error) {
      messages[keep] = error.what();
    }
  }
  EXPECT_NE(messages[1].find("none of its 3 words is scored"), std::string::npos) << messages[1];
  EXPECT_EQ(messages[0], messages[1]);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace topiceval

namespace topiceval {
namespace {

// Records what a DocumentWriter is told, in order: "begin", each index, "end".
class RecordingWriter final : public DocumentWriter {
 public:
  void begin() override { events.push_back("begin"); }
  void document(std::size_t index, const DocumentEstimate& estimate) override {
    events.push_back(std::to_string(index));
    logLikelihoods.push_back(estimate.logLikelihood);
  }
  void end() override { events.push_back("end"); }
  std::vector<std::string> events;
  std::vector<double> logLikelihoods;
};

// A writer is told where the documents begin and end, around every document
// in order, whether they are read whole or in batches; it takes the place of
// a documentSink also set; a file refused tells it nothing.
TEST(DocumentWriter, IsToldWhereTheDocumentsBeginAndEnd) {
  const std::string model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  const auto text = std::filesystem::temp_directory_path() / "topiceval-writer.txt";
  std::ofstream(text) << heldOutText(*Model::read(model).words());
  for (const std::string& input : {testing::fixtureFile("stackexchange", "test.mallet"), text.string()}) {
    EvaluateRequest request;
    request.model = model;
    request.documents = input;
    request.estimator = "filtering";
    const EvaluateResult whole = evaluate(request);
    RecordingWriter writer;
    std::size_t sunk = 0;
    request.documentWriter = &writer;
    request.documentSink = [&](std::size_t, const DocumentEstimate&) { ++sunk; };
    EXPECT_TRUE(evaluate(request).documents.empty());
    EXPECT_EQ(sunk, 0u);
    ASSERT_EQ(writer.events.size(), whole.documents.size() + 2) << input;
    EXPECT_EQ(writer.events.front(), "begin");
    EXPECT_EQ(writer.events.back(), "end");
    for (std::size_t d = 0; d < whole.documents.size(); ++d) {
      ASSERT_EQ(writer.events[d + 1], std::to_string(d));
      ASSERT_EQ(writer.logLikelihoods[d], whole.documents[d].logLikelihood);
    }
  }
  std::string bad = heldOutText(*Model::read(model).words());
  bad.insert(bad.size() - 10, 1, '\0');
  std::ofstream(text, std::ios::binary) << bad;
  EvaluateRequest request;
  request.model = model;
  request.documents = text.string();
  request.estimator = "filtering";
  RecordingWriter writer;
  request.documentWriter = &writer;
  EXPECT_THROW(evaluate(request), FileError);
  EXPECT_TRUE(writer.events.empty());
  std::filesystem::remove(text);
}

// An instance list is read whole (it is not plain text), and still no document is kept or handed over twice.
TEST(BatchedEvaluation, KeepsNoDocumentOfAnInstanceListEither) {
  EvaluateRequest request;
  request.model = testing::fixtureFile("stackexchange", "inferencer.mallet");
  request.documents = testing::fixtureFile("stackexchange", "test.mallet");
  request.estimator = "filtering";
  const EvaluateResult whole = evaluate(request);
  request.keepDocuments = false;
  const EvaluateResult kept = evaluate(request);
  EXPECT_TRUE(kept.documents.empty());
  EXPECT_EQ(kept.total, whole.total);
  std::size_t handed = 0;
  request.documentSink = [&](std::size_t index, const DocumentEstimate& estimate) {
    EXPECT_EQ(estimate.logLikelihood, whole.documents[index].logLikelihood);
    EXPECT_EQ(index, handed++);
  };
  EXPECT_TRUE(evaluate(request).documents.empty());
  EXPECT_EQ(handed, whole.documents.size());
}

}  // namespace
}  // namespace topiceval
