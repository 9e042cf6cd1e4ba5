#include "native/cli/output_file.hpp"

#include "native/runtime/cluster.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <signal.h>

#include <cerrno>
#include <csignal>
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

// The temporary files being written, for the signal handler: slots a handler
// can read without a lock (it may only call async-signal-safe functions).
constexpr std::size_t kTemporarySlots = 64;
std::atomic<const char*> temporaries[kTemporarySlots];

void forgetTemporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

void rememberTemporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, path)) return;
  }
}

extern "C" void removeTemporariesAndDie(int signal) {
  for (auto& slot : temporaries) {
    if (const char* path = slot.load()) ::unlink(path);
  }
  std::signal(signal, SIG_DFL);  // then die of the signal, as the shell expects (status 128 + signal)
  std::raise(signal);
}

// This machine's name, as temporary names carry it (a shared filesystem may
// hold other machines' runs, whose process ids mean nothing here).
std::string hostName() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "localhost";
  std::string host = name;
  for (char& c : host) {
    if (c == '/' || c == '-') c = '_';
  }
  return host;
}

// Temporary files beside `target` that a run of this machine left when it was
// killed outright (SIGKILL, or a node lost under mpirun): TARGET.tmp-HOST-PID-N
// whose process no longer exists. Removed before a new run writes the target.
void removeStaleTemporaries(const std::string& target, const std::string& host) {
  const std::filesystem::path path(target);
  const std::string prefix = path.filename().string() + ".tmp-" + host + "-";
  std::error_code error;
  const std::filesystem::path directory = path.has_parent_path() ? path.parent_path() : ".";
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(prefix)) continue;
    const std::string rest = name.substr(prefix.size());
    const std::size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string::npos || rest.find_first_not_of("0123456789-") != std::string::npos) continue;
    const long long pid = std::stoll(rest.substr(0, dash));
    if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
      std::filesystem::remove(entry.path(), error);
  }
}

}  // namespace

void removeTemporaryOutputsOnSignals() {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction action {};
    action.sa_handler = &removeTemporariesAndDie;
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
  }
}

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
  static const std::string host = hostName();
  removeStaleTemporaries(path_, host);
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temporary_ = path_ + ".tmp-" + host + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    // Known to the signal handler before it exists: a signal between creating the file and remembering it
    // would leave it behind. (A name of this process's id that exists already is a dead run's leftover.)
    rememberTemporary(temporary_.c_str());
    fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) forgetTemporary(temporary_.c_str());
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
    forgetTemporary(temporary_.c_str());
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
  if (!temporary_.empty()) forgetTemporary(temporary_.c_str());
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

DescriptorBuffer::DescriptorBuffer(int descriptor, bool wholeLines) : descriptor_(descriptor), wholeLines_(wholeLines) {
  if (!wholeLines_) setp(buffer_, buffer_ + sizeof buffer_);
}

bool DescriptorBuffer::write(const char* text, std::size_t count) {
  while (count > 0) {
    const ssize_t written = ::write(descriptor_, text, count);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      if (error_ == 0) error_ = written < 0 ? errno : EIO;
      return false;
    }
    text += written;
    count -= static_cast<std::size_t>(written);
  }
  return true;
}

// Writes line_ up to its last newline, in one write(2).
bool DescriptorBuffer::writeLines() {
  const std::size_t end = line_.rfind('\n');
  if (end == std::string::npos) return true;
  const bool written = write(line_.data(), end + 1);
  line_.erase(0, end + 1);
  return written;
}

int DescriptorBuffer::overflow(int character) {
  if (wholeLines_) {
    if (traits_type::eq_int_type(character, traits_type::eof())) return traits_type::not_eof(character);
    line_ += traits_type::to_char_type(character);
    return character != '\n' || writeLines() ? character : traits_type::eof();
  }
  const bool written = write(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_, buffer_ + sizeof buffer_);
  if (!written) return traits_type::eof();
  if (!traits_type::eq_int_type(character, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(character);
    pbump(1);
  }
  return traits_type::not_eof(character);
}

std::streamsize DescriptorBuffer::xsputn(const char* text, std::streamsize count) {
  if (!wholeLines_) return std::streambuf::xsputn(text, count);
  line_.append(text, static_cast<std::size_t>(count));
  if (std::memchr(text, '\n', static_cast<std::size_t>(count)) != nullptr && !writeLines()) return 0;
  return count;
}

int DescriptorBuffer::sync() {
  if (wholeLines_) {
    const bool written = write(line_.data(), line_.size());
    line_.clear();
    return written ? 0 : -1;
  }
  const bool written = write(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_, buffer_ + sizeof buffer_);
  return written ? 0 : -1;
}

void checkStandardOutput(std::ostream& out) {
  errno = 0;
  out.flush();
  if (out) return;
  const auto* buffer = dynamic_cast<const DescriptorBuffer*>(out.rdbuf());
  if (buffer != nullptr && buffer->error() != 0) errno = buffer->error();
  throw formats::FormatError("standard output", "writing failed: " + lastError());
}

}  // namespace topiceval::cli
