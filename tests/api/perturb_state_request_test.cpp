// SPDX-License-Identifier: Apache-2.0
// perturb-state as a library function (topiceval/perturb_state.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/model_readers.hpp"
#include "support/fixtures.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/perturb_state.hpp"

namespace topiceval::formats {
namespace {

using testing::fixtureFile;

// perturb-state as a library function: a state rewritten row by row, the
// moved rows differing from the input in their topic alone.
TEST(PerturbState, MovesTheAskedShareOfRowsToAnotherTopicAndKeepsTheRest) {
  const std::string input = fixtureFile("stackexchange", "state.gz");
  PerturbStateRequest request;
  request.input = input;
  request.fraction = 0.1;
  request.seed = 7;
  std::ostringstream out;
  const PerturbStateResult result = perturbState(request, out);
  // The counts the command line reported before perturb-state was a library function.
  EXPECT_EQ(result.tokens, 6915u);
  EXPECT_EQ(result.moved, 703u);
  const std::string written = out.str();
  const std::vector<uint8_t> bytes(written.begin(), written.end());
  EXPECT_EQ(readTopicState(bytes, "perturbed").numTopics, readModelFile(input).model.numTopics);
  std::istringstream before(decompressGzip(readFileBytes(input), input));
  std::istringstream after(decompressGzip(bytes, "perturbed"));
  uint64_t rows = 0, changed = 0;
  for (std::string old, now; std::getline(before, old);) {
    ASSERT_TRUE(std::getline(after, now));
    if (old.empty() || old[0] == '#') {
      EXPECT_EQ(old, now);
      continue;
    }
    ++rows;
    if (old == now) continue;
    ++changed;
    const std::size_t cut = old.find_last_of(' ');
    EXPECT_EQ(old.substr(0, cut), now.substr(0, now.find_last_of(' ')));
  }
  EXPECT_EQ(rows, result.tokens);
  EXPECT_EQ(changed, result.moved);
  // The same request gives the same bytes; a fraction outside 0..1 and a file
  // that is no state are refused before anything is written.
  std::ostringstream again;
  EXPECT_EQ(perturbState(request, again).moved, result.moved);
  EXPECT_EQ(again.str(), written);
  request.fraction = 1.5;
  std::ostringstream none;
  EXPECT_THROW((void)perturbState(request, none), SettingError);
  request.fraction = 0.1;
  request.input = fixtureFile("stackexchange", "test.mallet");
  EXPECT_THROW((void)perturbState(request, none), FileError);
  EXPECT_TRUE(none.str().empty());
}

}  // namespace
}  // namespace topiceval::formats
