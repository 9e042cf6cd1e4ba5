// SPDX-License-Identifier: Apache-2.0
#include "formats/file_bytes.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "formats/format_error.hpp"
#include "native/runtime/progress.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

namespace {

// How long a stream may stay silent before we say we are waiting for it.
constexpr int kWaitNoticeMilliseconds = 3000;

[[noreturn]] void tooLarge(const std::string& name) {
  throw FormatError(name, "holds more than " + std::to_string(kMaxInputBytes >> 30) +
                              " GiB, more than topiceval reads from one input");
}

}  // namespace

namespace {
FileBytesSource installedSource = nullptr;
}  // namespace

void setFileBytesSource(FileBytesSource source) { installedSource = source; }

ReadLocally::ReadLocally() : saved_(installedSource) { installedSource = nullptr; }
ReadLocally::~ReadLocally() { installedSource = saved_; }

std::vector<uint8_t> readFileBytes(const std::string& path, StartCheck check) {
  return installedSource != nullptr ? installedSource(path, check) : readLocalFileBytes(path, check);
}

namespace {

// A stream's next bytes as they arrive (at most `count`; 0 at its end), with
// one line on standard error while nothing has arrived for a while.
std::size_t readStream(int fd, const std::string& name, bool& announcedWait, uint8_t* into, std::size_t count) {
  // Waited for in slices, so that the caller's Cancellation (Ctrl-C from
  // Python or R) ends a wait for a writer that never comes.
  constexpr int kSliceMilliseconds = 100;
  int silent = 0;
  for (;;) {
    stopIfCancelled();
    pollfd waiting{fd, POLLIN, 0};
    const int ready = ::poll(&waiting, 1, std::min(kSliceMilliseconds, kWaitNoticeMilliseconds));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) throw FormatError(name, std::string("read error: ") + std::strerror(errno));
    if (ready == 0) {  // silence: a FIFO with no writer yet, or a terminal
      silent += kSliceMilliseconds;
      if (!announcedWait && silent >= kWaitNoticeMilliseconds) {
        std::cerr << "topiceval: waiting for input on " << name << " (nothing has arrived yet)" << std::endl;
        announcedWait = true;
      }
      continue;
    }
    const ssize_t got = ::read(fd, into, count);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw FormatError(name, std::string("read error: ") + std::strerror(errno));
    }
    return static_cast<std::size_t>(got);
  }
}

std::size_t readRegular(int fd, const std::string& name, uint8_t* into, std::size_t count) {
  for (;;) {
    const ssize_t got = ::read(fd, into, count);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw FormatError(name, std::string("read error: ") + std::strerror(errno));
    }
    return static_cast<std::size_t>(got);
  }
}

// What identifies a regular file's version without reading it.
struct FileState {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  int64_t modifiedSeconds = 0;
  int64_t modifiedNanoseconds = 0;
  bool operator==(const FileState&) const = default;
};

FileState stateOf(const struct stat& info) {
  return {info.st_dev, info.st_ino, info.st_size, static_cast<int64_t>(info.st_mtim.tv_sec),
          static_cast<int64_t>(info.st_mtim.tv_nsec)};
}

// CRC-32 (zlib's) of each block: it tells an accidental change (an append, a
// truncation, a rewrite) from the same bytes; it is no defence against a
// forger, which nothing reading a file twice could be.
uint32_t checksumStart() { return static_cast<uint32_t>(::crc32_z(0, Z_NULL, 0)); }

// What a session's first reading of a regular file found.
struct FileRecord {
  FileState state;                   // at its first opening
  std::vector<uint32_t> blocks;      // checksums of kFileBlockBytes each; the last shorter once the end was read
  std::optional<uint64_t> length;    // once a reading reached the end
};

