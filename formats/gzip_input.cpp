#include "formats/gzip_input.hpp"

#include "formats/line_splitter.hpp"

#include <zlib.h>

#include <cstring>
#include <limits>

#include "formats/format_error.hpp"

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
    : stream_(std::make_unique<Stream>()),
      compressed_(compressed),
      source_(std::move(source)),
      limit_(outputLimit(compressed.size())) {
  // 16 + MAX_WBITS: a gzip wrapper, whose CRC-32 and length zlib checks.
  if (inflateInit2(&stream_->z, 16 + MAX_WBITS) != Z_OK) throw FormatError(source_, "cannot start gzip decompression");
  stream_->initialised = true;
  stream_->z.next_in = const_cast<Bytef*>(compressed_.data());
  // One call hands zlib at most 4 GiB; what is left is handed on when it is used up.
  stream_->z.avail_in = static_cast<uInt>(std::min<std::size_t>(compressed_.size(), std::numeric_limits<uInt>::max()));
}

GzipReader::~GzipReader() = default;

std::size_t GzipReader::read(std::span<char> buffer) {
  if (finished_ || buffer.empty()) return 0;
  z_stream& z = stream_->z;
  const auto consumed = [&] { return static_cast<std::size_t>(z.next_in - compressed_.data()); };
  z.next_out = reinterpret_cast<Bytef*>(buffer.data());
  z.avail_out = static_cast<uInt>(std::min<std::size_t>(buffer.size(), std::numeric_limits<uInt>::max()));
  while (z.avail_out > 0) {
    if (z.avail_in == 0)
      z.avail_in =
          static_cast<uInt>(std::min<std::size_t>(compressed_.size() - consumed(), std::numeric_limits<uInt>::max()));
    const uInt before = z.avail_out;
    const int status = inflate(&z, Z_NO_FLUSH);
    produced_ += before - z.avail_out;
    if (produced_ > limit_) {
      throw FormatError(source_, "decompresses to more than " + std::to_string(limit_ >> 20) + " MiB, over " +
                                     std::to_string(kMaxRatio) +
                                     " times its compressed size: not a MALLET file or text (a gzip bomb?)");
    }
    if (status == Z_STREAM_END) {
      const std::size_t rest = compressed_.size() - consumed();
      if (rest == 0) {
        finished_ = true;
        break;
      }
      if (rest >= 2 && z.next_in[0] == 0x1F && z.next_in[1] == 0x8B) {  // another member follows
        inflateReset(&z);
        continue;
      }
      throw FormatError(source_, "damaged gzip data: " + std::to_string(rest) +
                                     " bytes of trailing garbage after the end of the compressed stream");
    }
    if (status == Z_OK || status == Z_BUF_ERROR) {
      // zlib had room to write but nothing left to read: the file stops mid-stream.
      if (z.avail_out > 0 && z.avail_in == 0 && consumed() == compressed_.size())
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
