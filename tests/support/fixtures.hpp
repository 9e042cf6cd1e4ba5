// SPDX-License-Identifier: Apache-2.0
#pragma once
// Paths to the shared MALLET reference files and helpers to read their numbers.

#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace topiceval::testing {

inline std::string fixtureDir(const std::string& set) {
  return std::string(TOPICEVAL_SHARED_DIR) + "/fixtures/mallet-2.1.1/" + set;
}

inline std::string fixtureFile(const std::string& set, const std::string& file) { return fixtureDir(set) + "/" + file; }

inline std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
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