// Standard input, a FIFO or a device in a session: read from once, its bytes
// kept in an anonymous temporary file for the openings after the first.
struct Spool {
  ~Spool() {
    if (ownsStream && stream >= 0) ::close(stream);
    if (copy >= 0) ::close(copy);
  }
  int stream = -1;
  bool ownsStream = false;
  int copy = -1;
  std::string problem;   // why there is no copy
  uint64_t arrived = 0;  // bytes read from the stream (all in the copy, when there is one)
  bool ended = false;
  bool announcedWait = false;
};

struct Session {
  int depth = 0;
  std::map<std::string, FileRecord> files;
  std::map<std::string, std::unique_ptr<Spool>> streams;
};
// One per thread: the library's entry points run a call on one thread (the
// Python and Java front ends each on their own), and two calls at once on
// other threads must not see each other's inputs.
thread_local Session session;
thread_local std::map<std::string, uint64_t> openings;

// An anonymous file for a stream's bytes: nothing to remove afterwards, even
// when the process is killed.
int anonymousFile(std::string& problem) {
  const char* given = std::getenv("TMPDIR");
  const std::string directory = given != nullptr && *given != '\0' ? given : "/tmp";
#ifdef O_TMPFILE
  if (const int fd = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600); fd >= 0) return fd;
#endif
  std::string name = directory + "/topiceval-input-XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd >= 0) {
    ::unlink(name.c_str());
    return fd;
  }
  problem = "no temporary file could be made in " + directory + " (" + std::strerror(errno) + ")";
  return -1;
}

