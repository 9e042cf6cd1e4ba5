#include "native/cli/output_file.hpp"

#include "native/runtime/cluster.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <atomic>
#include <filesystem>
#include <system_error>

#include "formats/format_error.hpp"

namespace topiceval::cli {

namespace {

bool sameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

std::string lastError() { return errno != 0 ? std::strerror(errno) : "unknown error"; }

}  // namespace

OutputFile::OutputFile(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
                       std::ostream& standardOutput)
    : path_(path) {
  if (cluster().rank() != 0) {  // under MPI, rank 0 alone writes
    stream_ = &discarded_;
    return;
  }
  if (path == "-") {
    stream_ = &standardOutput;
    return;
  }
  if (path.empty()) throw formats::FormatError(option, "needs a file name");
  struct stat target {};
  const bool exists = ::stat(path.c_str(), &target) == 0;
  if (exists) {
    if (S_ISDIR(target.st_mode)) throw formats::FormatError(path, "is a directory; " + option + " needs a file");
    for (const std::string& input : inputs) {
      struct stat read {};
      if (input != "-" && ::stat(input.c_str(), &read) == 0 && sameFile(read, target))
        throw formats::FormatError(
            path, "is also an input of this run; writing " + option + " there would destroy it: choose another file");
    }
  }
  if (exists && !S_ISREG(target.st_mode)) {  // a device or FIFO: nothing to replace
    file_.open(path, std::ios::out | std::ios::binary);
    if (!file_) throw formats::FormatError(path, "cannot be written: " + lastError());
    stream_ = &file_;
    return;
  }
  // A symbolic link is written through: its target is what gets replaced.
  struct stat link {};
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    std::error_code error;
    const auto resolved = std::filesystem::canonical(path, error);
    if (error) throw formats::FormatError(path, "is a symbolic link that cannot be followed: " + error.message());
    path_ = resolved.string();
  }
  // A new file beside the target, created exclusively (the umask applies to a
  // new output; an existing one keeps its mode).
  static std::atomic<unsigned> counter{0};
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temporary_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    temporary_.clear();
    throw formats::FormatError(path, "cannot be written (check the directory exists and is writable)");
  }
  if (exists) ::fchmod(fd, target.st_mode & 07777);
  ::close(fd);
  file_.open(temporary_, std::ios::out | std::ios::binary | std::ios::trunc);
  if (!file_) {
    std::remove(temporary_.c_str());
    throw formats::FormatError(path, "cannot be written: " + lastError());
  }
  stream_ = &file_;
}

OutputFile::~OutputFile() {
  if (!committed_ && !temporary_.empty()) {
    file_.close();
    std::remove(temporary_.c_str());
  }
}

void OutputFile::commit() {
  if (committed_) return;
  if (stream_ == &discarded_) {
    committed_ = true;
    return;
  }
  if (stream_ != &file_) {
    checkStandardOutput(*stream_);
    committed_ = true;
    return;
  }
  errno = 0;
  file_.flush();
  if (!file_) throw formats::FormatError(path_, "writing failed: " + lastError());
  file_.close();
  if (file_.fail()) throw formats::FormatError(path_, "writing failed: " + lastError());
  if (!temporary_.empty() && std::rename(temporary_.c_str(), path_.c_str()) != 0)
    throw formats::FormatError(path_, "cannot be replaced: " + lastError());
  committed_ = true;
}

void checkStandardOutput(std::ostream& out) {
  errno = 0;
  out.flush();
  if (!out) throw formats::FormatError("standard output", "writing failed: " + lastError());
}

}  // namespace topiceval::cli
