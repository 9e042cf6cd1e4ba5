#include "formats/file_bytes.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "formats/format_error.hpp"

namespace topiceval::formats {

std::vector<uint8_t> readFileBytes(const std::string& path) {
  const bool standardInput = path == "-";
  const std::string name = standardInput ? "standard input" : path;
  if (!standardInput) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) throw FormatError(name, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISDIR(info.st_mode)) throw FormatError(name, "is a directory, not a file");
  }
  std::unique_ptr<FILE, int (*)(FILE*)> file(standardInput ? stdin : std::fopen(path.c_str(), "rb"),
                                              standardInput ? [](FILE*) { return 0; } : &std::fclose);
  if (!file) throw FormatError(name, std::string("cannot open: ") + std::strerror(errno));
  std::vector<uint8_t> bytes;
  uint8_t buffer[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    bytes.insert(bytes.end(), buffer, buffer + got);
    if (got < sizeof buffer) break;
  }
  if (std::ferror(file.get())) throw FormatError(name, std::string("read error: ") + std::strerror(errno));
  if (bytes.empty()) throw FormatError(name, "is empty");
  return bytes;
}

bool looksLikeGzip(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B;
}

}  // namespace topiceval::formats
