#pragma once
// The one exception type readers throw: a one-line message that starts with the
// file it is about, e.g. "evaluator.mallet: truncated: the stream ends inside an int[] of 4096 elements".

#include <new>
#include <stdexcept>
#include <string>

namespace topiceval::formats {

class FormatError : public std::runtime_error {
 public:
  FormatError(const std::string& source, const std::string& problem)
      : std::runtime_error(oneLine(source + ": " + problem)), source_(source), problem_(problem) {}

  const std::string& source() const { return source_; }
  const std::string& problem() const { return problem_; }

 private:
  // Names and words come from the file; keep the message on one printable line.
  static std::string oneLine(std::string text) {
    for (char& c : text) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    }
    return text;
  }

  std::string source_;
  std::string problem_;
};

// Runs `read`; an allocation failure inside becomes a FormatError naming
// `source`, so that running out of memory says which file caused it.
template <class Read>
auto namingFileOnAllocationFailure(const std::string& source, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throw FormatError(source, "out of memory while reading it");
  }
}

}  // namespace topiceval::formats
