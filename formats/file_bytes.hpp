#pragma once
// File input for the readers, whole or in blocks; "-" reads standard input (as MALLET allows).

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace topiceval::formats {

// The most any one input may hold. Most files are read whole before they are
// parsed, so this bounds what standard input, a FIFO or a device can make us
// keep (plain text, read in blocks, is bounded by it too).
inline constexpr std::size_t kMaxInputBytes = std::size_t{4} << 30;

// A reader's test of a file's first bytes (kStartCheckBytes of them, or the
// whole file when it is shorter): it throws the reader's own FormatError for
// a file it would refuse, before the rest is read. A device or a wrong file
// is then refused after 64 KiB instead of after 4 GiB.
inline constexpr std::size_t kStartCheckBytes = std::size_t{64} << 10;
using StartCheck = void (*)(std::span<const uint8_t> start, const std::string& source);

// The file's bytes; a FormatError naming `path` if it cannot be read, is empty,
// is larger than kMaxInputBytes or fails `check`. Standard input and FIFOs are
// read as data arrives; while nothing has arrived for a few seconds, one line
// on standard error says what is being waited for.
std::vector<uint8_t> readFileBytes(const std::string& path, StartCheck check = nullptr);

// Where readFileBytes gets a file's bytes: this process reads it
// (readLocalFileBytes) unless another source is installed, as an MPI job
// installs one that has rank 0 read and broadcast (native/cli/mpi_cluster.cpp).
using FileBytesSource = std::vector<uint8_t> (*)(const std::string& path, StartCheck check);
void setFileBytesSource(FileBytesSource source);
std::vector<uint8_t> readLocalFileBytes(const std::string& path, StartCheck check = nullptr);

// Whether readFileBytes reads files in this process (no other source installed).
bool fileBytesAreLocal();

// While one lives, this process reads its files itself whatever source is
// installed: MPI's rank 0 reads the held-out documents it then deals this way.
class ReadLocally {
 public:
  ReadLocally();
  ~ReadLocally();
  ReadLocally(const ReadLocally&) = delete;
  ReadLocally& operator=(const ReadLocally&) = delete;

 private:
  FileBytesSource saved_;
};

// The file's bytes in order, as blocks of at most kFileBlockBytes, for readers
// that need not hold a whole file: memory stays at a block whatever the file's
// size. The same errors as readLocalFileBytes; `check` sees the first block.
inline constexpr std::size_t kFileBlockBytes = std::size_t{1} << 20;
void readFileBlocks(const std::string& path, StartCheck check,
                    const std::function<void(std::span<const uint8_t> block)>& consume);

// Whether the bytes start with the gzip magic number.
bool looksLikeGzip(std::span<const uint8_t> bytes);

}  // namespace topiceval::formats
