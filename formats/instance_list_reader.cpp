#include "formats/instance_list_reader.hpp"

#include "formats/file_bytes.hpp"
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

}  // namespace

DocumentCollection readInstanceList(std::span<const uint8_t> bytes, const std::string& source) {
  if (!looksLikeObjectStream(bytes))
    throw FormatError(source, "is not a MALLET instance list (a Java serialization stream from mallet import-file)");
  const auto graph = readObjectStream(bytes, source);
  const java::Node& root = detail::requireRoot(*graph, kInstanceList, "a MALLET instance list", source);

  // InstanceList extends ArrayList<Instance>: the elements are ArrayList's data.
  const java::Value* size = root.field("java.util.ArrayList", "size");
  if (size == nullptr || size->integer < 0) throw FormatError(source, "the instance list has no element count");
  AnnotationReader elements = detail::annotationOf(root, "java.util.ArrayList", source);
  elements.readInt();  // capacity

  DocumentCollection documents;
  detail::AlphabetCache alphabets;
  const java::Node* alphabetNode = nullptr;
  for (int64_t i = 0; i < size->integer; ++i) {
    const auto index = static_cast<std::size_t>(i);
    const InstanceContents instance = readInstance(elements.readObject(), index, source);
    const java::Node* data = instance.data;
    if (data == nullptr || data->kind != java::NodeKind::Object || !data->isInstanceOf(kFeatureSequence)) {
      throw FormatError(source, "instance " + std::to_string(index) + " holds a " + java::describeType(data) +
                                    ", not a FeatureSequence: import the documents with --keep-sequence");
    }
    auto [dictionary, features] =
        detail::readFeatureSequence(*data, "instance " + std::to_string(index), source, bytes.size());
    if (dictionary != nullptr) {
      if (alphabetNode == nullptr) {
        alphabetNode = dictionary;
        documents.setAlphabet(alphabets.get(dictionary, source));
      } else if (dictionary != alphabetNode) {
        throw FormatError(source, "instances use different alphabets; import them with one pipe (--use-pipe-from)");
      }
    }
    if (documents.alphabet() != nullptr) {
      for (const int32_t type : features) {
        if (static_cast<std::size_t>(type) >= documents.alphabet()->size())
          throw FormatError(source, "instance " + std::to_string(index) + " has type index " + std::to_string(type) +
                                        " beyond its alphabet of " + std::to_string(documents.alphabet()->size()) +
                                        " words");
      }
    }
    documents.add(features, detail::objectText(instance.name), detail::objectText(instance.source),
                  instance.name != nullptr);
  }
  return documents;
}

DocumentCollection readInstanceListFile(const std::string& path) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(
      source, [&] { return readInstanceList(readFileBytes(path, &checkObjectStreamStart), source); });
}

}  // namespace topiceval::formats
