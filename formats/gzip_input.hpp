// SPDX-License-Identifier: Apache-2.0
#pragma once
// Gzip decompression that never mistakes a damaged file for a short one: a
// stream cut before its end marker, a CRC or length mismatch, and bytes after
// the last member are each reported as such. Output is bounded by a ratio to
// the compressed size, so a small "gzip bomb" is refused early.
// Concatenated members (what `cat a.gz b.gz` makes) are read as one stream.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/file_bytes.hpp"

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
  // A stream of `compressedBytes` in all that arrives in pieces (supply): read
  // returns 0 when it has used up the piece as well as at the end (finished).
  GzipReader(std::string source, std::size_t compressedBytes);
  // A stream of a length known only at its end (standard input, a pipe):
  // pieces as above, then endOfInput(). The output allowed grows with the
  // compressed bytes supplied, so a bomb is refused as soon as it outgrows them.
  explicit GzipReader(std::string source);
  ~GzipReader();
  GzipReader(const GzipReader&) = delete;
  GzipReader& operator=(const GzipReader&) = delete;

  // Fills `buffer` with up to buffer.size() bytes; returns how many, 0 only at
  // the end of the last member. Throws FormatError on any damage.
  std::size_t read(std::span<char> buffer);
  std::size_t produced() const { return produced_; }
  const std::string& source() const { return source_; }
  bool finished() const { return finished_; }

  // Streaming only: the next piece of the compressed stream, once read has used
  // up the last one. It must outlive the reads that follow.
  void supply(std::span<const uint8_t> piece);
  // A stream of unknown length: every piece is supplied. Reads go on to its
  // end, and what they find (truncation, trailing garbage) is refused as for
  // a stream whose length was known.
  void endOfInput();
  // Bytes the reader holds of its own beyond zlib's window: none, or a piece
  // with the byte before it where a member ended one byte short of a piece's
  // end; never more whatever the stream's length.
  std::size_t heldBytes() const { return carried_.capacity(); }

 private:
  struct Stream;
  std::size_t consumed() const;
  bool lastPiece() const { return offset_ + piece_.size() == total_; }
  [[noreturn]] void trailingGarbage() const;

  std::unique_ptr<Stream> stream_;
  std::span<const uint8_t> piece_;  // the compressed bytes at hand, from offset_ on
  std::size_t offset_ = 0;
  std::size_t total_ = 0;
  std::vector<uint8_t> carried_;  // a piece's last byte and the next piece, when a member ends there
  std::string source_;
  bool lengthKnown_ = true;
  std::optional<std::size_t> garbageFrom_;  // unknown length: where bytes after the last member began
  std::size_t produced_ = 0;
  std::size_t limit_ = 0;
  bool betweenMembers_ = false;
  bool finished_ = false;
};

// Calls `text` with the decompressed bytes of the gzipped file `path` as they
// come, reading the file a block at a time (readFileBlocks, whose `check` sees
// the first compressed block): memory holds a block, not the file, and
// standard input or a pipe is read so too. The errors
// are GzipReader's, the same as for the whole file. `heldBytes`, when given,
// receives the most bytes the reading held at once (its blocks and the reader's).
// Compressed blocks in, decompressed text out, as they come: what
// forEachGzipFileBlock does with a file's blocks, for readers that get the
// blocks themselves. `length` is the stream's, when known.
class GzipBlocks {
 public:
  GzipBlocks(const std::string& source, std::optional<std::size_t> length);
  void add(std::span<const uint8_t> block, const std::function<void(std::string_view)>& text);
  // Every block added: the rest of the text, and any truncation refused.
  void end(const std::function<void(std::string_view)>& text);
  // The most bytes held at once: a block, the output buffer and the reader's own.
  std::size_t heldBytes() const { return held_; }
  const GzipReader& reader() const { return reader_; }

 private:
  GzipReader reader_;
  std::vector<char> out_;
  std::size_t held_ = 0;
  bool lengthKnown_;
};

void forEachGzipFileBlock(const std::string& path, StartCheck check, const std::function<void(std::string_view)>& text,
                          std::size_t* heldBytes = nullptr);

// Calls `line` with each line of the decompressed text, without its '\n' (a
// last line without one included). A line longer than `maxLineBytes` calls
// `tooLong`, which must throw: a stream without newlines cannot grow one string
// without limit.
void forEachLine(GzipReader& in, std::size_t maxLineBytes, const std::function<void(std::string_view)>& line,
                 const std::function<void()>& tooLong);

// The whole decompressed text of `compressed`.
std::string decompressGzip(std::span<const uint8_t> compressed, const std::string& source);

}  // namespace topiceval::formats
