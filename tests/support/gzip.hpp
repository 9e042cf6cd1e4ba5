// SPDX-License-Identifier: Apache-2.0
#pragma once
// Gzip-compresses text in memory, for building topic-state files in tests.

#include <sstream>
#include <string>
#include <vector>

#include "formats/gzip_output.hpp"

namespace topiceval::testing {

inline std::vector<uint8_t> gzip(const std::string& text) {
  std::ostringstream compressed;
  formats::GzipWriter writer(compressed, "memory");
  writer.write(text);
  writer.finish();
  const std::string bytes = compressed.str();
  return {bytes.begin(), bytes.end()};
}

}  // namespace topiceval::testing
