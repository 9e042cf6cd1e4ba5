// SPDX-License-Identifier: Apache-2.0
#include "formats/instance_list_reader.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/guarded_mapping.hpp"
#include "formats/mallet_objects.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

namespace {

constexpr const char* kInstanceList = "cc.mallet.types.InstanceList";
constexpr const char* kInstance = "cc.mallet.types.Instance";
constexpr const char* kFeatureSequence = "cc.mallet.types.FeatureSequence";

struct InstanceContents {
  const java::Node* data = nullptr;
  const java::Node* name = nullptr;
  const java::Node* source = nullptr;
};

InstanceContents readInstance(const java::Node* node, std::size_t index, const std::string& source) {
  const std::string where = "instance " + std::to_string(index);
  if (node == nullptr || node->kind != java::NodeKind::Object || !node->isInstanceOf(kInstance))
    throw FormatError(source, where + " is a " + java::describeType(node) + ", not a cc.mallet.types.Instance");
  AnnotationReader in = detail::annotationOf(*node, kInstance, source);
  InstanceContents contents;
  in.readInt();  // serial version
  contents.data = in.readObject();
  in.readObject();  // target (the label column)
  contents.name = in.readObject();
  contents.source = in.readObject();
  return contents;
}

std::unique_ptr<java::ObjectGraph> parseInstanceList(std::span<const uint8_t> bytes, const std::string& source,
                                                     ObjectStreamShortcut shortcut) {
  if (!looksLikeObjectStream(bytes))
    throw FormatError(source, "is not a MALLET instance list (a Java serialization stream from mallet import-file)");
  return readObjectStream(bytes, source, {}, shortcut);
}

// Every instance's dictionary must be the same alphabet, and its type indices
// inside it once it is known; instances are checked in order.
class InstanceCheck {
 public:
  explicit InstanceCheck(const std::string& source) : source_(source) {}

  void operator()(std::size_t index, const java::Node* dictionary, std::span<const int32_t> features) {
    if (dictionary != nullptr) {
      if (alphabetNode_ == nullptr) {
        alphabetNode_ = dictionary;
        alphabet_ = alphabets_.get(dictionary, source_);
      } else if (dictionary != alphabetNode_) {
        throw FormatError(source_, "instances use different alphabets; import them with one pipe (--use-pipe-from)");
      }
    }
    // Features are non-negative: only the largest can lie beyond the alphabet (found by a loop that vectorises).
    if (alphabet_ != nullptr && !features.empty() &&
        static_cast<std::size_t>(*std::max_element(features.begin(), features.end())) >= alphabet_->size()) {
      for (const int32_t type : features) {
        if (static_cast<std::size_t>(type) >= alphabet_->size())
          throw FormatError(source_, "instance " + std::to_string(index) + " has type index " + std::to_string(type) +
                                         " beyond its alphabet of " + std::to_string(alphabet_->size()) + " words");
      }
    }
  }

  const std::shared_ptr<const Alphabet>& alphabet() const { return alphabet_; }

 private:
  const std::string& source_;
  detail::AlphabetCache alphabets_;
  const java::Node* alphabetNode_ = nullptr;
  std::shared_ptr<const Alphabet> alphabet_;
};

std::string decodedText(const java::DecodedTexts& texts, std::size_t k) {
  const java::Node* node = texts.node(k);
  return node != nullptr ? detail::objectText(node) : std::string(texts.text(k));
}

// Decoded instances (instance `first` + k at k) as documents, checked; the
// tokens are taken from `decoded`.
DocumentCollection takeDecoded(java::DecodedInstances& decoded, std::size_t first, InstanceCheck& check) {
  const std::size_t count = decoded.size();
  std::vector<std::string> names;
  std::vector<std::string> sources;
  std::vector<bool> named;
  names.reserve(count);
  sources.reserve(count);
  named.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    check(first + k, decoded.dictionaries[k],
          std::span<const int32_t>(decoded.tokens.data() + decoded.offsets[k], decoded.offsets[k + 1] - decoded.offsets[k]));
    names.push_back(decodedText(decoded.names, k));
    sources.push_back(decodedText(decoded.sources, k));
    named.push_back(!decoded.names.isNull(k));
  }
  return DocumentCollection(std::move(decoded.tokens), std::move(decoded.offsets), std::move(names), std::move(sources),
                            std::move(named));
}

