// SPDX-License-Identifier: Apache-2.0
#pragma once
// A test fixture with a directory of its own: named by the test (ctest runs the
// tests of a file side by side, each in its own process), under TMPDIR (each
// build tree's tests have their own, tests/CMakeLists.txt), made empty before
// the test and removed after it.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/fixtures.hpp"

namespace topiceval::testing {

class ScratchDirectory : public ::testing::Test {
 protected:
  explicit ScratchDirectory(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    directory_ = std::filesystem::temp_directory_path() /
                 ("topiceval-" + prefix_ + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(directory_);
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  std::string path(const std::string& name) const { return (directory_ / name).string(); }
  std::string write(const std::string& name, const std::vector<uint8_t>& bytes) const {
    std::ofstream(path(name), std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path(name);
  }
  std::string write(const std::string& name, const std::string& text) const {
    return write(name, std::vector<uint8_t>(text.begin(), text.end()));
  }
  static std::vector<uint8_t> bytesOf(const std::string& file) {
    const std::string text = readText(file);
    return {text.begin(), text.end()};
  }
  // The names in the directory, sorted.
  std::vector<std::string> filesHere() const {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(directory_)) names.push_back(entry.path().filename());
    std::sort(names.begin(), names.end());
    return names;
  }

  std::filesystem::path directory_;

 private:
  std::string prefix_;
};

}  // namespace topiceval::testing
