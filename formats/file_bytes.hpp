#pragma once
// Whole-file input for the readers; "-" reads standard input (as MALLET allows).

#include <cstdint>
#include <string>
#include <vector>

namespace topiceval::formats {

// The most any one input may hold. A file is read whole before it is parsed,
// so this bounds what standard input, a FIFO or a device can make us keep.
inline constexpr std::size_t kMaxInputBytes = std::size_t{4} << 30;

// The file's bytes; a FormatError naming `path` if it cannot be read, is empty
// or is larger than kMaxInputBytes. Standard input and FIFOs are read as data
// arrives; while nothing has arrived for a few seconds, one line on standard
// error says what is being waited for.
std::vector<uint8_t> readFileBytes(const std::string& path);

// Where readFileBytes gets a file's bytes: this process reads it
// (readLocalFileBytes) unless another source is installed, as an MPI job
// installs one that has rank 0 read and broadcast (native/cli/mpi_cluster.cpp).
using FileBytesSource = std::vector<uint8_t> (*)(const std::string& path);
void setFileBytesSource(FileBytesSource source);
std::vector<uint8_t> readLocalFileBytes(const std::string& path);

// Whether the bytes start with the gzip magic number.
bool looksLikeGzip(const std::vector<uint8_t>& bytes);

}  // namespace topiceval::formats
