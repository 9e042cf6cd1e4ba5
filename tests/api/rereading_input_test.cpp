// SPDX-License-Identifier: Apache-2.0
// Inputs a command reads more than once (evaluate's outline then its scoring,
// evaluate --report's second estimator, select's models, plan-ranks): a
// regular file that changes between two readings is refused, naming it,
// before anything read from the change reaches the results (standard input,
// a pipe or a FIFO through the executable: tests/end_to_end/streamed_input_test.cpp).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <thread>

#include "formats/file_bytes.hpp"
#include "support/fifo_writer.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"
#include "topiceval/topiceval.hpp"

namespace topiceval {
namespace {

using testing::FifoWriter;
using testing::fixtureFile;

// 40,000 lines (about 3 MiB: several 1 MiB blocks, several batches of 8192
// documents) of the model's words and some it lacks.
std::string heldOutText(const std::vector<std::string>& words) {
  std::mt19937 generator(5);
  std::string text;
  for (int line = 0; line < 40000; ++line) {
    const int length = 1 + static_cast<int>(generator() % 14);
    for (int i = 0; i < length; ++i) {
      text += generator() % 9 == 0 ? "unseen" + std::to_string(generator() % 50) : words[generator() % 400];
      text += ' ';
    }
    text += '\n';
  }
  return text;
}

struct Row {
  std::size_t index = 0;
  double logLikelihood = 0.0;
  uint64_t scoredTokens = 0;
  bool operator==(const Row&) const = default;
};

class ChangingInput : public ::testing::Test {
 protected:
  void SetUp() override {
    model_ = fixtureFile("stackexchange", "inferencer.mallet");
    path_ = (std::filesystem::temp_directory_path() /
             ("topiceval-changing-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
              ".txt"))
                .string();
    text_ = heldOutText(*Model::read(model_).words());
    std::ofstream(path_, std::ios::binary) << text_;
  }
  void TearDown() override { std::filesystem::remove(path_); }

  // evaluate with a sink (two passes: the outline, then the scoring) whose
  // first document changes the file by `change`; the rows the sink got and
  // the error evaluate threw ("" for none).
  std::string evaluateWhileChanging(const std::string& policy, const std::function<void()>& change,
                                    std::vector<Row>& rows) {
    EvaluateRequest request;
    request.model = model_;
    request.documents = path_;
    request.estimator = "filtering";
    request.unseenWords = choiceFromSpelling<UnseenWords>(policy);
    request.threads = 2;
    request.documentSink = [&](std::size_t index, const DocumentEstimate& estimate) {
      if (rows.empty()) change();
      rows.push_back({index, estimate.logLikelihood, estimate.scoredTokens});
    };
    try {
      (void)evaluate(request);
    } catch (const FileError& error) {
      return error.what();
    }
    return "";
  }

  // The change is refused, naming the file, and every row handed over before
  // is the unchanged file's: the documents read from the change reached none.
  void expectRefusedBeforeTheChange(const std::string& policy, const std::function<void()>& change) {
    std::vector<Row> unchanged;
    ASSERT_EQ(evaluateWhileChanging(policy, [] {}, unchanged), "");
    ASSERT_EQ(unchanged.size(), 40000u);
    std::vector<Row> rows;
    EXPECT_EQ(evaluateWhileChanging(policy, change, rows),
              path_ + ": changed while it was being read: this command reads it more than once and its size, "
                      "time or bytes differ from an earlier reading; run it again once nothing writes to it");
    EXPECT_LT(rows.size(), unchanged.size());
    EXPECT_GT(rows.size(), 0u);
    for (std::size_t d = 0; d < rows.size() && d < unchanged.size(); ++d) ASSERT_EQ(rows[d], unchanged[d]) << d;
    std::ofstream(path_, std::ios::binary) << text_;
  }

  std::string model_;
  std::string path_;
  std::string text_;
};

// New words appended: under smooth they would have been scored with the V of the words read before.
TEST_F(ChangingInput, AppendedWhileScoredIsRefused) {
  for (const std::string policy : {"skip", "smooth"}) {
    expectRefusedBeforeTheChange(policy, [&] {
      std::ofstream(path_, std::ios::binary | std::ios::app) << "brandnew words never seen\n";
    });
  }
}

TEST_F(ChangingInput, TruncatedWhileScoredIsRefused) {
  expectRefusedBeforeTheChange("skip", [&] { std::filesystem::resize_file(path_, text_.size() / 2); });
}

// The same size and modification time, other bytes in the third 1 MiB block:
// only the checksums see it.
TEST_F(ChangingInput, RewrittenInPlaceUnderTheSameTimeIsRefused) {
  ASSERT_GT(text_.size(), (std::size_t{2} << 20) + 1000);
  expectRefusedBeforeTheChange("smooth", [&] {
    struct stat before {};
    ASSERT_EQ(::stat(path_.c_str(), &before), 0);
    {
      std::fstream file(path_, std::ios::binary | std::ios::in | std::ios::out);
      file.seekp((std::streamoff{2} << 20) + 1000);
      file << "zz";
    }
    const timespec times[2] = {before.st_atim, before.st_mtim};
    ASSERT_EQ(::utimensat(AT_FDCWD, path_.c_str(), times, 0), 0);
    struct stat after {};
    ASSERT_EQ(::stat(path_.c_str(), &after), 0);
    ASSERT_EQ(after.st_size, before.st_size);
    ASSERT_EQ(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
    ASSERT_EQ(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
  });
}

// --- Streams -------------------------------------------------------------

// Two readings of one file in a session (what a command's passes are): the
// same bytes, or a refusal naming the file, whatever the change between them.
TEST(ReadSession, ASecondReadingFindsTheFirstsBytesOrRefuses) {
  const std::string path = (std::filesystem::temp_directory_path() / "topiceval-read-session.txt").string();
  const std::string refusal = path + ": changed while it was being read: this command reads it more than once and "
                                     "its size, time or bytes differ from an earlier reading; run it again once "
                                     "nothing writes to it";
  const auto write = [&](const std::string& text) { std::ofstream(path, std::ios::binary) << text; };
  const auto read = [&] {
    const std::vector<uint8_t> bytes = formats::readFileBytes(path);
    return std::string(bytes.begin(), bytes.end());
  };
  const auto refused = [&](const std::function<void()>& reading) {
    try {
      reading();
    } catch (const FileError& error) {
      return std::string(error.what());
    }
    return std::string("not refused");
  };
  std::filesystem::remove(path);
  write("alpha beta\n");
  {
    const formats::ReadSession session;
    EXPECT_EQ(read(), "alpha beta\n");
    EXPECT_EQ(read(), "alpha beta\n");
    std::ofstream(path, std::ios::binary | std::ios::app) << "gamma\n";
    EXPECT_EQ(refused(read), refusal);
    // Nor does a first look at its start let a changed file through.
    EXPECT_EQ(refused([&] { formats::readFileStart(path, 4); }), refusal);
  }
  // Replaced by a FIFO at the same path.
  write("alpha beta\n");
  {
    const formats::ReadSession session;
    EXPECT_EQ(read(), "alpha beta\n");
    const FifoWriter fifo(path, "gamma\n");
    EXPECT_EQ(refused(read), refusal);
  }
  std::filesystem::remove(path);
  // Readings in sessions of their own (two library calls) see each version.
  write("alpha\n");
  {
    const formats::ReadSession session;
    EXPECT_EQ(read(), "alpha\n");
  }
  write("alpha beta gamma\n");
  {
    const formats::ReadSession session;
    EXPECT_EQ(read(), "alpha beta gamma\n");
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace topiceval
