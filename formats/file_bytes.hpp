#pragma once
// Whole-file input for the readers; "-" reads standard input (as MALLET allows).

#include <cstdint>
#include <string>
#include <vector>

namespace topiceval::formats {

// The file's bytes; a FormatError naming `path` if it cannot be read.
std::vector<uint8_t> readFileBytes(const std::string& path);

// Whether the bytes start with the gzip magic number.
bool looksLikeGzip(const std::vector<uint8_t>& bytes);

}  // namespace topiceval::formats
