#include "formats/file_bytes.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
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

std::vector<uint8_t> readFileBytes(const std::string& path, StartCheck check) {
  return installedSource != nullptr ? installedSource(path, check) : readLocalFileBytes(path, check);
}

std::vector<uint8_t> readLocalFileBytes(const std::string& path, StartCheck check) {
  const bool standardInput = path == "-";
  const std::string name = standardInput ? "standard input" : path;
  // Non-blocking, so that opening a FIFO nobody writes to does not hang here.
  const int fd = standardInput ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw FormatError(name, std::string("cannot open: ") + std::strerror(errno));
  const Descriptor file(fd, !standardInput);
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw FormatError(name, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) throw FormatError(name, "is a directory, not a file");
  const bool regular = S_ISREG(info.st_mode);
  if (regular && static_cast<uint64_t>(info.st_size) > kMaxInputBytes) tooLarge(name);

  std::vector<uint8_t> bytes;
  // A regular file is read straight into its buffer (one byte more, to see
  // the end without growing); a stream 64 KiB at a time.
  if (regular) bytes.reserve(static_cast<std::size_t>(info.st_size) + 1);
  bool announcedWait = false;
  for (;;) {
    if (!regular) {
      pollfd waiting{fd, POLLIN, 0};
      const int ready = ::poll(&waiting, 1, kWaitNoticeMilliseconds);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) throw FormatError(name, std::string("read error: ") + std::strerror(errno));
      if (ready == 0) {  // silence: a FIFO with no writer yet, or a terminal
        if (!announcedWait)
          std::cerr << "topiceval: waiting for input on " << name << " (nothing has arrived yet)" << std::endl;
        announcedWait = true;
        continue;
      }
    }
    const std::size_t start = bytes.size();
    const std::size_t room = bytes.capacity() - start;
    bytes.resize(start + (room > 0 ? std::min<std::size_t>(room, std::size_t{1} << 24) : std::size_t{1} << 16));
    const ssize_t got = ::read(fd, bytes.data() + start, bytes.size() - start);
    bytes.resize(start + static_cast<std::size_t>(std::max<ssize_t>(got, 0)));
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw FormatError(name, std::string("read error: ") + std::strerror(errno));
    }
    if (got == 0) break;
    if (bytes.size() > kMaxInputBytes) tooLarge(name);
    if (check != nullptr && bytes.size() >= kStartCheckBytes) {
      check(std::span<const uint8_t>(bytes).first(kStartCheckBytes), name);
      check = nullptr;
    }
  }
  if (bytes.empty()) throw FormatError(name, "is empty");
  if (check != nullptr) check(bytes, name);
  return bytes;
}

bool looksLikeGzip(std::span<const uint8_t> bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B;
}

}  // namespace topiceval::formats
