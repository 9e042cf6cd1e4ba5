// SPDX-License-Identifier: Apache-2.0
#include "formats/java_object_graph.hpp"

#include <algorithm>

namespace topiceval::formats::java {

void DecodedInstances::truncate(std::size_t count) {
  if (count > size()) return;
  // An instance being decoded may have added tokens and texts already.
  tokens.resize(offsets[count]);
  offsets.resize(count + 1);
  dictionaries.resize(count);
  names.truncate(count);
  sources.truncate(count);
}

const Node* DecodedTexts::node(std::size_t i) const {
  if (kinds_[i] != Kind::Node) return nullptr;
  const auto found = std::lower_bound(nodes_.begin(), nodes_.end(), i,
                                      [](const auto& entry, std::size_t index) { return entry.first < index; });
  return found->second;
}

void DecodedTexts::truncate(std::size_t count) {
  if (count > size()) return;
  chars_.resize(count == 0 ? 0 : ends_[count - 1]);
  ends_.resize(count);
  kinds_.resize(count);
  while (!nodes_.empty() && nodes_.back().first >= count) nodes_.pop_back();
}

const ClassData* Node::findClassData(const std::string& className) const {
  for (const ClassData& data : classData) {
    if (data.descriptor != nullptr && data.descriptor->name == className) return &data;
  }
  return nullptr;
}

bool Node::isInstanceOf(const std::string& className) const {
  for (const ClassDescriptor* c = descriptor; c != nullptr; c = c->superclass) {
    if (c->name == className) return true;
  }
  return false;
}

const Value* Node::field(const std::string& className, const std::string& fieldName) const {
  const ClassData* data = findClassData(className);
  if (data == nullptr || !data->hasFields) return nullptr;
  for (std::size_t i = 0; i < data->descriptor->fields.size() && i < data->fields.size(); ++i) {
    if (data->descriptor->fields[i].name == fieldName) return &data->fields[i];
  }
  return nullptr;
}

const Node::Elements& Node::elements() const {
  static const Elements none;
  return elements_ ? *elements_ : none;
}

std::size_t Node::arrayLength() const {
  switch (elementType) {
    case 'J': return longs().size();
    case 'D':
    case 'F': return doubles().size();
    case 'L':
    case '[': return intRows() != nullptr ? intRows()->size() : references().size();
    default: return ints().size();
  }
}

namespace {

// "[[I" -> "int[][]", "[Ljava.lang.String;" -> "java.lang.String[]".
std::string arrayTypeName(const std::string& name) {
  std::size_t dimensions = 0;
  while (dimensions < name.size() && name[dimensions] == '[') ++dimensions;
  std::string element;
  const std::string rest = name.substr(dimensions);
  if (rest.size() == 1) {
    switch (rest[0]) {
      case 'B': element = "byte"; break;
      case 'C': element = "char"; break;
      case 'D': element = "double"; break;
      case 'F': element = "float"; break;
      case 'I': element = "int"; break;
      case 'J': element = "long"; break;
      case 'S': element = "short"; break;
      case 'Z': element = "boolean"; break;
      default: element = rest; break;
    }
  } else if (rest.size() > 2 && rest.front() == 'L' && rest.back() == ';') {
    element = rest.substr(1, rest.size() - 2);
  } else {
    element = rest;
  }
  for (std::size_t i = 0; i < dimensions; ++i) element += "[]";
  return element;
}

}  // namespace

std::string describeType(const Node* node) {
  if (node == nullptr) return "null";
  switch (node->kind) {
    case NodeKind::String: return "java.lang.String";
    case NodeKind::Class: return "java.lang.Class";
    case NodeKind::Enum: return node->descriptor ? node->descriptor->name + " (enum)" : "enum";
    case NodeKind::Array: return node->descriptor ? arrayTypeName(node->descriptor->name) : "array";
    case NodeKind::Object: return node->descriptor ? node->descriptor->name : "object";
  }
  return "object";
}

}  // namespace topiceval::formats::java
