// SPDX-License-Identifier: Apache-2.0
// A path with an embedded NUL ends at the NUL for the system: "texts.txt\0x"
// would read, and "kept.txt\0x" would replace, another file than the one
// named. Every reader, writer and command refuses such a path in one line,
// whichever front end handed it over (Java's strings and the C++ API's may
// hold a NUL; the command line's cannot).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/reference_index.hpp"
#include "native/commands/commands.hpp"
#include "native/output/output_file.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"
#include "topiceval/errors.hpp"
#include "topiceval/model.hpp"

namespace topiceval {
namespace {

using namespace std::string_literals;

class NulPaths : public testing::ScratchDirectory {
 protected:
  NulPaths() : ScratchDirectory("nul-paths") {}
  // An existing file, and the same name with a NUL and more after it.
  std::string cut(const std::string& file) const { return file + "\0.extra"s; }
};

TEST_F(NulPaths, EveryReaderRefusesAPathWithANul) {
  const std::string state = testing::fixtureFile("stackexchange", "state.gz");
  const std::string list = testing::fixtureFile("stackexchange", "test.mallet");
  const std::string texts = write("texts.txt", "apple pear plum\n");
  const auto refused = [](const std::string& what, auto read) {
    try {
      read();
      ADD_FAILURE() << what << ": read the file before the NUL";
    } catch (const FileError& error) {
      EXPECT_EQ(error.problem(), "holds a NUL character, which no file name can") << what;
      EXPECT_EQ(std::string(error.what()).find('\0'), std::string::npos) << what;
    }
  };
  refused("a model", [&] { (void)Model::read(cut(state)); });
  refused("an instance list", [&] { (void)Documents::read(cut(list)); });
  refused("plain text", [&] { (void)Documents::read(cut(texts)); });
  refused("a reference index", [&] { (void)formats::ReferenceIndex::open(cut(texts)); });
}

TEST_F(NulPaths, EveryWriterRefusesAPathWithANulAndLeavesTheFileBeforeIt) {
  const std::string kept = write("kept.txt", "a user's file\n");
  try {
    output::OutputFile file(cut(kept), "--output", {}, std::cout);
    file.stream() << "replaced";
    file.commit();
    ADD_FAILURE() << "the output was written";
  } catch (const FileError& error) {
    EXPECT_EQ(error.problem(), "holds a NUL character, which no file name can");
  }
  const std::string texts = write("texts.txt", "apple pear plum\n");
  const std::string state = testing::fixtureFile("stackexchange", "state.gz");
  const std::vector<std::pair<testing::Command, std::vector<std::string>>> writers = {
      {commands::indexCommand, {"--texts", texts, "--output", cut(kept)}},
      {commands::perturbStateCommand, {"--input", state, "--output", cut(kept)}},
      {commands::diagnosticsCommand, {"--model", state, "--output-topic-keys", cut(kept)}},
      {commands::indexCommand, {"--texts", cut(texts), "--output", path("texts.index")}},
      {commands::infoCommand, {cut(state)}},
  };
  for (const auto& [command, arguments] : writers) {
    const auto run = testing::runCommand(command, arguments);
    EXPECT_EQ(run.status, 1) << run.err;
    EXPECT_NE(run.err.find(": holds a NUL character, which no file name can\n"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find('\0'), std::string::npos);
  }
  EXPECT_EQ(testing::readText(kept), "a user's file\n");
  EXPECT_EQ(filesHere(), (std::vector<std::string>{"kept.txt", "texts.txt"}));
}

}  // namespace
}  // namespace topiceval
