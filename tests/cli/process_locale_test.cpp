// SPDX-License-Identifier: Apache-2.0
// The process's locale: whatever LC_ALL says, numbers are written with a point
// (the text, the reports' SVG coordinates, info's listing).
#include <gtest/gtest.h>

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "native/commands/commands.hpp"
#include "support/command_output.hpp"
#include "support/fixtures.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::fixtureFile;

class ProcessLocale : public testing::ScratchDirectory {
 protected:
  ProcessLocale() : ScratchDirectory("locale") {}

  const std::string inferencer_ = fixtureFile("stackexchange", "inferencer.mallet");
};

// A German locale, built into the test's own directory (LOCPATH), so that no
// system locale needs installing: its decimal separator is a comma.
bool useGermanLocale(const std::filesystem::path& directory) {
  const std::string command = "localedef -i de_DE -f UTF-8 " + (directory / "de_DE.UTF-8").string() + " 2>/dev/null";
  if (std::system(command.c_str()) != 0) return false;
  ::setenv("LOCPATH", directory.c_str(), 1);
  return std::setlocale(LC_ALL, "de_DE.UTF-8") != nullptr;
}

TEST_F(ProcessLocale, NumbersAreWrittenWithAPointWhateverTheProcessLocale) {
  ASSERT_TRUE(useGermanLocale(directory_)) << "localedef (Debian's locales) could not build de_DE.UTF-8";
  char probe[16];
  std::snprintf(probe, sizeof probe, "%.1f", 2.5);
  EXPECT_STREQ(probe, "2,5");  // the process's C library now writes commas
  const std::string report = path("report.html");
  // Through the door every front end uses (the executable, Python's run(), Java's TopicEvaluator.run).
  const auto command = [](const std::string& name, const std::vector<std::string>& arguments) {
    std::ostringstream out, err;
    const int status = commands::runCommand(name, arguments, out, err);
    return testing::CommandOutput{status, out.str(), err.str()};
  };
  const auto evaluated =
      command("evaluate", {"--model", inferencer_, "--input", fixtureFile("stackexchange", "test.mallet"),
                           "--estimator", "left-to-right", "--report", report});
  const auto info = command("info", {inferencer_});
  std::setlocale(LC_ALL, "C");
  ::unsetenv("LOCPATH");
  ASSERT_EQ(evaluated.status, 0) << evaluated.err;
  EXPECT_NE(evaluated.out.find("per token       -"), std::string::npos) << evaluated.out;
  for (const std::string& line : testing::lines(evaluated.out)) {
    if (line.starts_with("log likelihood") || line.starts_with("per token") || line.starts_with("perplexity")) {
      EXPECT_EQ(line.find(','), std::string::npos) << line;
    }
  }
  const std::string html = testing::readText(report);
  // SVG coordinates are written with a point: the axes' x1="N.N", never "N,N".
  const std::size_t axis = html.find("class=\"axis\" x1=\"");
  ASSERT_NE(axis, std::string::npos);
  const std::string coordinate = html.substr(axis + 17, html.find('"', axis + 17) - axis - 17);
  EXPECT_EQ(coordinate.find(','), std::string::npos) << coordinate;
  EXPECT_NE(coordinate.find('.'), std::string::npos) << coordinate;
  ASSERT_EQ(info.status, 0) << info.err;
  for (const std::string& line : testing::lines(info.out)) {
    if (line.starts_with("topic ")) {
      EXPECT_EQ(line.find(','), std::string::npos) << line;
    }
  }
}

}  // namespace
}  // namespace topiceval
