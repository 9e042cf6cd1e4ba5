// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where every C++ test finds its data, and helpers to read MALLET's numbers. The data are tests/data (where
// each file came from: tests/data/README.md) unpacked by the build into TOPICEVAL_TEST_DATA_DIR
// (cmake/test_data.cmake); no test spells that folder itself.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace topiceval::testing {

// The unpacked tests/data folder.
inline std::string testDataDir() { return TOPICEVAL_TEST_DATA_DIR; }

// The one line a missing data file gives (a failure of the running test, never an exception).
inline std::string missingTestDataMessage(const std::string& path) {
  return "missing test data: " + path +
         " (the build unpacks tests/data into that folder; tests/data/README.md lists every file)";
}

// `relative` (to the data folder) as a path; a failure of the running test if it does not exist.
inline std::string testDataPath(const std::string& relative) {
  const std::string path = testDataDir() + "/" + relative;
  std::error_code error;
  if (!std::filesystem::exists(path, error) && ::testing::UnitTest::GetInstance()->current_test_info() != nullptr)
    ADD_FAILURE() << missingTestDataMessage(path);
  return path;
}

// A MALLET fixture set, or a folder in one: "stackexchange" and "stackexchange/diagnostics" name MALLET
// 2.1.1's (mallet-2.1.1/stackexchange...); a name starting "mallet-" names its version's folder itself
// ("mallet-2.0.8/debian-t1").
inline std::string fixtureSetPath(const std::string& set) {
  return set.starts_with("mallet-") ? set : "mallet-2.1.1/" + set;
}

inline std::string fixtureDir(const std::string& set) { return testDataPath(fixtureSetPath(set)); }

inline std::string fixtureFile(const std::string& set, const std::string& file) {
  return testDataPath(fixtureSetPath(set) + "/" + file);
}

// Whether the data folder holds `relative`, without failing the test (for a file that only some sets hold).
inline bool hasTestData(const std::string& relative) {
  std::error_code error;
  return std::filesystem::exists(testDataDir() + "/" + relative, error);
}

// The names of a data folder's files matching `pattern`, sorted; none (never an exception) when the folder is
// missing, so that a parametrized suite listed at static initialization is only shorter, and the test
// counting its cases says which folder is missing.
inline std::vector<std::string> testDataFiles(const std::string& relativeFolder, const std::regex& pattern) {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator entry(testDataDir() + "/" + relativeFolder, error), end;
       !error && entry != end; entry.increment(error)) {
    const std::string name = entry->path().filename().string();
    if (std::regex_match(name, pattern)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::error_code error;
    const bool missingData = path.starts_with(testDataDir() + "/") && !std::filesystem::exists(path, error);
    throw std::runtime_error(missingData ? missingTestDataMessage(path) : "cannot read " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<std::string> readLines(const std::string& path) {
  std::istringstream in(readText(path));
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// One configuration MALLET was run with, as named in expected/: p10-rtrue-s42.
struct MalletRun {
  std::string set;
  int particles;
  bool resampling;
  int seed;
  std::string tag() const {
    return "p" + std::to_string(particles) + "-r" + (resampling ? "true" : "false") + "-s" + std::to_string(seed);
  }
};

// How GoogleTest names a run in its output.
inline void PrintTo(const MalletRun& run, std::ostream* out) { *out << run.set << " " << run.tag(); }

}  // namespace topiceval::testing
