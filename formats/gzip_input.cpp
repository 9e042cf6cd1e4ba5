// SPDX-License-Identifier: Apache-2.0
#include "formats/gzip_input.hpp"

#include "formats/line_splitter.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>

#include "formats/format_error.hpp"
#include "native/runtime/progress.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

struct GzipReader::Stream {
  z_stream z{};
  bool initialised = false;
  ~Stream() {
    if (initialised) inflateEnd(&z);
  }
};

std::size_t GzipReader::outputLimit(std::size_t compressedBytes) {
  const std::size_t most = std::numeric_limits<std::size_t>::max();
  if (compressedBytes > (most - kFixedAllowance) / kMaxRatio) return most;
  return kFixedAllowance + kMaxRatio * compressedBytes;
}

GzipReader::GzipReader(std::span<const uint8_t> compressed, std::string source)
    : GzipReader(std::move(source), compressed.size()) {
  piece_ = compressed;
}

GzipReader::GzipReader(std::string source, std::size_t compressedBytes)
    : stream_(std::make_unique<Stream>()),
      total_(compressedBytes),
      source_(std::move(source)),
      limit_(outputLimit(compressedBytes)) {
  // 16 + MAX_WBITS: a gzip wrapper, whose CRC-32 and length zlib checks.
  if (inflateInit2(&stream_->z, 16 + MAX_WBITS) != Z_OK) throw FormatError(source_, "cannot start gzip decompression");
  stream_->initialised = true;
}

GzipReader::GzipReader(std::string source)
    : GzipReader(std::move(source), std::numeric_limits<std::size_t>::max()) {
  lengthKnown_ = false;
  limit_ = outputLimit(0);
}

GzipReader::~GzipReader() = default;

void GzipReader::endOfInput() {
  if (lengthKnown_) return;
  lengthKnown_ = true;
  total_ = offset_ + piece_.size();
}

std::size_t GzipReader::consumed() const {
  return offset_ + static_cast<std::size_t>(stream_->z.next_in - piece_.data());
}

void GzipReader::supply(std::span<const uint8_t> piece) {
  z_stream& z = stream_->z;
  const std::size_t left = piece_.size() - static_cast<std::size_t>(z.next_in - piece_.data());
  offset_ = consumed();
  if (left > 0) {  // the byte after a member's end, which may start the next one's magic number
    std::vector<uint8_t> joined(z.next_in, z.next_in + left);
    joined.insert(joined.end(), piece.begin(), piece.end());
    carried_ = std::move(joined);
    piece = carried_;
  }
  piece_ = piece;
  z.next_in = const_cast<Bytef*>(piece_.data());
  z.avail_in = 0;
  if (!lengthKnown_) limit_ = outputLimit(offset_ + piece_.size());
  if (garbageFrom_) z.next_in += piece_.size();  // counted at the end, not read
}

void GzipReader::trailingGarbage() const {
  throw FormatError(source_, "damaged gzip data: " + std::to_string(total_ - garbageFrom_.value_or(consumed())) +
                                 " bytes of trailing garbage after the end of the compressed stream");
}

