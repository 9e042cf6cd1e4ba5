// SPDX-License-Identifier: Apache-2.0
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

// The first `count` bytes of a file (fewer when it is shorter, none when it is
// empty), opened as readFileBytes opens it; what a reader looks at to choose a
// reader, before it reads the whole file.
std::vector<uint8_t> readFileStart(const std::string& path, std::size_t count);

// While one lives on this thread (sessions nest), a command may open the same
// input more than once and read the same bytes each time, or be refused:
// - standard input, a FIFO or a device is read from once; its bytes are kept
//   in an anonymous temporary file (in $TMPDIR, else /tmp) as they arrive, and
//   a later opening reads them there, then the rest of the stream. Where no
//   such file can be made, a second opening is refused, naming the input.
// - a regular file's later openings must find it as its first did (device,
//   inode, size, modification time), and the bytes they read must have the
//   checksums, 1 MiB at a time, of the bytes read before: otherwise a
//   FormatError says it changed while it was being read. A block is checked
//   before readFileBlocks passes it on, so nothing read from a changed file
//   reaches a reader's consumer. A reading that reaches the end checks the
//   file's size and modification time once more.
// Commands (native/commands' runCommand) and the library's entry points hold one,
// so that a read of the outline, a second estimator's or a second model's
// reading sees the bytes the first did.
class ReadSession {
 public:
  ReadSession();
  ~ReadSession();
  ReadSession(const ReadSession&) = delete;
  ReadSession& operator=(const ReadSession&) = delete;
};

// How many times this thread has opened `path` for reading ("-": standard
// input): tests count the readings a command makes of one input.
uint64_t openingsOnThisThread(const std::string& path);

// Whether the bytes start with the gzip magic number.
bool looksLikeGzip(std::span<const uint8_t> bytes);

}  // namespace topiceval::formats