// One input opened for reading: a file, a FIFO, a device or standard input;
// in a session, the stream's kept copy or the regular file checked against
// its earlier readings (see ReadSession).
class InputFile {
 public:
  explicit InputFile(const std::string& path) : name_(path == "-" ? "standard input" : path) {
    requireFileName(path);
    ++openings[path];
    if (session.depth > 0) {
      if (const auto kept = session.streams.find(path); kept != session.streams.end()) {
        attach(*kept->second);
        return;
      }
    }
    // Non-blocking, so that opening a FIFO nobody writes to does not hang here.
    file_.fd = path == "-" ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    file_.owned = path != "-";
    if (file_.fd < 0) throw FormatError(name_, std::string("cannot open: ") + std::strerror(errno));
    struct stat info {};
    if (::fstat(file_.fd, &info) != 0) throw FormatError(name_, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISDIR(info.st_mode)) throw FormatError(name_, "is a directory, not a file");
    regular_ = S_ISREG(info.st_mode);
    if (regular_) size_ = static_cast<uint64_t>(info.st_size);
    if (size_ > kMaxInputBytes) tooLarge(name_);
    if (session.depth == 0) return;
    // Standard input is kept even when it is a regular file: its offset is shared, so it cannot be read again.
    if (regular_ && path != "-") {
      const auto [entry, first] = session.files.try_emplace(path);
      if (first) entry->second.state = stateOf(info);
      record_ = &entry->second;
      if (!first && stateOf(info) != record_->state) changed();
      return;
    }
    if (session.files.contains(path)) changed();  // a regular file replaced by a FIFO or a device
    auto spool = std::make_unique<Spool>();
    spool->stream = std::exchange(file_.fd, -1);
    spool->ownsStream = std::exchange(file_.owned, false);
    spool->copy = anonymousFile(spool->problem);
    spool_ = spool.get();
    session.streams.emplace(path, std::move(spool));
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& name() const { return name_; }
  // A regular file's size when opened (it may still change); 0 for a stream
  // (its whole length, once a session has kept all of it).
  uint64_t size() const { return spool_ != nullptr ? (spool_->ended ? spool_->arrived : 0) : size_; }

  // Up to `count` bytes into `into`; 0 at the end. A stream is waited for,
  // with one line on standard error while nothing has arrived for a while.
  std::size_t read(uint8_t* into, std::size_t count) {
    stopIfCancelled();  // every file is read through here, a block at a time
    std::size_t got = 0;
    if (spool_ != nullptr) {
      got = readKept(into, count);
    } else {
      got = regular_ ? readRegular(file_.fd, name_, into, count)
                     : readStream(file_.fd, name_, announcedWait_, into, count);
    }
    total_ += got;
    if (total_ > kMaxInputBytes) tooLarge(name_);
    if (record_ != nullptr) fingerprint(into, got);
    return got;
  }

 private:
  void attach(Spool& spool) {
    if (spool.copy < 0 && spool.arrived > 0) cannotReadAgain(spool);
    spool_ = &spool;
  }
  [[noreturn]] void cannotReadAgain(const Spool& spool) const {
    throw FormatError(name_, "is read more than once by this command, and it is a stream (standard input, a pipe or "
                             "a device) whose first reading could not be kept: " +
                                 spool.problem + "; give it as a regular file");
  }
  [[noreturn]] void changed() const {
    throw FormatError(name_, "changed while it was being read: this command reads it more than once and its size, "
                             "time or bytes differ from an earlier reading; run it again once nothing writes to it");
  }

  // From the kept copy as far as it goes, then from the stream (kept as it arrives).
  std::size_t readKept(uint8_t* into, std::size_t count) {
    Spool& spool = *spool_;
    if (offset_ < spool.arrived) {
      if (spool.copy < 0) cannotReadAgain(spool);
      const std::size_t wanted = static_cast<std::size_t>(std::min<uint64_t>(count, spool.arrived - offset_));
      for (;;) {
        const ssize_t got = ::pread(spool.copy, into, wanted, static_cast<off_t>(offset_));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0)
          throw FormatError(name_, std::string("its kept copy cannot be read: ") +
                                       (got < 0 ? std::strerror(errno) : "it is shorter than what arrived"));
        offset_ += static_cast<uint64_t>(got);
        return static_cast<std::size_t>(got);
      }
    }
    if (spool.ended) return 0;
    const std::size_t got = readStream(spool.stream, name_, spool.announcedWait, into, count);
    if (got == 0) spool.ended = true;
    for (std::size_t written = 0; spool.copy >= 0 && written < got;) {
      const ssize_t put = ::pwrite(spool.copy, into + written, got - written, static_cast<off_t>(spool.arrived + written));
      if (put < 0 && errno == EINTR) continue;
      if (put <= 0) {  // a full disk: this reading goes on; another is refused
        spool.problem = std::string("writing its temporary copy failed (") +
                        (put < 0 ? std::strerror(errno) : "nothing written") + ")";
        ::close(spool.copy);
        spool.copy = -1;
        break;
      }
      written += static_cast<std::size_t>(put);
    }
    spool.arrived += got;
    offset_ += got;
    return got;
  }

  // Each block read is checked against (or, first, recorded as) its earlier reading's.
  void fingerprint(const uint8_t* bytes, std::size_t count) {
    if (count == 0) {
      finishReading();
      return;
    }
    while (count > 0) {
      const std::size_t take = static_cast<std::size_t>(
          std::min<uint64_t>(count, kFileBlockBytes - position_ % kFileBlockBytes));
      checksum_ = static_cast<uint32_t>(::crc32_z(checksum_, bytes, take));
      position_ += take;
      bytes += take;
      count -= take;
      if (position_ % kFileBlockBytes == 0) finishBlock();
    }
    if (record_->length && position_ > *record_->length) changed();
  }
  void finishBlock() {
    const std::size_t index = static_cast<std::size_t>((position_ - 1) / kFileBlockBytes);
    if (index < record_->blocks.size()) {
      if (record_->blocks[index] != checksum_) changed();
    } else {
      record_->blocks.push_back(checksum_);
    }
    checksum_ = checksumStart();
  }
  void finishReading() {
    if (std::exchange(finished_, true)) return;
    if (position_ % kFileBlockBytes != 0) finishBlock();
    if (record_->length && *record_->length != position_) changed();
    record_->length = position_;
    struct stat info {};
    if (::fstat(file_.fd, &info) != 0 || stateOf(info) != record_->state) changed();
  }