std::size_t GzipReader::read(std::span<char> buffer) {
  if (finished_ || buffer.empty()) return 0;
  stopIfCancelled();  // a block at a time: a large file's reading answers Ctrl-C
  z_stream& z = stream_->z;
  if (garbageFrom_) {
    if (!lengthKnown_) return 0;  // the garbage's length is known at the end
    trailingGarbage();
  }
  if (z.next_in == nullptr) z.next_in = const_cast<Bytef*>(piece_.data());
  const auto pieceLeft = [&] { return piece_.size() - static_cast<std::size_t>(z.next_in - piece_.data()); };
  z.next_out = reinterpret_cast<Bytef*>(buffer.data());
  z.avail_out = static_cast<uInt>(std::min<std::size_t>(buffer.size(), std::numeric_limits<uInt>::max()));
  while (z.avail_out > 0) {
    // One call hands zlib at most 4 GiB; what is left is handed on when it is used up.
    if (z.avail_in == 0)
      z.avail_in = static_cast<uInt>(std::min<std::size_t>(pieceLeft(), std::numeric_limits<uInt>::max()));
    if (betweenMembers_) {
      // Another member follows only where its magic number does; a piece that
      // ends within the two bytes waits for the next one.
      if (pieceLeft() < 2) {
        if (lastPiece() && pieceLeft() == 0 && consumed() == total_) {  // (of unknown length: ended after a member)
          finished_ = true;
          break;
        }
        if (lastPiece()) trailingGarbage();
        z.avail_in = 0;
        break;
      }
      if (z.next_in[0] != 0x1F || z.next_in[1] != 0x8B) {
        if (lengthKnown_) trailingGarbage();
        // Of unknown length: the garbage's bytes are counted as they come.
        garbageFrom_ = consumed();
        z.next_in += pieceLeft();
        z.avail_in = 0;
        break;
      }
      inflateReset(&z);
      z.avail_in = static_cast<uInt>(std::min<std::size_t>(pieceLeft(), std::numeric_limits<uInt>::max()));
      betweenMembers_ = false;
    }
    if (z.avail_in == 0 && !lastPiece()) break;  // streaming: wait for the next piece
    const uInt before = z.avail_out;
    const int status = inflate(&z, Z_NO_FLUSH);
    produced_ += before - z.avail_out;
    if (produced_ > limit_) {
      throw FormatError(source_, "decompresses to more than " + std::to_string(limit_ >> 20) + " MiB, over " +
                                     std::to_string(kMaxRatio) +
                                     " times its compressed size: not a MALLET file or text (a gzip bomb?)");
    }
    if (status == Z_STREAM_END) {
      if (consumed() == total_) {
        finished_ = true;
        break;
      }
      z.avail_in = 0;  // recounted from the piece when the next member starts
      betweenMembers_ = true;
      continue;
    }
    if (status == Z_OK || status == Z_BUF_ERROR) {
      // zlib had room to write but nothing left to read: the file stops mid-stream.
      if (z.avail_out > 0 && z.avail_in == 0 && consumed() == total_)
        throw FormatError(source_, "truncated: the gzip stream ends before its end marker (after " +
                                       std::to_string(produced_) + " decompressed bytes); the file was cut short");
      continue;
    }
    if (status == Z_DATA_ERROR) {
      const std::string reason = z.msg != nullptr ? z.msg : "invalid compressed data";
      if (reason.find("data check") != std::string::npos)
        throw FormatError(source_, "damaged gzip data: CRC mismatch (the decompressed bytes are not the ones written)");
      if (reason.find("length check") != std::string::npos)
        throw FormatError(source_, "damaged gzip data: length mismatch (the decompressed size is not the one written)");
      throw FormatError(source_, "damaged gzip data (" + reason + ")");
    }
    if (status == Z_MEM_ERROR) throw std::bad_alloc();
    if (status != Z_OK) throw FormatError(source_, "damaged gzip data (zlib status " + std::to_string(status) + ")");
  }
  return buffer.size() - z.avail_out;
}

GzipBlocks::GzipBlocks(const std::string& source, std::optional<std::size_t> length)
    : reader_(length ? GzipReader(source, *length) : GzipReader(source)), out_(kFileBlockBytes), lengthKnown_(length) {}

void GzipBlocks::add(std::span<const uint8_t> block, const std::function<void(std::string_view)>& text) {
  reader_.supply(block);
  held_ = std::max(held_, block.size() + out_.size() + reader_.heldBytes());
  while (const std::size_t got = reader_.read(out_)) text(std::string_view(out_.data(), got));
}

void GzipBlocks::end(const std::function<void(std::string_view)>& text) {
  if (!lengthKnown_) {
    reader_.endOfInput();
    while (const std::size_t got = reader_.read(out_)) text(std::string_view(out_.data(), got));
  }
  // A file that ended sooner than its size said (readFileBlocks refuses one that changed).
  if (!reader_.finished())
    throw FormatError(reader_.source(), "truncated: the gzip stream ends before its end marker (after " +
                                            std::to_string(reader_.produced()) +
                                            " decompressed bytes); the file was cut short");
}

void forEachGzipFileBlock(const std::string& path, StartCheck check, const std::function<void(std::string_view)>& text,
                          std::size_t* heldBytes) {
  // A regular file's size bounds its output from the start; a stream's is known at its end.
  std::optional<std::size_t> length;
  std::error_code unknown;
  requireFileName(path);
  if (path != "-" && std::filesystem::is_regular_file(path, unknown)) {
    const auto size = std::filesystem::file_size(path, unknown);
    if (unknown) throw FormatError(path, "cannot read its size (" + unknown.message() + ")");
    length = static_cast<std::size_t>(size);
  }
  GzipBlocks blocks(path == "-" ? "standard input" : path, length);
  readFileBlocks(path, check, [&](std::span<const uint8_t> block) { blocks.add(block, text); });
  blocks.end(text);
  if (heldBytes != nullptr) *heldBytes = blocks.heldBytes();
}

void forEachLine(GzipReader& in, std::size_t maxLineBytes, const std::function<void(std::string_view)>& line,
                 const std::function<void()>& tooLong) {
  LineSplitter lines(line, maxLineBytes, tooLong);
  std::string chunk(std::size_t{1} << 16, '\0');
  while (const std::size_t got = in.read(chunk)) lines.add(std::string_view(chunk.data(), got));
  lines.finish();
}

std::string decompressGzip(std::span<const uint8_t> compressed, const std::string& source) {
  GzipReader reader(compressed, source);
  std::string text;
  std::string chunk(std::size_t{1} << 16, '\0');
  while (const std::size_t got = reader.read(chunk)) text.append(chunk.data(), got);
  return text;
}

}  // namespace topiceval::formats