// The list's element count, and a reader at its first element.
struct Elements {
  std::size_t count;
  AnnotationReader reader;
};
Elements elementsOf(const java::ObjectGraph& graph, const std::string& source) {
  const java::Node& root = detail::requireRoot(graph, kInstanceList, "a MALLET instance list", source);
  // InstanceList extends ArrayList<Instance>: the elements are ArrayList's data.
  const java::Value* size = root.field("java.util.ArrayList", "size");
  if (size == nullptr || size->integer < 0) throw FormatError(source, "the instance list has no element count");
  Elements elements{static_cast<std::size_t>(size->integer), detail::annotationOf(root, "java.util.ArrayList", source)};
  elements.reader.readInt();  // capacity
  return elements;
}

// Whether the list's `count` elements are the decoded instances 0, 1, ... in
// order (MALLET's lists), of which the shortcut decoded `decoded`.
bool allDecodedInOrder(AnnotationReader elements, std::size_t count, std::size_t decoded) {
  bool inOrder = decoded == count;
  for (std::size_t i = 0; inOrder && i < count; ++i) inOrder = elements.readDecodedInstance() == i;
  return inOrder;
}

// `streamBytes` bounds what a claimed feature count may reserve.
DocumentCollection documentsOf(java::ObjectGraph* graph, const std::string& source, std::size_t streamBytes) {
  java::DecodedInstances& decoded = graph->instances;
  Elements list = elementsOf(*graph, source);
  const std::size_t count = list.count;
  AnnotationReader& elements = list.reader;
  InstanceCheck check(source);

  // MALLET's lists: every element decoded, in order; the documents take the
  // decoded tokens as they are.
  if (allDecodedInOrder(elements, count, decoded.size())) {
    DocumentCollection documents = takeDecoded(decoded, 0, check);
    documents.setAlphabet(check.alphabet());
    return documents;
  }

  DocumentCollection documents;
  for (std::size_t index = 0; index < count; ++index) {
    if (const auto k = elements.readDecodedInstance()) {
      const std::span<const int32_t> features(decoded.tokens.data() + decoded.offsets[*k],
                                              decoded.offsets[*k + 1] - decoded.offsets[*k]);
      check(index, decoded.dictionaries[*k], features);
      documents.add(features, decodedText(decoded.names, *k), decodedText(decoded.sources, *k),
                    !decoded.names.isNull(*k));
      continue;
    }
    const InstanceContents instance = readInstance(elements.readObject(), index, source);
    const java::Node* data = instance.data;
    if (data == nullptr || data->kind != java::NodeKind::Object || !data->isInstanceOf(kFeatureSequence)) {
      throw FormatError(source, "instance " + std::to_string(index) + " holds a " + java::describeType(data) +
                                    ", not a FeatureSequence: import the documents with --keep-sequence");
    }
    auto [dictionary, features] =
        detail::readFeatureSequence(*data, "instance " + std::to_string(index), source, streamBytes);
    check(index, dictionary, features);
    documents.add(features, detail::objectText(instance.name), detail::objectText(instance.source),
                  instance.name != nullptr);
  }
  documents.setAlphabet(check.alphabet());
  return documents;
}

}  // namespace

DocumentCollection readInstanceList(std::span<const uint8_t> bytes, const std::string& source,
                                    ObjectStreamShortcut shortcut) {
  return documentsOf(parseInstanceList(bytes, source, shortcut).get(), source, bytes.size());
}

namespace {

// Another MALLET file where an instance list belongs is named for what it is.
void checkInstanceListStart(std::span<const uint8_t> start, const std::string& source) {
  const FileKind kind = recognise(start, source);
  if (kind != FileKind::InstanceList && kind != FileKind::OtherObjectStream && kind != FileKind::Text &&
      kind != FileKind::Binary)
    throw FormatError(source, std::string("is a ") + describeKind(kind) +
                                  ", not a MALLET instance list (mallet import-file --keep-sequence writes one)");
  checkObjectStreamStart(start, source);
}

}  // namespace

DocumentCollection readInstanceListFile(const std::string& path) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(source, [&] {
    std::vector<uint8_t> bytes = readFileBytes(path, &checkInstanceListStart);
    const std::size_t streamBytes = bytes.size();
    const auto graph = parseInstanceList(bytes, source, ObjectStreamShortcut::MalletInstances);
    std::vector<uint8_t>().swap(bytes);  // the documents need the graph, not the file
    return documentsOf(graph.get(), source, streamBytes);
  });
}

