// SPDX-License-Identifier: Apache-2.0
#pragma once
// A reader for the Java Object Serialization Stream Protocol (what
// ObjectOutputStream writes, and what every .mallet file is).
//
// The whole stream is parsed into an ObjectGraph without knowing the classes:
// default-serialized fields are decoded from the class descriptors, and what a
// class's own writeObject wrote is kept as its annotation (block data and objects)
// for the typed readers to interpret with AnnotationReader.
//
// Every length and handle comes from the file, so each is checked before use:
// arrays and strings must fit in the bytes that remain, handles must name
// something already read, nesting and class hierarchies are bounded, a class
// cannot be its own ancestor, and everything kept is charged to a ReadBudget
// sized from the stream's length. Any problem is a FormatError that names the source.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "formats/java_object_graph.hpp"

namespace topiceval::formats {

// Type codes of the stream protocol (java.io.ObjectStreamConstants), for the
// reader and for mallet_upgrade, which walks the same streams.
namespace stream_codes {
constexpr uint8_t kNull = 0x70;
constexpr uint8_t kReference = 0x71;
constexpr uint8_t kClassDescriptor = 0x72;
constexpr uint8_t kObject = 0x73;
constexpr uint8_t kString = 0x74;
constexpr uint8_t kArray = 0x75;
constexpr uint8_t kClass = 0x76;
constexpr uint8_t kBlockData = 0x77;
constexpr uint8_t kEndBlockData = 0x78;
constexpr uint8_t kReset = 0x79;
constexpr uint8_t kBlockDataLong = 0x7A;
constexpr uint8_t kException = 0x7B;
constexpr uint8_t kLongString = 0x7C;
constexpr uint8_t kProxyClassDescriptor = 0x7D;
constexpr uint8_t kEnum = 0x7E;
constexpr uint32_t kBaseHandle = 0x7E0000;
}  // namespace stream_codes

struct ObjectStreamLimits {
  // Nested objects and class descriptors. Each level takes about 1 KiB of
  // native stack (three times that under the sanitizers); the parser runs on a
  // thread of its own with kParsingStack bytes of stack, far more than this
  // needs. MALLET's files nest about 10 levels deep.
  int maxDepth = 400;
  // Classes in one hierarchy (a class, its superclass, ...). Java's own are a
  // handful deep; every object costs one entry per class of its hierarchy.
  int maxHierarchyDepth = 64;
};

// The parser's own stack (see maxDepth).
inline constexpr std::size_t kParsingStack = std::size_t{32} << 20;

// Objects a typed reader wants decoded straight from the stream, not as nodes.
enum class ObjectStreamShortcut {
  None,
  // The root object's items of writeObject data (an InstanceList's elements)
  // that are a cc.mallet.types.Instance holding a FeatureSequence, in the shape
  // MALLET writes, go to ObjectGraph::instances; their annotation item holds
  // the index. Anything else (another class, a primitive split across block
  // records, an error) is read again by the general parser, so the graph says
  // and refuses exactly what it would without the shortcut; a later reference
  // to a decoded object has the whole stream read again without it.
  MalletInstances,
};

// Parses the first object of the stream. `source` names the input in errors.
std::unique_ptr<java::ObjectGraph> readObjectStream(std::span<const uint8_t> bytes, const std::string& source,
                                                    const ObjectStreamLimits& limits = {},
                                                    ObjectStreamShortcut shortcut = ObjectStreamShortcut::None);

// The instances ObjectStreamShortcut::MalletInstances decodes, handed over
// while the stream is read, so that a list of any length holds one batch:
// `consume` gets ObjectGraph::instances each time it holds `documents` of
// them or `tokens` features (the last time fewer, when the stream ends), with how many were handed
// over before; they are forgotten after it returns. The annotation items count
// instances from the stream's first (index `first` + i for the batch's i-th).
// A stream the shortcut cannot read alone (a back-reference to a decoded
// object) throws NotDecodedInBatches instead of being read again: its reader
// reads it whole.
struct DecodedBatches {
  std::size_t documents = 1;
  std::size_t tokens = 1;
  std::function<void(java::DecodedInstances& batch, std::size_t first)> consume;
};
struct NotDecodedInBatches {};
std::unique_ptr<java::ObjectGraph> readObjectStreamInBatches(std::span<const uint8_t> bytes, const std::string& source,
                                                             const DecodedBatches& batches);

// Whether a class whose writeObject wrote its data (SC_WRITE_METHOD) wrote its
// default field values first, as the reader decides it without the class:
// known for Java's collections and a few others that call defaultWriteObject()
// or writeFields(); for any other class with fields, when the next byte of the
// stream (`next`) is no type code.
bool knownToWriteDefaultFields(std::string_view className);
bool startsWithDefaultFieldValues(uint8_t next);

// Whether `bytes` starts like a Java serialization stream (0xACED0005).
bool looksLikeObjectStream(std::span<const uint8_t> bytes);

// FormatError(source, ...) unless `start` (a file's first bytes, or all of
// them) begins with the stream's magic number: the parser's own first test,
// and a StartCheck (file_bytes.hpp) for the readers of .mallet files.
void checkObjectStreamStart(std::span<const uint8_t> start, const std::string& source);

// Reads, in order, what one class's writeObject wrote, as ObjectInputStream's
// readInt()/readObject() would. Running past the end or reading an object where
// primitive data lies (or the reverse) is a FormatError naming the source and class.
class AnnotationReader {
 public:
  AnnotationReader(const java::ClassData& data, std::string source);

  int32_t readInt();
  int64_t readLong();
  double readDouble();
  bool readBoolean();
  const java::Node* readObject();
  // The next item's index in ObjectGraph::instances, consumed, if it is a
  // decoded instance (ObjectStreamShortcut::MalletInstances).
  std::optional<std::size_t> readDecodedInstance();
  bool atEnd() const;

 private:
  const uint8_t* take(std::size_t count, const char* what);
  [[noreturn]] void fail(const std::string& problem) const;

  const java::ClassData& data_;
  std::string source_;
  std::size_t item_ = 0;
  std::size_t offset_ = 0;
};

}  // namespace topiceval::formats
