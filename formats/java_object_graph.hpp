// SPDX-License-Identifier: Apache-2.0
#pragma once
// The objects of a Java serialization stream, as ObjectStreamReader builds them.
// Nodes live in the graph's arenas and refer to each other with raw pointers, so
// the back-references and cycles a stream can express cost nothing to own.

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace topiceval::formats::java {

struct Node;

struct FieldDescriptor {
  char typeCode = 0;  // B C D F I J S Z, or L (object) and [ (array)
  std::string name;
  std::string className;  // for L and [: the field's declared type, e.g. "[I"
};

struct ClassDescriptor {
  std::string name;  // binary name: "cc.mallet.types.Alphabet", "[I", "[[I"
  int64_t serialVersionUid = 0;
  uint8_t flags = 0;
  std::vector<FieldDescriptor> fields;
  const ClassDescriptor* superclass = nullptr;
  // Classes from this one up to the root of its hierarchy; 0 while the
  // descriptor is still being read (its superclass not yet known).
  int hierarchyDepth = 0;
  bool isProxy = false;
  std::vector<std::string> proxyInterfaces;

  static constexpr uint8_t kWriteMethod = 0x01;
  static constexpr uint8_t kSerializable = 0x02;
  static constexpr uint8_t kExternalizable = 0x04;
  static constexpr uint8_t kBlockData = 0x08;
  static constexpr uint8_t kEnum = 0x10;

  bool hasWriteMethod() const { return (flags & kWriteMethod) != 0; }
  bool isSerializable() const { return (flags & kSerializable) != 0; }
  bool isExternalizable() const { return (flags & kExternalizable) != 0; }
};

// A primitive field value, or a reference (possibly null).
struct Value {
  char typeCode = 0;
  int64_t integer = 0;    // B C I J S Z
  double floating = 0.0;  // D F
  const Node* reference = nullptr;
};

// What a class's writeObject wrote after its default fields: primitive data
// (consecutive block-data records joined, since a primitive may straddle two)
// and objects, in stream order.
struct AnnotationItem {
  static constexpr std::size_t kNotDecoded = static_cast<std::size_t>(-1);
  bool isObject = false;
  std::string bytes;             // when !isObject
  const Node* object = nullptr;  // when isObject (nullptr for a serialized null or a decoded instance)
  // When isObject: a run of decodedCount consecutive objects decoded as
  // ObjectGraph::instances[decodedInstance, decodedInstance + decodedCount),
  // one item for a list's worth of instances.
  std::size_t decodedInstance = kNotDecoded;
  std::size_t decodedCount = 0;
};

// The part of an object's data that belongs to one class of its hierarchy.
struct ClassData {
  const ClassDescriptor* descriptor = nullptr;
  bool hasFields = false;     // default field values were written
  std::vector<Value> fields;  // in descriptor order when hasFields
  std::vector<AnnotationItem> annotation;
};

enum class NodeKind { Object, String, Array, Class, Enum };

// The rows of an int[][] read into one block: row i is ints[starts[i],
// starts[i + 1]), null when present[i] is 0.
struct IntRows {
  std::vector<int32_t> ints;
  std::vector<std::size_t> starts{0};
  std::vector<uint8_t> present;

  std::size_t size() const { return present.size(); }
  std::span<const int32_t> row(std::size_t i) const { return {ints.data() + starts[i], starts[i + 1] - starts[i]}; }
};

struct Node {
  NodeKind kind = NodeKind::Object;
  const ClassDescriptor* descriptor = nullptr;  // object, array, class and enum types
  std::string text;                             // String: UTF-8 contents; Enum: the constant's name
  std::vector<ClassData> classData;             // Object: superclass first
  // Array: the element type code and the elements in the vector matching it.
  char elementType = 0;
  const std::vector<int32_t>& ints() const { return elements().ints; }                // B C I S Z
  const std::vector<int64_t>& longs() const { return elements().longs; }              // J
  const std::vector<double>& doubles() const { return elements().doubles; }           // D F
  const std::vector<const Node*>& references() const { return elements().references; }  // L [
  // An int[][] whose every element was a new int[] or null, none of them
  // referred to again: its rows, read without a node each (a model's type-topic
  // counts are tens of thousands of rows); references() is then empty. Null for
  // any other array.
  const IntRows* intRows() const { return elements().rows.get(); }
  // The parser's: an array's elements, made on first use.
  struct Elements {
    std::vector<int32_t> ints;
    std::vector<int64_t> longs;
    std::vector<double> doubles;
    std::vector<const Node*> references;
    std::unique_ptr<IntRows> rows;
  };
  Elements& elementsToFill() {
    if (!elements_) elements_ = std::make_unique<Elements>();
    return *elements_;
  }

  // The class data for `className` in this object's hierarchy, or nullptr.
  const ClassData* findClassData(const std::string& className) const;
  // Whether this object's class is `className` or a subclass of it.
  bool isInstanceOf(const std::string& className) const;
  // The value of a default-serialized field, or nullptr.
  const Value* field(const std::string& className, const std::string& fieldName) const;
  std::size_t arrayLength() const;

 private:
  // Apart, so that the many strings and objects of a stream do not each
  // carry four empty vectors.
  const Elements& elements() const;
  std::unique_ptr<Elements> elements_;
};

// One text per decoded instance (its name, or its source), stored flat: the
// text of a String read without a node, or a node (a java.net.URI, a
// java.io.File, a back-reference), or null.
class DecodedTexts {
 public:
  void addText(std::string_view text) { add(Kind::Text, text); }
  void addNode(const Node* node) {
    if (node != nullptr) nodes_.push_back({size(), node});
    add(node != nullptr ? Kind::Node : Kind::Null, {});
  }
  std::size_t size() const { return kinds_.size(); }
  bool isNull(std::size_t i) const { return kinds_[i] == Kind::Null; }
  std::string_view text(std::size_t i) const {
    const std::size_t start = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(chars_).substr(start, ends_[i] - start);
  }
  // The node of entry i, or nullptr for text and null.
  const Node* node(std::size_t i) const;
  void truncate(std::size_t count);

 private:
  enum class Kind : uint8_t { Text, Node, Null };
  void add(Kind kind, std::string_view text) {
    chars_.append(text);
    ends_.push_back(chars_.size());
    kinds_.push_back(kind);
  }
  std::string chars_;
  std::vector<std::size_t> ends_;
  std::vector<Kind> kinds_;
  std::vector<std::pair<std::size_t, const Node*>> nodes_;  // by entry, ascending
};

// MALLET Instances read straight from the stream (ObjectStreamShortcut::
// MalletInstances), without nodes: a list of a million documents would
// otherwise hold several million nodes of about 200 bytes each. Instance i's
// data was a cc.mallet.types.FeatureSequence with non-negative features.
struct DecodedInstances {
  std::vector<int32_t> tokens;  // instance i's first `length` features at [offsets[i], offsets[i + 1])
  std::vector<std::size_t> offsets{0};
  std::vector<const Node*> dictionaries;
  DecodedTexts names;
  DecodedTexts sources;

  std::size_t size() const { return dictionaries.size(); }
  void truncate(std::size_t count);
};

// Owns every node and class descriptor read from one stream.
class ObjectGraph {
 public:
  Node& newNode(NodeKind kind) {
    nodes_.emplace_back();
    nodes_.back().kind = kind;
    return nodes_.back();
  }
  ClassDescriptor& newClassDescriptor() {
    classes_.emplace_back();
    return classes_.back();
  }
  std::size_t nodeCount() const { return nodes_.size(); }
  // The nodes in the order they were made (the stream's order).
  const Node& node(std::size_t index) const { return nodes_[index]; }
  std::size_t classCount() const { return classes_.size(); }
  // Forgets the nodes and descriptors made after the first `nodes` and
  // `classes`: a shortcut that found another shape than it decodes undoes its
  // reading so that the general parser reads the same bytes again.
  void truncate(std::size_t nodes, std::size_t classes) {
    nodes_.resize(nodes);
    classes_.resize(classes);
  }

  const Node* root = nullptr;  // the first object in the stream
  DecodedInstances instances;
  // How many handles the parser kept for back-references when the root was
  // read: what its table holds, which grows with a list's vocabulary, not its documents.
  std::size_t handlesKept = 0;

 private:
  std::deque<Node> nodes_;
  std::deque<ClassDescriptor> classes_;
};

// A human-readable name for the type of a node: "cc.mallet.types.Alphabet",
// "java.lang.String", "int[]", "null".
std::string describeType(const Node* node);

}  // namespace topiceval::formats::java