namespace {

// A regular file's bytes, mapped read-only: its pages are read as the parser
// reaches them, and given back (to be read again from the file if touched
// again) so that what this process holds does not grow with the file.
class MappedFile {
 public:
  // Nothing mapped (bytes() empty) where the file cannot be: its reading
  // whole says why.
  explicit MappedFile(const std::string& path) : path_(path) {
    requireFileName(path);
    descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor_ < 0 || ::fstat(descriptor_, &status_) != 0 || !S_ISREG(status_.st_mode)) return;
    const auto size = static_cast<std::size_t>(status_.st_size);
    if (size == 0 || size > kMaxInputBytes) return;
    mapping_.emplace(descriptor_, size);
    bytes_ = mapping_->bytes();
    if (!bytes_.empty()) ::madvise(const_cast<uint8_t*>(bytes_.data()), size, MADV_SEQUENTIAL);
  }
  ~MappedFile() {
    mapping_.reset();
    if (descriptor_ >= 0) ::close(descriptor_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  std::span<const uint8_t> bytes() const { return bytes_; }
  void giveBackPages() const { ::madvise(const_cast<uint8_t*>(bytes_.data()), bytes_.size(), MADV_DONTNEED); }
  // A FormatError if the file is not as it was when it was mapped (a mapping
  // would see another file's bytes).
  void checkUnchanged() const {
    checkIntact();
    struct stat now {};
    if (::stat(path_.c_str(), &now) != 0 || now.st_dev != status_.st_dev || now.st_ino != status_.st_ino ||
        now.st_size != status_.st_size || now.st_mtim.tv_sec != status_.st_mtim.tv_sec ||
        now.st_mtim.tv_nsec != status_.st_mtim.tv_nsec)
      throw FormatError(path_, "changed while it was being read");
  }
  // A FormatError if the file was truncated while mapped (its bytes read since are zeros).
  void checkIntact() const {
    if (mapping_) mapping_->checkIntact(path_);
  }

 private:
  std::string path_;
  int descriptor_ = -1;
  struct stat status_ {};
  std::optional<GuardedMapping> mapping_;
  std::span<const uint8_t> bytes_;
};

// The batched reading of a mapped instance list (readInstanceListInBatches).
bool readMappedInBatches(const MappedFile& file, const std::string& path, InstanceBatch batch,
                         const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                         const std::function<void(std::size_t documents, uint64_t tokens)>& checked) {
  // The reader's own first refusals, as readInstanceListFile makes them.
  checkInstanceListStart(file.bytes().first(std::min(file.bytes().size(), kStartCheckBytes)), path);
  if (!looksLikeObjectStream(file.bytes()))
    throw FormatError(path, "is not a MALLET instance list (a Java serialization stream from mallet import-file)");
  DecodedBatches batches;
  batches.documents = std::max<std::size_t>(batch.documents, 1);
  batches.tokens = std::max<std::size_t>(batch.tokens, 1);

  // The first reading checks the instances as readInstanceListFile would,
  // keeping the first refusal for when the list itself is found sound.
  InstanceCheck firstCheck(path);
  std::optional<FormatError> refusal;
  std::size_t decoded = 0;
  uint64_t tokens = 0;
  batches.consume = [&](java::DecodedInstances& instances, std::size_t first) {
    decoded += instances.size();
    tokens += instances.tokens.size();
    if (!refusal) {
      try {
        (void)takeDecoded(instances, first, firstCheck);
      } catch (const FormatError& error) {
        refusal = error;
      }
    }
    file.giveBackPages();
  };
  try {
    const auto graph = readObjectStreamInBatches(file.bytes(), path, batches);
    const Elements list = elementsOf(*graph, path);
    if (!allDecodedInOrder(list.reader, list.count, decoded)) {
      file.checkIntact();
      return false;
    }
  } catch (const NotDecodedInBatches&) {
    file.checkIntact();
    return false;
  }
  if (refusal) throw *refusal;
  if (checked) checked(decoded, tokens);

  InstanceCheck check(path);
  batches.consume = [&](java::DecodedInstances& instances, std::size_t first) {
    DocumentCollection documents = takeDecoded(instances, first, check);
    documents.setAlphabet(firstCheck.alphabet());
    file.giveBackPages();
    consume(std::move(documents), first);
  };
  try {
    (void)readObjectStreamInBatches(file.bytes(), path, batches);
  } catch (const NotDecodedInBatches&) {
    throw FormatError(path, "changed while it was being read");
  }
  file.checkUnchanged();
  return true;
}

}  // namespace

bool readInstanceListInBatches(
    const std::string& path, InstanceBatch batch,
    const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
    const std::function<void(std::size_t documents, uint64_t tokens)>& checked) {
  std::error_code unknown;
  if (path == "-" || !std::filesystem::is_regular_file(path, unknown) || !fileBytesAreLocal()) return false;
  return namingFileOnAllocationFailure(path, [&] {
    const MappedFile file(path);
    if (file.bytes().empty()) return false;
    try {
      return readMappedInBatches(file, path, batch, consume, checked);
    } catch (const FormatError&) {
      file.checkIntact();  // what a truncation makes of the bytes is not the file's fault
      throw;
    }
  });
}

}  // namespace topiceval::formats
