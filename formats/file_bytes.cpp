#include "formats/file_bytes.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <iostream>

#include "formats/format_error.hpp"

namespace topiceval::formats {

namespace {

// How long a stream may stay silent before we say we are waiting for it.
constexpr int kWaitNoticeMilliseconds = 3000;

class Descriptor {
 public:
  explicit Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  ~Descriptor() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

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

// One input opened for reading: a file, a FIFO, a device or standard input.
class InputFile {
 public:
  explicit InputFile(const std::string& path)
      : name_(path == "-" ? "standard input" : path),
        // Non-blocking, so that opening a FIFO nobody writes to does not hang here.
        file_(path == "-" ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC), path != "-") {
    if (file_.get() < 0) throw FormatError(name_, std::string("cannot open: ") + std::strerror(errno));
    struct stat info {};
    if (::fstat(file_.get(), &info) != 0) throw FormatError(name_, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISDIR(info.st_mode)) throw FormatError(name_, "is a directory, not a file");
    regular_ = S_ISREG(info.st_mode);
    if (regular_) size_ = static_cast<uint64_t>(info.st_size);
    if (size_ > kMaxInputBytes) tooLarge(name_);
  }

  const std::string& name() const { return name_; }
  // A regular file's size when opened (it may still change); 0 for a stream.
  uint64_t size() const { return size_; }

  // Up to `count` bytes into `into`; 0 at the end. A stream is waited for,
  // with one line on standard error while nothing has arrived for a while.
  std::size_t read(uint8_t* into, std::size_t count) {
    for (;;) {
      if (!regular_) {
        pollfd waiting{file_.get(), POLLIN, 0};
        const int ready = ::poll(&waiting, 1, kWaitNoticeMilliseconds);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) throw FormatError(name_, std::string("read error: ") + std::strerror(errno));
        if (ready == 0) {  // silence: a FIFO with no writer yet, or a terminal
          if (!announcedWait_)
            std::cerr << "topiceval: waiting for input on " << name_ << " (nothing has arrived yet)" << std::endl;
          announcedWait_ = true;
          continue;
        }
      }
      const ssize_t got = ::read(file_.get(), into, count);
      if (got < 0) {
        if (errno == EINTR || errno == EAGAIN) continue;
        throw FormatError(name_, std::string("read error: ") + std::strerror(errno));
      }
      total_ += static_cast<std::size_t>(got);
      if (total_ > kMaxInputBytes) tooLarge(name_);
      return static_cast<std::size_t>(got);
    }
  }

 private:
  std::string name_;
  Descriptor file_;
  bool regular_ = false;
  uint64_t size_ = 0;
  std::size_t total_ = 0;
  bool announcedWait_ = false;
};

}  // namespace

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
  bool started = false;
  uint64_t total = 0;
  for (;;) {
    const std::size_t got = file.read(block.data() + filled, block.size() - filled);
    filled += got;
    total += got;
    // The first block holds the check's bytes (or the whole input).
    if (got != 0 && filled < block.size() && (started || filled < kStartCheckBytes)) continue;
    if (filled == 0) break;
    const std::span<const uint8_t> bytes(block.data(), filled);
    if (!started && check != nullptr) check(bytes.first(std::min(filled, kStartCheckBytes)), file.name());
    started = true;
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
