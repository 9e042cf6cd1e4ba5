#include "formats/instance_list_reader.hpp"

#include <algorithm>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/mallet_objects.hpp"

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

// `streamBytes` bounds what a claimed feature count may reserve.
DocumentCollection documentsOf(java::ObjectGraph* graph, const std::string& source, std::size_t streamBytes) {
  java::DecodedInstances& decoded = graph->instances;
  const java::Node& root = detail::requireRoot(*graph, kInstanceList, "a MALLET instance list", source);

  // InstanceList extends ArrayList<Instance>: the elements are ArrayList's data.
  const java::Value* size = root.field("java.util.ArrayList", "size");
  if (size == nullptr || size->integer < 0) throw FormatError(source, "the instance list has no element count");
  AnnotationReader elements = detail::annotationOf(root, "java.util.ArrayList", source);
  elements.readInt();  // capacity

  const auto count = static_cast<std::size_t>(size->integer);
  detail::AlphabetCache alphabets;
  const java::Node* alphabetNode = nullptr;
  std::shared_ptr<const Alphabet> alphabet;
  // Every instance's dictionary must be the same alphabet, and its type indices inside it once it is known.
  auto check = [&](std::size_t index, const java::Node* dictionary, std::span<const int32_t> features) {
    if (dictionary != nullptr) {
      if (alphabetNode == nullptr) {
        alphabetNode = dictionary;
        alphabet = alphabets.get(dictionary, source);
      } else if (dictionary != alphabetNode) {
        throw FormatError(source, "instances use different alphabets; import them with one pipe (--use-pipe-from)");
      }
    }
    // Features are non-negative: only the largest can lie beyond the alphabet (found by a loop that vectorises).
    if (alphabet != nullptr && !features.empty() &&
        static_cast<std::size_t>(*std::max_element(features.begin(), features.end())) >= alphabet->size()) {
      for (const int32_t type : features) {
        if (static_cast<std::size_t>(type) >= alphabet->size())
          throw FormatError(source, "instance " + std::to_string(index) + " has type index " + std::to_string(type) +
                                        " beyond its alphabet of " + std::to_string(alphabet->size()) + " words");
      }
    }
  };
  auto decodedText = [](const java::DecodedTexts& texts, std::size_t k) {
    const java::Node* node = texts.node(k);
    return node != nullptr ? detail::objectText(node) : std::string(texts.text(k));
  };

  // MALLET's lists: every element decoded, in order; the documents take the
  // decoded tokens as they are.
  bool allDecodedInOrder = decoded.size() == count;
  AnnotationReader probe = elements;
  for (std::size_t i = 0; allDecodedInOrder && i < count; ++i) allDecodedInOrder = probe.readDecodedInstance() == i;
  if (allDecodedInOrder) {
    std::vector<std::string> names;
    std::vector<std::string> sources;
    std::vector<bool> named;
    names.reserve(count);
    sources.reserve(count);
    named.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
      check(k, decoded.dictionaries[k],
            std::span<const int32_t>(decoded.tokens.data() + decoded.offsets[k], decoded.offsets[k + 1] - decoded.offsets[k]));
      names.push_back(decodedText(decoded.names, k));
      sources.push_back(decodedText(decoded.sources, k));
      named.push_back(!decoded.names.isNull(k));
    }
    DocumentCollection documents(std::move(decoded.tokens), std::move(decoded.offsets), std::move(names),
                                 std::move(sources), std::move(named));
    documents.setAlphabet(alphabet);
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
  documents.setAlphabet(alphabet);
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

}  // namespace topiceval::formats
