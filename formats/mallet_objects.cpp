// SPDX-License-Identifier: Apache-2.0
#include "formats/mallet_objects.hpp"

#include <algorithm>

#include "formats/format_error.hpp"
#include "native/model/model_validator.hpp"

namespace topiceval::formats::detail {

const java::Node& requireRoot(const java::ObjectGraph& graph, const std::string& className,
                              const std::string& description, const std::string& source) {
  const java::Node* root = graph.root;
  if (root == nullptr || root->kind != java::NodeKind::Object || !root->isInstanceOf(className)) {
    throw FormatError(
        source, "holds a serialized " + java::describeType(root) + ", not " + description + " (" + className + ")");
  }
  return *root;
}

AnnotationReader annotationOf(const java::Node& node, const std::string& className, const std::string& source) {
  const java::ClassData* data = node.findClassData(className);
  if (data == nullptr)
    throw FormatError(source, "an object of class " + java::describeType(&node) + " has no " + className + " data");
  return AnnotationReader(*data, source);
}

const java::Node& requireArray(const java::Node* node, char elementType, const std::string& source,
                               const std::string& what) {
  if (node == nullptr) throw FormatError(source, what + " is null");
  if (node->kind != java::NodeKind::Array || node->elementType != elementType || node->descriptor->name.size() != 2) {
    const char* expected = elementType == 'I' ? "int[]" : elementType == 'D' ? "double[]" : "array";
    throw FormatError(source, what + " is a " + java::describeType(node) + ", not a " + expected);
  }
  return *node;
}

FeatureSequenceContents readFeatureSequence(const java::Node& node, const std::string& where,
                                            const std::string& source, std::size_t streamBytes) {
  AnnotationReader sequence = annotationOf(node, "cc.mallet.types.FeatureSequence", source);
  sequence.readInt();  // serial version
  FeatureSequenceContents contents;
  contents.dictionary = sequence.readObject();
  const int32_t capacity = sequence.readInt();
  if (capacity < 0) throw FormatError(source, where + " has a negative feature array length");
  contents.features.reserve(std::min<std::size_t>(static_cast<std::size_t>(capacity), streamBytes / 4));
  for (int32_t j = 0; j < capacity; ++j) contents.features.push_back(sequence.readInt());
  const int32_t length = sequence.readInt();
  if (length < 0 || length > capacity)
    throw FormatError(source, where + " claims " + std::to_string(length) + " tokens in an array of " +
                                  std::to_string(capacity));
  contents.features.resize(static_cast<std::size_t>(length));
  for (const int32_t index : contents.features) {
    if (index < 0) throw FormatError(source, where + " has negative type index " + std::to_string(index));
  }
  return contents;
}

std::string objectText(const java::Node* node) {
  if (node == nullptr) return "";
  if (node->kind == java::NodeKind::String || node->kind == java::NodeKind::Enum) return node->text;
  if (node->kind == java::NodeKind::Object) {
    for (const char* className : {"java.net.URI", "java.io.File"}) {
      for (const char* fieldName : {"string", "path"}) {
        const java::Value* value = node->field(className, fieldName);
        if (value != nullptr && value->reference != nullptr && value->reference->kind == java::NodeKind::String)
          return value->reference->text;
      }
      if (node->isInstanceOf(className)) {
        // java.io.File writes its path with defaultWriteObject plus a separator char.
        const java::ClassData* data = node->findClassData(className);
        for (const auto& item : data->annotation) {
          if (item.isObject && item.object != nullptr && item.object->kind == java::NodeKind::String)
            return item.object->text;
        }
      }
    }
  }
  return "<" + java::describeType(node) + ">";
}

std::shared_ptr<const Alphabet> AlphabetCache::get(const java::Node* node, const std::string& source) {
  if (node == nullptr) return nullptr;
  const auto found = converted_.find(node);
  if (found != converted_.end()) return found->second;
  if (node->kind != java::NodeKind::Object || !node->isInstanceOf("cc.mallet.types.Alphabet"))
    throw FormatError(source, "expected a cc.mallet.types.Alphabet, found a " + java::describeType(node));
  AnnotationReader in = annotationOf(*node, "cc.mallet.types.Alphabet", source);
  const int32_t version = in.readInt();
  if (version < 0) throw FormatError(source, "alphabet has negative serial version " + std::to_string(version));
  const int32_t size = in.readInt();
  if (size < 0) throw FormatError(source, "alphabet claims " + std::to_string(size) + " entries");
  std::vector<std::string> words;
  words.reserve(std::min<std::size_t>(static_cast<std::size_t>(size), node->classData.back().annotation.size()));
  for (int32_t i = 0; i < size; ++i) words.push_back(objectText(in.readObject()));
  auto alphabet = std::make_shared<const Alphabet>(std::move(words));
  converted_.emplace(node, alphabet);
  return alphabet;
}

void readPackedTypeTopicCounts(const java::Node* node, TopicModel& model, const std::string& source) {
  if (node == nullptr) throw FormatError(source, "typeTopicCounts is null");
  if (node->kind != java::NodeKind::Array || node->descriptor->name != "[[I")
    throw FormatError(source, "typeTopicCounts is a " + java::describeType(node) + ", not an int[][]");
  if (const java::IntRows* rows = node->intRows()) {
    model.typeTopicCounts.reserve(rows->size(), rows->ints.size());
    for (std::size_t type = 0; type < rows->size(); ++type) {
      if (rows->present[type] == 0) {
        model.typeTopicCounts.addRow({}, false);
      } else {
        model.typeTopicCounts.addRow(rows->row(type));
      }
    }
    return;
  }
  for (std::size_t type = 0; type < node->references().size(); ++type) {
    const java::Node* row = node->references()[type];
    if (row == nullptr) {
      model.typeTopicCounts.addRow({}, false);
      continue;
    }
    const java::Node& ints = requireArray(row, 'I', source, "typeTopicCounts[" + std::to_string(type) + "]");
    model.typeTopicCounts.addRow(ints.ints());
  }
}

void validateModel(const TopicModel& model, const std::string& source) {
  if (const std::string problem = findModelProblem(model); !problem.empty()) throw FormatError(source, problem);
}

}  // namespace topiceval::formats::detail
