// SPDX-License-Identifier: Apache-2.0
#include "formats/file_kinds.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <string_view>
#include <vector>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/lda_model_file.hpp"
#include "formats/logistic_normal_files.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/text_encoding.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

const char* describeKind(FileKind kind) {
  switch (kind) {
    case FileKind::Evaluator: return "MALLET evaluator (MarginalProbEstimator)";
    case FileKind::Inferencer: return "MALLET inferencer (TopicInferencer)";
    case FileKind::ParallelTopicModel: return "MALLET topic model (ParallelTopicModel)";
    case FileKind::TopicState: return "MALLET topic state (gzipped)";
    case FileKind::LogisticNormal: return "logistic-normal topic model (topiceval train-ctm)";
    case FileKind::CtmC: return "logistic-normal topic model (Blei & Lafferty's ctm-c)";
    case FileKind::InstanceList: return "MALLET instance list (FeatureSequence documents)";
    case FileKind::OtherObjectStream: return "Java serialization stream";
    case FileKind::Text: return "text";
    case FileKind::Binary: return "binary data";
    case FileKind::InMemory: return "model built from arrays";
    case FileKind::LdaModel: return "LDA topic model (topiceval's format, Model.save)";
  }
  return "file";
}

bool isModelKind(FileKind kind) {
  switch (kind) {
    case FileKind::Evaluator:
    case FileKind::Inferencer:
    case FileKind::ParallelTopicModel:
    case FileKind::TopicState:
    case FileKind::LogisticNormal:
    case FileKind::CtmC:
    case FileKind::LdaModel:
    case FileKind::InMemory: return true;
    default: return false;
  }
}

FileKind recogniseFile(const std::string& path) {
  requireFileName(path);
  if (namesCtmModel(path)) return FileKind::CtmC;
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw FileError(path, "is a directory");
  if (path == "-") return recognise(readFileBytes(path), "standard input");
  // Opened as the readers open it: a FIFO without a writer does not hang the
  // opening, and in a session (file_bytes.hpp) the bytes it takes are kept.
  return recognise(readFileStart(path, kRecognitionBytes), path);
}

namespace {

uint16_t bigEndian16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }

// The first text of a gzipped file, as far as `start` holds it (empty when
// what is there does not decompress).
std::string gzipPrefix(std::span<const uint8_t> start, const std::string& source) {
  try {
    GzipReader reader(start, source);
    std::string text(512, '\0');
    std::size_t have = 0;
    while (have < text.size()) {
      const std::size_t got = reader.read(std::span<char>(text.data() + have, text.size() - have));
      if (got == 0) break;
      have += got;
    }
    text.resize(have);
    return text;
  } catch (const FileError&) {  // a cut prefix of a longer file: what was decompressed
    return {};
  }
}

}  // namespace

std::string firstObjectClass(std::span<const uint8_t> start) {
  // STREAM_MAGIC STREAM_VERSION TC_OBJECT TC_CLASSDESC, then the class name as modified UTF-8.
  if (start.size() < 8 || !looksLikeObjectStream(start) || start[4] != 0x73 || start[5] != 0x72) return {};
  const std::size_t length = bigEndian16(start.data() + 6);
  if (start.size() < 8 + length) return {};
  return std::string(reinterpret_cast<const char*>(start.data()) + 8, length);
}

FileKind recognise(std::span<const uint8_t> start, const std::string& source) {
  if (start.size() >= 2 && start[0] == 0x1F && start[1] == 0x8B) {
    const std::string text = gzipPrefix(start, source);
    return text.starts_with("#doc ") || text.starts_with("#alpha") ? FileKind::TopicState : FileKind::Text;
  }
  const std::span<const uint8_t> text =
      startsWithUtf8ByteOrderMark(start) ? start.subspan(kUtf8ByteOrderMarkSize) : start;
  if (looksLikeLogisticNormalModel(text)) return FileKind::LogisticNormal;
  if (looksLikeLdaModel(text)) return FileKind::LdaModel;
  if (looksLikeObjectStream(start)) {
    const std::string name = firstObjectClass(start);
    if (name == "cc.mallet.topics.MarginalProbEstimator") return FileKind::Evaluator;
    if (name == "cc.mallet.topics.TopicInferencer") return FileKind::Inferencer;
    if (name == "cc.mallet.topics.ParallelTopicModel") return FileKind::ParallelTopicModel;
    if (name == "cc.mallet.types.InstanceList") return FileKind::InstanceList;
    return FileKind::OtherObjectStream;
  }
  if (std::find(start.begin(), start.end(), uint8_t{0}) != start.end()) {
    try {
      utf8Text(start, source);  // UTF-16 has NULs too: it is text, which its reader refuses by name
      return FileKind::Binary;
    } catch (const FileError&) {
      return FileKind::Text;
    }
  }
  return FileKind::Text;
}

}  // namespace topiceval::formats
