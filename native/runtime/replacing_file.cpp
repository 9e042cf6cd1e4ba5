// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/replacing_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <string_view>
#include <system_error>

#include "topiceval/errors.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval {

namespace {

std::string errorText(int error) { return error != 0 ? std::strerror(error) : "unknown error"; }

// The temporary files being written, for the signal handler: slots a handler
// can read without a lock.
constexpr std::size_t kTemporarySlots = 64;
std::atomic<const char*> temporaries[kTemporarySlots];

void rememberTemporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, path)) return;
  }
}

void forgetTemporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

// A temporary name must fit in NAME_MAX (255 bytes on every filesystem
// topiceval writes to): ".tmp-" + a host of at most 64 bytes + "-" + a
// process id of at most 10 digits + "-" + a counter of at most 20 leave 154
// for the target's own name, which is cut there when longer. The cut is the
// same for writing and for cleaning up, so both agree on the names.
constexpr std::size_t kLongestHost = 64;
constexpr std::size_t kLongestStem = 255 - (5 + kLongestHost + 1 + 10 + 1 + 20);

std::string temporaryPrefix(const std::string& fileName) {
  return fileName.substr(0, kLongestStem) + ".tmp-" + temporaryHostName() + "-";
}

// A decimal number written as topiceval writes one: digits only, no sign, no
// leading zero, within the type. Anything else is not a name of ours.
template <class Integer>
std::optional<Integer> canonicalDecimal(std::string_view text) {
  if (text.empty() || (text.size() > 1 && text.front() == '0')) return std::nullopt;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The process that wrote `name`, when it is exactly PREFIX + PID + "-" + N.
std::optional<pid_t> temporaryOwner(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix)) return std::nullopt;
  const std::string_view rest = name.substr(prefix.size());
  const std::size_t dash = rest.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto pid = canonicalDecimal<pid_t>(rest.substr(0, dash));
  if (!pid || *pid <= 0 || !canonicalDecimal<std::uint64_t>(rest.substr(dash + 1))) return std::nullopt;
  return pid;
}

// Removes the temporary files of `fileName` in `directory` that a killed run of
// this machine left (see the header for what counts as one).
void removeStaleTemporaries(const std::string& directory, const std::string& fileName) {
  const std::string prefix = temporaryPrefix(fileName);
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr) return;
  const int folder = ::dirfd(listing);
  while (const dirent* entry = ::readdir(listing)) {
    const std::string_view name = entry->d_name;
    const auto pid = temporaryOwner(name, prefix);
    if (!pid || *pid == ::getpid()) continue;
    struct stat file {};
    if (::fstatat(folder, entry->d_name, &file, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(file.st_mode) ||
        file.st_uid != ::geteuid())
      continue;
    if (::kill(*pid, 0) != 0 && errno == ESRCH) ::unlinkat(folder, entry->d_name, 0);
  }
  ::closedir(listing);
}

std::string directoryOf(const std::filesystem::path& path) {
  return path.has_parent_path() ? path.parent_path().string() : std::string(".");
}

}  // namespace

const std::string& temporaryHostName() {
  static const std::string host = [] {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return std::string("localhost");
    std::string text = std::string(name).substr(0, kLongestHost);
    for (char& c : text) {
      if (c == '/' || c == '-') c = '_';
    }
    return text;
  }();
  return host;
}

FileIdentity fileIdentity(const std::string& path) {
  requireFileName(path);
  FileIdentity identity;
  struct stat file {};
  if (::stat(path.c_str(), &file) == 0) {
    identity.exists = true;
    identity.replaced = S_ISREG(file.st_mode);
    identity.device = file.st_dev;
    identity.inode = file.st_ino;
    return identity;
  }
  std::error_code error;
  const auto absolute = std::filesystem::absolute(path, error);
  const auto canonical =
      error ? std::filesystem::path(path).lexically_normal() : std::filesystem::weakly_canonical(absolute, error);
  identity.location = error ? absolute.lexically_normal().string() : canonical.string();
  return identity;
}

void removeTemporariesBeingWritten() noexcept {
  for (auto& slot : temporaries) {
    if (const char* path = slot.load()) ::unlink(path);
  }
}

ReplacingFile::ReplacingFile(const std::string& path, const std::string& what) : target_(path) {
  requireFileName(path);
  if (path.empty()) throw FileError(what.empty() ? "the output" : what, "needs a file name");
  struct stat existing {};
  const bool exists = ::stat(path.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode))
    throw FileError(path, what.empty() ? "is a directory, not a file" : "is a directory; " + what + " needs a file");
  if (exists && !S_ISREG(existing.st_mode)) {  // a device or FIFO: nothing to replace
    descriptor_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (descriptor_ < 0) throw FileError(path, "cannot be written: " + errorText(errno));
  } else {
    struct stat link {};
    if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
      std::error_code error;
      const auto resolved = std::filesystem::canonical(path, error);
      if (error) throw FileError(path, "is a symbolic link that cannot be followed: " + error.message());
      target_ = resolved.string();
    }
    const std::filesystem::path target(target_);
    const std::string directory = directoryOf(target);
    const std::string fileName = target.filename().string();
    removeStaleTemporaries(directory, fileName);
    static std::atomic<std::uint64_t> counter{0};
    const std::string stem = (target.has_parent_path() ? target.parent_path() / "" : std::filesystem::path()).string() +
                             temporaryPrefix(fileName) + std::to_string(::getpid()) + "-";
    for (int attempt = 0; attempt < 100 && descriptor_ < 0; ++attempt) {
      temporary_ = stem + std::to_string(counter++);
      // Known to the signal handler before it exists: a signal between creating the file and remembering it
      // would leave it behind. (A name of this process's id that exists already is a dead run's leftover.)
      rememberTemporary(temporary_.c_str());
      descriptor_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
      if (descriptor_ < 0) forgetTemporary(temporary_.c_str());
      if (descriptor_ < 0 && errno != EEXIST) break;
    }
    if (descriptor_ < 0) {
      temporary_.clear();
      throw FileError(path, "cannot be written (check the directory exists and is writable)");
    }
    // The replaced file's permissions, but not its set-user-ID or set-group-ID bit:
    // the new file is this user's, whoever owned the old one.
    if (exists) ::fchmod(descriptor_, existing.st_mode & 0777);
  }
  buffer_ = std::make_unique<DescriptorBuffer>(descriptor_);
  stream_.rdbuf(buffer_.get());
}

ReplacingFile::~ReplacingFile() { discard(); }

void ReplacingFile::discard() noexcept {
  if (descriptor_ >= 0) ::close(descriptor_);
  descriptor_ = -1;
  if (!temporary_.empty()) {
    if (!committed_) ::unlink(temporary_.c_str());
    forgetTemporary(temporary_.c_str());
    temporary_.clear();
  }
}

void ReplacingFile::commit(bool durable) {
  if (committed_) return;
  stream_.flush();
  if (!stream_) {
    const int error = buffer_->error();
    discard();
    throw FileError(target_, "writing failed: " + errorText(error));
  }
  if (durable && !temporary_.empty() && ::fsync(descriptor_) != 0) {
    const int error = errno;
    discard();
    throw FileError(target_, "writing failed: " + errorText(error));
  }
  const int closed = ::close(descriptor_);
  const int closeError = errno;
  descriptor_ = -1;
  if (closed != 0 && closeError != EINTR) {
    discard();
    throw FileError(target_, "writing failed: " + errorText(closeError));
  }
  if (!temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    const int error = errno;
    discard();
    throw FileError(target_, "cannot be replaced: " + errorText(error));
  }
  committed_ = true;
  discard();
}

}  // namespace topiceval