  // Closed by its own destructor, which runs when the constructor throws too.
  struct Descriptor {
    ~Descriptor() {
      if (owned && fd >= 0) ::close(fd);
    }
    int fd = -1;
    bool owned = false;
  };

  std::string name_;
  Descriptor file_;
  bool regular_ = false;
  uint64_t size_ = 0;
  std::size_t total_ = 0;
  bool announcedWait_ = false;
  Spool* spool_ = nullptr;
  uint64_t offset_ = 0;  // in the spool
  FileRecord* record_ = nullptr;
  uint64_t position_ = 0;  // in the regular file
  uint32_t checksum_ = checksumStart();
  bool finished_ = false;
};

}  // namespace

uint64_t openingsOnThisThread(const std::string& path) {
  const auto found = openings.find(path);
  return found == openings.end() ? 0 : found->second;
}

ReadSession::ReadSession() { ++session.depth; }

ReadSession::~ReadSession() {
  if (--session.depth > 0) return;
  session.files.clear();
  session.streams.clear();
}

std::vector<uint8_t> readFileStart(const std::string& path, std::size_t count) {
  InputFile file(path);
  std::vector<uint8_t> start(count);
  std::size_t filled = 0;
  while (filled < count) {
    const std::size_t got = file.read(start.data() + filled, count - filled);
    if (got == 0) break;
    filled += got;
  }
  start.resize(filled);
  return start;
}

std::vector<uint8_t> readLocalFileBytes(const std::string& path, StartCheck check) {
  InputFile file(path);
  std::vector<uint8_t> bytes;
  // A regular file is read straight into its buffer (one byte more, to see
  // the end without growing); a stream 64 KiB at a time.
  if (file.size() > 0) bytes.reserve(static_cast<std::size_t>(file.size()) + 1);
  for (;;) {
    const std::size_t start = bytes.size();
    const std::size_t room = bytes.capacity() - start;
    bytes.resize(start + (room > 0 ? std::min<std::size_t>(room, std::size_t{1} << 24) : std::size_t{1} << 16));
    const std::size_t got = file.read(bytes.data() + start, bytes.size() - start);
    bytes.resize(start + got);
    if (got == 0) break;
    if (check != nullptr && bytes.size() >= kStartCheckBytes) {
      check(std::span<const uint8_t>(bytes).first(kStartCheckBytes), file.name());
      check = nullptr;
    }
  }
  if (bytes.empty()) throw FormatError(file.name(), "is empty");
  if (check != nullptr) check(bytes, file.name());
  return bytes;
}

bool fileBytesAreLocal() { return installedSource == nullptr; }

void readFileBlocks(const std::string& path, StartCheck check,
                    const std::function<void(std::span<const uint8_t> block)>& consume) {
  InputFile file(path);
  std::vector<uint8_t> block(kFileBlockBytes);
  std::size_t filled = 0;
  uint64_t total = 0;
  for (;;) {
    const std::size_t got = file.read(block.data() + filled, block.size() - filled);
    filled += got;
    total += got;
    // The check as soon as its bytes (or the whole input) are there, so that a
    // device is refused early; a block is passed on only whole (or at the
    // end), once a session has checked it (see ReadSession).
    if (check != nullptr && filled > 0 && (filled >= kStartCheckBytes || got == 0)) {
      check(std::span<const uint8_t>(block.data(), std::min(filled, kStartCheckBytes)), file.name());
      check = nullptr;
    }
    if (got != 0 && filled < block.size()) continue;
    if (filled == 0) break;
    const std::span<const uint8_t> bytes(block.data(), filled);
    consume(bytes);
    filled = 0;
    if (got == 0) break;
  }
  if (total == 0) throw FormatError(file.name(), "is empty");
}

bool looksLikeGzip(std::span<const uint8_t> bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B;
}

}  // namespace topiceval::formats
