#pragma once
// Gzip-compresses text in memory, for building topic-state files in tests.

#include <boost/iostreams/copy.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace topiceval::testing {

inline std::vector<uint8_t> gzip(const std::string& text) {
  std::ostringstream compressed;
  {
    boost::iostreams::filtering_ostream out;
    out.push(boost::iostreams::gzip_compressor());
    out.push(compressed);
    out << text;
  }
  const std::string bytes = compressed.str();
  return {bytes.begin(), bytes.end()};
}

}  // namespace topiceval::testing
