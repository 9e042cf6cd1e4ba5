#pragma once
// Gzip decompression that never mistakes a damaged file for a short one: a
// stream cut before its end marker, a CRC or length mismatch, and bytes after
// the last member are each reported as such. Output is bounded by a ratio to
// the compressed size, so a small "gzip bomb" is refused early.
// Concatenated members (what `cat a.gz b.gz` makes) are read as one stream.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace topiceval::formats {

class GzipReader {
 public:
  // Real text and MALLET states compress 3 to 10 times; allow far more, but not
  // the thousandfold of a file of repeated bytes.
  static constexpr std::size_t kMaxRatio = 64;
  static constexpr std::size_t kFixedAllowance = std::size_t{4} << 20;
  // Decompressed bytes allowed for `compressedBytes` of input.
  static std::size_t outputLimit(std::size_t compressedBytes);

  // `compressed` must outlive the reader; `source` names it in errors.
  GzipReader(std::span<const uint8_t> compressed, std::string source);
  ~GzipReader();
  GzipReader(const GzipReader&) = delete;
  GzipReader& operator=(const GzipReader&) = delete;

  // Fills `buffer` with up to buffer.size() bytes; returns how many, 0 only at
  // the end of the last member. Throws FormatError on any damage.
  std::size_t read(std::span<char> buffer);
  std::size_t produced() const { return produced_; }

 private:
  struct Stream;
  std::unique_ptr<Stream> stream_;
  std::span<const uint8_t> compressed_;
  std::string source_;
  std::size_t produced_ = 0;
  std::size_t limit_ = 0;
  bool finished_ = false;
};

// Calls `line` with each line of the decompressed text, without its '\n' (a
// last line without one included). A line longer than `maxLineBytes` calls
// `tooLong`, which must throw: a stream without newlines cannot grow one string
// without limit.
void forEachLine(GzipReader& in, std::size_t maxLineBytes, const std::function<void(std::string_view)>& line,
                 const std::function<void()>& tooLong);

// The whole decompressed text of `compressed`.
std::string decompressGzip(std::span<const uint8_t> compressed, const std::string& source);

}  // namespace topiceval::formats
