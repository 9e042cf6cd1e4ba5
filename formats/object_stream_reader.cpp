// SPDX-License-Identifier: Apache-2.0
#include "formats/object_stream_reader.hpp"

#include "native/runtime/parallel_runner.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/read_budget.hpp"
#include "native/java/java_strings.hpp"

namespace topiceval::formats {

namespace {

using java::AnnotationItem;
using java::ClassData;
using java::ClassDescriptor;
using java::FieldDescriptor;
using java::Node;
using java::NodeKind;
using java::ObjectGraph;
using java::Value;

using namespace stream_codes;


// Modified UTF-8 (Java's DataInput.readUTF) to standard UTF-8: NUL arrives as
// C0 80 and supplementary characters as two three-byte surrogates, so the bytes
// are decoded to UTF-16 units first.
bool decodeModifiedUtf8(std::string_view in, std::string& out) {
  // ASCII is its own encoding in all three (names and words mostly are).
  if (std::all_of(in.begin(), in.end(), [](char c) { return static_cast<uint8_t>(c) < 0x80; })) {
    out.assign(in);
    return true;
  }
  std::vector<uint16_t> units;
  units.reserve(in.size());
  std::size_t i = 0;
  while (i < in.size()) {
    const auto b0 = static_cast<uint8_t>(in[i]);
    if (b0 < 0x80) {
      units.push_back(b0);
      i += 1;
    } else if ((b0 & 0xE0) == 0xC0) {
      if (i + 1 >= in.size()) return false;
      const auto b1 = static_cast<uint8_t>(in[i + 1]);
      if ((b1 & 0xC0) != 0x80) return false;
      units.push_back(static_cast<uint16_t>(((b0 & 0x1Fu) << 6) | (b1 & 0x3Fu)));
      i += 2;
    } else if ((b0 & 0xF0) == 0xE0) {
      if (i + 2 >= in.size()) return false;
      const auto b1 = static_cast<uint8_t>(in[i + 1]);
      const auto b2 = static_cast<uint8_t>(in[i + 2]);
      if ((b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return false;
      units.push_back(static_cast<uint16_t>(((b0 & 0x0Fu) << 12) | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu)));
      i += 3;
    } else {
      return false;
    }
  }
  out = utf16ToUtf8(units);
  return true;
}

}  // namespace

void checkObjectStreamStart(std::span<const uint8_t> start, const std::string& source) {
  if (start.size() < 4)
    throw FormatError(source, "not a Java serialization stream: the file is shorter than its 4-byte header");
  if (start[0] != 0xAC || start[1] != 0xED)
    throw FormatError(source, "not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
}

namespace {

// A back-reference to an object the shortcut decoded without a node: the
// stream is read again without the shortcut.
struct ReadAgainWithoutShortcut {};

class StreamParser {
 public:
  // `packIntRows`: whether an int[][] may be read as java::IntRows (readIntRows).
  StreamParser(std::span<const uint8_t> bytes, const std::string& source, const ObjectStreamLimits& limits,
               ObjectStreamShortcut shortcut, const DecodedBatches* batches = nullptr, bool packIntRows = true)
      : bytes_(bytes),
        source_(source),
        limits_(limits),
        budget_(bytes.size(), source),
        graph_(std::make_unique<ObjectGraph>()),
        shortcut_(shortcut),
        batches_(batches),
        packIntRows_(packIntRows) {
    // An instance list is mostly its instances' features: reserving by the
    // stream's length spares the copies of growing (pages never touched cost
    // no memory).
    if (shortcut_ == ObjectStreamShortcut::MalletInstances && batches_ == nullptr)
      graph_->instances.tokens.reserve(std::min(bytes.size() / 4, kMostReserved / sizeof(int32_t)));
  }

  std::unique_ptr<ObjectGraph> parse() {
    checkObjectStreamStart(bytes_, source_);
    readU16("the stream header");
    const uint16_t version = readU16("the stream header");
    if (version != 5) fail("unsupported Java serialization stream version " + std::to_string(version));
    if (position_ >= bytes_.size()) fail("truncated: the stream holds no object");
    const uint8_t tag = peek("the first object");
    if (tag == kBlockData || tag == kBlockDataLong) fail("the stream starts with primitive data, not an object");
    const Node* root = readObject("the first object");
    if (root == nullptr) fail("the stream's first object is null");
    graph_->root = root;
    graph_->handlesKept = handles_.kept();
    if (batches_ != nullptr && graph_->instances.size() > 0) handOverBatch();
    return std::move(graph_);
  }

 private:
  // What a handle names: a node or a class descriptor.
  class Handle {
   public:
    const Node* node() const { return descriptor_ == nullptr ? node_ : nullptr; }
    const ClassDescriptor* descriptor() const { return descriptor_; }
    void setNode(const Node* node) { node_ = node; }
    void setDescriptor(const ClassDescriptor* descriptor) { descriptor_ = descriptor; }

   private:
    const Node* node_ = nullptr;
    const ClassDescriptor* descriptor_ = nullptr;
  };

  // Handles are numbered in the order their objects are read, but only those
  // a later back-reference can use are kept: the objects the shortcut decodes
  // (an Instance, its FeatureSequence, its name and source) are numbered and
  // forgotten, so that the table grows with the list's vocabulary and classes,
  // not with its documents. MALLET never refers back to those; a stream that
  // does is read again without the shortcut (ReadAgainWithoutShortcut), which
  // gives the same documents or message.
  class HandleTable {
   public:
    std::size_t size() const { return count_; }
    std::size_t kept() const { return kept_.size(); }
    Handle& add() {
      kept_.push_back({count_++, Handle{}});
      return kept_.back().handle;
    }
    void skip() { ++count_; }
    // The kept handle numbered `number` (below size()), or null if it was skipped.
    Handle* find(std::size_t number) {
      const auto at = std::lower_bound(kept_.begin(), kept_.end(), number,
                                       [](const Numbered& kept, std::size_t n) { return kept.number < n; });
      return at != kept_.end() && at->number == number ? &at->handle : nullptr;
    }
    // Forgets the handles numbered from `count` on.
    void truncate(std::size_t count) {
      while (!kept_.empty() && kept_.back().number >= count) kept_.pop_back();
      count_ = count;
    }

   private:
    struct Numbered {
      std::size_t number;
      Handle handle;
    };
    std::vector<Numbered> kept_;
    std::size_t count_ = 0;
  };

  [[noreturn]] void fail(const std::string& problem) const { throw FormatError(source_, problem); }

  [[noreturn]] void truncated(const char* what) const {
    fail("truncated: the stream ends inside " + std::string(what) + " (byte " + std::to_string(bytes_.size()) + ")");
  }

  std::size_t remaining() const { return bytes_.size() - position_; }

  const uint8_t* take(std::size_t count, const char* what) {
    if (count > remaining()) truncated(what);
    const uint8_t* p = bytes_.data() + position_;
    position_ += count;
    return p;
  }

  uint8_t peek(const char* what) const {
    if (position_ >= bytes_.size()) truncated(what);
    return bytes_[position_];
  }

  uint8_t readU8(const char* what) { return *take(1, what); }
  uint16_t readU16(const char* what) {
    const uint8_t* p = take(2, what);
    return static_cast<uint16_t>((p[0] << 8) | p[1]);
  }
  uint32_t readU32(const char* what) {
    const uint8_t* p = take(4, what);
    return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
  }
  uint64_t readU64(const char* what) {
    const uint64_t high = readU32(what);
    return (high << 32) | readU32(what);
  }

  std::string readUtf(std::size_t length, const char* what) {
    const uint8_t* p = take(length, what);
    std::string out;
    if (!decodeModifiedUtf8(std::string_view(reinterpret_cast<const char*>(p), length), out))
      fail(std::string("malformed modified UTF-8 in ") + what);
    return out;
  }
  std::string readShortUtf(const char* what) { return readUtf(readU16(what), what); }

  struct DepthGuard {
    explicit DepthGuard(StreamParser& parser) : parser_(parser) {
      if (++parser_.depth_ > parser_.limits_.maxDepth)
        parser_.fail("objects nested deeper than " + std::to_string(parser_.limits_.maxDepth) + " levels");
    }
    ~DepthGuard() { --parser_.depth_; }
    StreamParser& parser_;
  };

  Node& newNode(NodeKind kind) {
    budget_.charge(sizeof(Node), "objects");
    return graph_->newNode(kind);
  }
  ClassDescriptor& newClassDescriptor() {
    budget_.charge(sizeof(ClassDescriptor), "class descriptors");
    return graph_->newClassDescriptor();
  }

  // Links `descriptor` to its superclass, which must be complete: a class that
  // names itself (or a class still being read) as its ancestor would send every
  // walk up the hierarchy around a cycle.
  void setSuperclass(ClassDescriptor& descriptor, const ClassDescriptor* superclass) {
    if (superclass != nullptr && superclass->hierarchyDepth == 0)
      fail("class " + descriptor.name + " has itself (or a class being defined) as its superclass: a cycle");
    const int depth = superclass == nullptr ? 1 : superclass->hierarchyDepth + 1;
    if (depth > limits_.maxHierarchyDepth)
      fail("class " + descriptor.name + " has a hierarchy deeper than " + std::to_string(limits_.maxHierarchyDepth) +
           " classes");
    descriptor.superclass = superclass;
    descriptor.hierarchyDepth = depth;
  }

  Handle& newHandle() {
    budget_.charge(sizeof(Handle), "handles");
    return handles_.add();
  }
  // A handle for an object the shortcut decodes: numbered, not kept.
  void skipHandle() {
    budget_.charge(sizeof(Handle), "handles");
    handles_.skip();
  }

  Handle& lookupHandle() {
    const uint32_t raw = readU32("a back-reference");
    if (raw < kBaseHandle || raw - kBaseHandle >= handles_.size())
      fail("back-reference to handle 0x" + hex(raw) + ", which names nothing read so far");
    Handle* handle = handles_.find(raw - kBaseHandle);
    if (handle == nullptr) throw ReadAgainWithoutShortcut{};
    return *handle;
  }

  static std::string hex(uint32_t value) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%X", value);
    return buffer;
  }

  // classDesc: TC_CLASSDESC | TC_PROXYCLASSDESC | TC_NULL | TC_REFERENCE
  const ClassDescriptor* readClassDescriptor() {
    DepthGuard guard(*this);
    const uint8_t tag = readU8("a class descriptor");
    switch (tag) {
      case kNull: return nullptr;
      case kReference: {
        const ClassDescriptor* descriptor = lookupHandle().descriptor();
        if (descriptor == nullptr)
          fail("a back-reference where a class descriptor belongs names another kind of object");
        if (descriptor->hierarchyDepth == 0)
          fail("class " + descriptor->name +
               " refers to itself before its descriptor is complete: a class cannot be its own ancestor");
        return descriptor;
      }
      case kClassDescriptor: {
        ClassDescriptor& descriptor = newClassDescriptor();
        descriptor.name = readShortUtf("a class name");
        descriptor.serialVersionUid = static_cast<int64_t>(readU64("a class descriptor"));
        newHandle().setDescriptor(&descriptor);
        descriptor.flags = readU8("a class descriptor");
        const uint16_t fieldCount = readU16("a class descriptor");
        if (fieldCount * std::size_t{3} > remaining()) truncated("a class descriptor's field list");
        budget_.charge(fieldCount * sizeof(FieldDescriptor), "field descriptors");
        descriptor.fields.reserve(fieldCount);
        for (uint16_t i = 0; i < fieldCount; ++i) {
          FieldDescriptor field;
          field.typeCode = static_cast<char>(readU8("a field descriptor"));
          field.name = readShortUtf("a field name");
          switch (field.typeCode) {
            case 'B':
            case 'C':
            case 'D':
            case 'F':
            case 'I':
            case 'J':
            case 'S':
            case 'Z': break;
            case 'L':
            case '[': {
              const Node* typeName = readObject("a field's type name");
              if (typeName == nullptr || typeName->kind != NodeKind::String)
                fail("field '" + field.name + "' of class " + descriptor.name + " has no type name");
              field.className = typeName->text;
              break;
            }
            default:
              fail("field '" + field.name + "' of class " + descriptor.name + " has unknown type code 0x" +
                   hex(static_cast<uint8_t>(field.typeCode)));
          }
          descriptor.fields.push_back(std::move(field));
        }
        skipAnnotation("a class annotation");
        setSuperclass(descriptor, readClassDescriptor());
        if (descriptor.isSerializable() && descriptor.isExternalizable())
          fail("class " + descriptor.name + " claims to be both Serializable and Externalizable");
        return &descriptor;
      }
      case kProxyClassDescriptor: {
        ClassDescriptor& descriptor = newClassDescriptor();
        newHandle().setDescriptor(&descriptor);
        descriptor.isProxy = true;
        descriptor.flags = ClassDescriptor::kSerializable;
        const uint32_t count = readU32("a proxy class descriptor");
        if (count > remaining() / 2) truncated("a proxy class descriptor's interface list");
        for (uint32_t i = 0; i < count; ++i) {
          budget_.charge(sizeof(std::string), "interface names");
          descriptor.proxyInterfaces.push_back(readShortUtf("an interface name"));
        }
        descriptor.name = "proxy";
        skipAnnotation("a class annotation");
        setSuperclass(descriptor, readClassDescriptor());
        return &descriptor;
      }
      default:
        fail("expected a class descriptor, found type code 0x" + hex(tag) + " at byte " +
             std::to_string(position_ - 1));
    }
  }

  void skipAnnotation(const char* what) {
    std::vector<AnnotationItem> ignored;
    readAnnotation(ignored, what);
  }

  // Block data and objects up to TC_ENDBLOCKDATA; adjacent block-data records are joined.
  void readAnnotation(std::vector<AnnotationItem>& items, const char* what) {
    for (;;) {
      const uint8_t tag = peek(what);
      if (tag == kEndBlockData) {
        ++position_;
        return;
      }
      if (tag == kBlockData || tag == kBlockDataLong) {
        ++position_;
        const std::size_t length = tag == kBlockData ? readU8("a block-data header") : blockLength();
        const uint8_t* p = take(length, "block data");
        budget_.charge(length, "block data");
        if (items.empty() || items.back().isObject) {
          budget_.charge(sizeof(AnnotationItem), "annotations");
          items.push_back(AnnotationItem{});
        }
        items.back().bytes.append(reinterpret_cast<const char*>(p), length);
        continue;
      }
      AnnotationItem item;
      item.isObject = true;
      // depth 1: the data of the root object, which the shortcut decodes.
      if (shortcut_ == ObjectStreamShortcut::MalletInstances && depth_ == 1 && tag == kObject) {
        DepthGuard guard(*this);
        ++position_;
        const ClassDescriptor* descriptor = readClassDescriptor();
        if (const auto index = tryDecodingInstance(descriptor)) {
          if (!items.empty() && items.back().decodedCount > 0 &&
              items.back().decodedInstance + items.back().decodedCount == *index) {
            ++items.back().decodedCount;
            continue;
          }
          item.decodedInstance = *index;
          item.decodedCount = 1;
        } else {
          item.object = readNewObject(descriptor);
        }
        budget_.charge(sizeof(AnnotationItem), "annotations");
      } else {
        budget_.charge(sizeof(AnnotationItem), "annotations");
        item.object = readObject(what);
      }
      items.push_back(std::move(item));
    }
  }

  std::size_t blockLength() {
    const auto length = static_cast<int32_t>(readU32("a block-data header"));
    if (length < 0) fail("block data with negative length " + std::to_string(length));
    return static_cast<std::size_t>(length);
  }

  const Node* readObject(const char* what) {
    DepthGuard guard(*this);
    const uint8_t tag = readU8(what);
    switch (tag) {
      case kNull: return nullptr;
      case kReference: {
        const Handle& handle = lookupHandle();
        if (handle.node() == nullptr) fail("a back-reference where an object belongs names a class descriptor");
        return handle.node();
      }
      case kObject: return readNewObject(readClassDescriptor());
      case kString:
      case kLongString: {
        Node& node = newNode(NodeKind::String);
        newHandle().setNode(&node);
        std::size_t length = 0;
        if (tag == kString) {
          length = readU16("a string");
        } else {
          const uint64_t longLength = readU64("a long string");
          if (longLength > remaining()) truncated("a long string");
          length = static_cast<std::size_t>(longLength);
        }
        budget_.charge(length, "strings");
        node.text = readUtf(length, "a string");
        return &node;
      }
      case kArray: return readArray();
      case kClass: {
        Node& node = newNode(NodeKind::Class);
        node.descriptor = readClassDescriptor();
        newHandle().setNode(&node);
        return &node;
      }
      case kEnum: {
        Node& node = newNode(NodeKind::Enum);
        node.descriptor = readClassDescriptor();
        newHandle().setNode(&node);
        const Node* name = readObject("an enum constant's name");
        if (name == nullptr || name->kind != NodeKind::String) fail("an enum constant without a name");
        node.text = name->text;
        return &node;
      }
      case kReset:
        fail("the stream uses TC_RESET (written by ObjectOutputStream.reset()), which MALLET files never do");
      case kException: fail("the stream holds an exception: the Java program that wrote it failed while writing");
      case kBlockData:
      case kBlockDataLong:
        fail(std::string("found primitive data where an object belongs, in ") + what + " at byte " +
             std::to_string(position_ - 1));
      case kEndBlockData:
        fail(std::string("found an end-of-data marker where an object belongs, in ") + what + " at byte " +
             std::to_string(position_ - 1));
      case kClassDescriptor:
      case kProxyClassDescriptor:
        fail(std::string("found a bare class descriptor where an object belongs, in ") + what);
      default:
        fail("unknown type code 0x" + hex(tag) + " at byte " + std::to_string(position_ - 1) + " (in " + what + ")");
    }
  }

  const Node* readNewObject(const ClassDescriptor* descriptor) {
    if (descriptor == nullptr) fail("an object with a null class descriptor");
    Node& node = newNode(NodeKind::Object);
    node.descriptor = descriptor;
    newHandle().setNode(&node);
    if (descriptor->isProxy) fail("a serialized dynamic proxy, which no MALLET file contains");
    if (descriptor->flags & ClassDescriptor::kEnum) fail("an enum written as an ordinary object");

    // Descriptors are complete and acyclic (setSuperclass), so this walk ends
    // within maxHierarchyDepth steps.
    std::vector<const ClassDescriptor*> hierarchy;
    for (const ClassDescriptor* c = descriptor; c != nullptr; c = c->superclass) hierarchy.push_back(c);
    budget_.charge(hierarchy.size() * sizeof(ClassData), "per-class object data");
    std::reverse(hierarchy.begin(), hierarchy.end());
    std::vector<ClassData> classData;
    classData.reserve(hierarchy.size());
    for (const ClassDescriptor* c : hierarchy) {
      ClassData data;
      data.descriptor = c;
      if (c->isExternalizable()) {
        if (!(c->flags & ClassDescriptor::kBlockData))
          fail("class " + c->name +
               " is Externalizable in the old protocol, whose data cannot be read without the class");
        readAnnotation(data.annotation, "externalized data");
      } else if (c->isSerializable()) {
        if (!c->hasWriteMethod()) {
          readFields(*c, data);
        } else {
          if (writesDefaultFields(*c)) readFields(*c, data);
          readAnnotation(data.annotation, "data written by a writeObject method");
        }
      } else {
        fail("class " + c->name + " is neither Serializable nor Externalizable");
      }
      classData.push_back(std::move(data));
    }
    node.classData = std::move(classData);
    return &node;
  }

  bool writesDefaultFields(const ClassDescriptor& c) {
    if (c.fields.empty()) return false;
    if (knownToWriteDefaultFields(c.name)) return true;
    return startsWithDefaultFieldValues(peek("an object's data"));
  }

  void readFields(const ClassDescriptor& c, ClassData& data) {
    data.hasFields = true;
    budget_.charge(c.fields.size() * sizeof(Value), "field values");
    data.fields.reserve(c.fields.size());
    for (const FieldDescriptor& field : c.fields) {
      Value value;
      value.typeCode = field.typeCode;
      switch (field.typeCode) {
        case 'B': value.integer = static_cast<int8_t>(readU8("a byte field")); break;
        case 'Z': value.integer = readU8("a boolean field") != 0; break;
        case 'C': value.integer = readU16("a char field"); break;
        case 'S': value.integer = static_cast<int16_t>(readU16("a short field")); break;
        case 'I': value.integer = static_cast<int32_t>(readU32("an int field")); break;
        case 'J': value.integer = static_cast<int64_t>(readU64("a long field")); break;
        case 'F': value.floating = std::bit_cast<float>(readU32("a float field")); break;
        case 'D': value.floating = std::bit_cast<double>(readU64("a double field")); break;
        default: value.reference = readObject("an object field"); break;
      }
      data.fields.push_back(value);
    }
  }

  const Node* readArray() {
    const ClassDescriptor* descriptor = readClassDescriptor();
    if (descriptor == nullptr || descriptor->name.size() < 2 || descriptor->name[0] != '[')
      fail("an array whose class is not an array type");
    Node& node = newNode(NodeKind::Array);
    budget_.charge(sizeof(Node::Elements), "arrays");
    node.descriptor = descriptor;
    newHandle().setNode(&node);
    const auto length = static_cast<int32_t>(readU32("an array length"));
    if (length < 0) fail("an array of negative length " + std::to_string(length));
    const auto count = static_cast<std::size_t>(length);
    const char type = descriptor->name[1];
    node.elementType = type;
    // `elementSize` bytes of stream per element, `kept` bytes of memory.
    auto need = [&](std::size_t elementSize, std::size_t kept) {
      if (count > remaining() / elementSize)
        fail("truncated: the stream ends inside " + java::describeType(&node) + " of " + std::to_string(count) +
             " elements (" + std::to_string(remaining()) + " bytes remain)");
      budget_.charge(count * kept, "array elements");
    };
    switch (type) {
      case 'B':
      case 'Z': {
        need(1, sizeof(int32_t));
        const uint8_t* p = take(count, "an array");
        node.elementsToFill().ints.resize(count);
        for (std::size_t i = 0; i < count; ++i)
          node.elementsToFill().ints[i] = type == 'B' ? static_cast<int8_t>(p[i]) : static_cast<int32_t>(p[i] != 0);
        break;
      }
      case 'C':
      case 'S': {
        need(2, sizeof(int32_t));
        const uint8_t* p = take(count * 2, "an array");
        node.elementsToFill().ints.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
          const auto raw = static_cast<uint16_t>((p[2 * i] << 8) | p[2 * i + 1]);
          node.elementsToFill().ints[i] = type == 'C' ? raw : static_cast<int16_t>(raw);
        }
        break;
      }
      case 'I':
      case 'F': {
        need(4, sizeof(double));
        const uint8_t* p = take(count * 4, "an array");
        auto word = [p](std::size_t i) {
          return (uint32_t{p[4 * i]} << 24) | (uint32_t{p[4 * i + 1]} << 16) | (uint32_t{p[4 * i + 2]} << 8) |
                 uint32_t{p[4 * i + 3]};
        };
        if (type == 'I') {
          node.elementsToFill().ints.resize(count);
          for (std::size_t i = 0; i < count; ++i) node.elementsToFill().ints[i] = static_cast<int32_t>(word(i));
        } else {
          node.elementsToFill().doubles.resize(count);
          for (std::size_t i = 0; i < count; ++i) node.elementsToFill().doubles[i] = std::bit_cast<float>(word(i));
        }
        break;
      }
      case 'J':
      case 'D': {
        need(8, sizeof(double));
        const uint8_t* p = take(count * 8, "an array");
        auto word = [p](std::size_t i) {
          uint64_t v = 0;
          for (std::size_t b = 0; b < 8; ++b) v = (v << 8) | p[8 * i + b];
          return v;
        };
        if (type == 'J') {
          node.elementsToFill().longs.resize(count);
          for (std::size_t i = 0; i < count; ++i) node.elementsToFill().longs[i] = static_cast<int64_t>(word(i));
        } else {
          node.elementsToFill().doubles.resize(count);
          for (std::size_t i = 0; i < count; ++i) node.elementsToFill().doubles[i] = std::bit_cast<double>(word(i));
        }
        break;
      }
      case 'L':
      case '[': {
        need(1, sizeof(const Node*));
        if (packIntRows_ && descriptor->name == "[[I" && readIntRows(node, count)) break;
        node.elementsToFill().references.reserve(count);
        for (std::size_t i = 0; i < count; ++i) node.elementsToFill().references.push_back(readObject("an array element"));
        break;
      }
      default: fail("an array of unknown element type '" + descriptor->name + "'");
    }
    return &node;
  }

  // An int[][]'s elements straight into one block (java::IntRows) when each is
  // null or a new int[]: the same reads, checks and charges as readObject and
  // readArray make for each, without a node. A row's handle is numbered and not
  // kept (a back-reference to one reads the stream again without this); any
  // other element, or a row that readArray would refuse, puts everything back
  // for the general reading to read (and name the problem).
  bool readIntRows(Node& node, std::size_t count) {
    struct NotRows {};
    const std::size_t position = position_;
    const std::size_t handles = handles_.size();
    const std::size_t nodes = graph_->nodeCount();
    const std::size_t classes = graph_->classCount();
    const ReadBudget budget = budget_;
    auto rows = std::make_unique<java::IntRows>();
    try {
      rows->starts.reserve(count + 1);
      rows->present.reserve(count);
      for (std::size_t i = 0; i < count; ++i) {
        DepthGuard guard(*this);
        const uint8_t tag = readU8("an array element");
        if (tag == kNull) {
          rows->starts.push_back(rows->ints.size());
          rows->present.push_back(0);
          continue;
        }
        if (tag != kArray) throw NotRows{};
        const ClassDescriptor* descriptor = readClassDescriptor();
        if (descriptor == nullptr || descriptor->name != "[I") throw NotRows{};
        budget_.charge(sizeof(Node), "objects");
        budget_.charge(sizeof(Node::Elements), "arrays");
        skipHandle();
        const auto length = static_cast<int32_t>(readU32("an array length"));
        if (length < 0 || static_cast<std::size_t>(length) > remaining() / 4) throw NotRows{};
        const auto elements = static_cast<std::size_t>(length);
        budget_.charge(elements * sizeof(double), "array elements");
        const uint8_t* p = take(elements * 4, "an array");
        const std::size_t start = rows->ints.size();
        rows->ints.resize(start + elements);
        int32_t* out = rows->ints.data() + start;
        for (std::size_t j = 0; j < elements; ++j, p += 4)
          out[j] = static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) |
                                        uint32_t{p[3]});
        rows->starts.push_back(rows->ints.size());
        rows->present.push_back(1);
      }
    } catch (const NotRows&) {
      position_ = position;
      handles_.truncate(handles);
      graph_->truncate(nodes, classes);
      budget_ = budget;
      return false;
    }
    node.elementsToFill().rows = std::move(rows);
    return true;
  }

  // --- ObjectStreamShortcut::MalletInstances ---------------------------------
  //
  // What MALLET writes for an Instance (Instance.writeObject and
  // FeatureSequence.writeObject, MALLET 2.1.1):
  //   Instance:        [int version] data target name source properties [boolean locked]
  //   FeatureSequence: [int version] dictionary [int capacity, capacity ints, int length]
  // with primitives in block-data records and objects between them. Only
  // this shape is decoded; anything else throws NotTheShape before the
  // shortcut keeps anything, and the general parser reads the bytes again.

  struct NotTheShape {};

  static bool isPlainClass(const ClassDescriptor* c, std::string_view name) {
    return c != nullptr && c->name == name && c->superclass == nullptr && !c->isProxy && c->isSerializable() &&
           !c->isExternalizable() && c->hasWriteMethod() && (c->flags & ClassDescriptor::kEnum) == 0;
  }

  // Whether an object of a class that is not in classesWritingDefaultFields
  // starts with default field values (writesDefaultFields' test, without the
  // lookup by name: Instance and FeatureSequence are not in the list).
  bool writesPrimitivesFirst() const {
    if (position_ >= bytes_.size()) throw NotTheShape{};
    const uint8_t next = bytes_[position_];
    return !(next >= kNull && next <= kEnum);
  }

  // The next int of block data, which must lie whole in one record.
  int32_t blockInt() {
    if (blockLeft_ == 0) {
      if (position_ >= bytes_.size()) throw NotTheShape{};
      const uint8_t tag = bytes_[position_];
      std::size_t length = 0;
      if (tag == kBlockData && remaining() >= 2) {
        length = bytes_[position_ + 1];
        position_ += 2;
      } else if (tag == kBlockDataLong && remaining() >= 5) {
        const uint8_t* p = bytes_.data() + position_ + 1;
        const auto signedLength =
            static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3]);
        if (signedLength < 0) throw NotTheShape{};
        length = static_cast<std::size_t>(signedLength);
        position_ += 5;
      } else {
        throw NotTheShape{};
      }
      if (length > remaining()) throw NotTheShape{};
      blockLeft_ = length;
    }
    if (blockLeft_ < 4) throw NotTheShape{};
    const uint8_t* p = bytes_.data() + position_;
    position_ += 4;
    blockLeft_ -= 4;
    return static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3]);
  }

  // `count` ints of block data, a record's whole ints at a time.
  void blockInts(int32_t* out, std::size_t count) {
    while (count > 0) {
      if (blockLeft_ < 4) {
        *out++ = blockInt();  // reads the next record's header, or finds a split int
        --count;
        continue;
      }
      const std::size_t n = std::min(count, blockLeft_ / 4);
      const uint8_t* p = bytes_.data() + position_;
      for (std::size_t i = 0; i < n; ++i, p += 4)
        out[i] = static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3]);
      position_ += 4 * n;
      blockLeft_ -= 4 * n;
      out += n;
      count -= n;
    }
  }

  // Where the general parser would read an object item: no primitive data
  // left over, and a type code that is not block data nor the end.
  void expectObjectItem() {
    if (blockLeft_ != 0 || position_ >= bytes_.size()) throw NotTheShape{};
    const uint8_t tag = bytes_[position_];
    if (tag == kBlockData || tag == kBlockDataLong || tag == kEndBlockData) throw NotTheShape{};
  }

  // The rest of an annotation, read and ignored as AnnotationReader's users do.
  void skipRestOfAnnotation(const char* what) {
    if (blockLeft_ > remaining()) throw NotTheShape{};
    position_ += blockLeft_;
    blockLeft_ = 0;
    skipAnnotation(what);
  }

  // A name or source: text decoded from a String (its handle not kept), or a node, or null.
  void decodeText(java::DecodedTexts& texts, const char* what) {
    expectObjectItem();
    const uint8_t tag = bytes_[position_];
    if (tag != kString && tag != kLongString) {
      texts.addNode(readObject(what));
      return;
    }
    DepthGuard guard(*this);
    ++position_;
    skipHandle();
    const std::size_t length = readStringLength(tag);
    budget_.charge(length, "strings");
    texts.addText(readUtf(length, "a string"));
  }

  std::size_t readStringLength(uint8_t tag) {
    if (tag == kString) return readU16("a string");
    const uint64_t longLength = readU64("a long string");
    if (longLength > remaining()) truncated("a long string");
    return static_cast<std::size_t>(longLength);
  }

  // Decodes an Instance whose class descriptor was just read into
  // graph_->instances, or leaves everything as it was and returns nothing.
  std::optional<std::size_t> tryDecodingInstance(const ClassDescriptor* descriptor) {
    static constexpr const char* kWhat = "data written by a writeObject method";
    if (!isPlainClass(descriptor, "cc.mallet.types.Instance")) return std::nullopt;
    const std::size_t position = position_;
    const std::size_t handles = handles_.size();
    const std::size_t nodes = graph_->nodeCount();
    const std::size_t classes = graph_->classCount();
    java::DecodedInstances& decoded = graph_->instances;
    const std::size_t index = decoded.size();
    try {
      if (writesPrimitivesFirst()) throw NotTheShape{};
      skipHandle();
      blockLeft_ = 0;
      blockInt();  // version
      expectObjectItem();
      if (bytes_[position_] != kObject) throw NotTheShape{};
      const Node* dictionary = nullptr;
      {
        DepthGuard guard(*this);
        ++position_;
        const ClassDescriptor* sequence = readClassDescriptor();
        if (!isPlainClass(sequence, "cc.mallet.types.FeatureSequence") || writesPrimitivesFirst())
          throw NotTheShape{};
        skipHandle();
        blockInt();  // version
        expectObjectItem();
        dictionary = readObject(kWhat);
        const int32_t capacity = blockInt();
        if (capacity < 0 || static_cast<std::size_t>(capacity) > remaining() / 4) throw NotTheShape{};
        budget_.charge(static_cast<std::size_t>(capacity) * sizeof(int32_t), "documents");
        const std::size_t start = decoded.tokens.size();
        decoded.tokens.resize(start + static_cast<std::size_t>(capacity));
        int32_t* features = decoded.tokens.data() + start;
        blockInts(features, static_cast<std::size_t>(capacity));
        int32_t negative = 0;
        for (int32_t j = 0; j < capacity; ++j) negative |= features[j];
        const int32_t length = blockInt();
        if (length < 0 || length > capacity) throw NotTheShape{};
        decoded.tokens.resize(start + static_cast<std::size_t>(length));
        // Features past `length` are dropped unread, as the general reader drops them.
        if (negative < 0) {
          for (int32_t j = 0; j < length; ++j)
            if (features[j] < 0) throw NotTheShape{};
        }
        skipRestOfAnnotation(kWhat);
      }
      expectObjectItem();
      readObject(kWhat);  // target
      // Both texts are added first and taken back if what follows is not the shape.
      decodeText(decoded.names, kWhat);
      decodeText(decoded.sources, kWhat);
      skipRestOfAnnotation(kWhat);
      decoded.offsets.push_back(decoded.tokens.size());
      decoded.dictionaries.push_back(dictionary);
      const std::size_t counted = handedOver_ + index;
      if (batches_ != nullptr && (decoded.size() >= batches_->documents || decoded.tokens.size() >= batches_->tokens))
        handOverBatch();
      return counted;
    } catch (const NotTheShape&) {
      position_ = position;
      blockLeft_ = 0;
      handles_.truncate(handles);
      graph_->truncate(nodes, classes);
      decoded.truncate(index);
      return std::nullopt;
    }
  }

  void handOverBatch() {
    java::DecodedInstances& decoded = graph_->instances;
    batches_->consume(decoded, handedOver_);
    handedOver_ += decoded.size();
    decoded = java::DecodedInstances{};  // the consumer may have taken its vectors
  }

  std::span<const uint8_t> bytes_;
  std::string source_;
  ObjectStreamLimits limits_;
  ReadBudget budget_;
  std::unique_ptr<ObjectGraph> graph_;
  HandleTable handles_;
  std::size_t position_ = 0;
  int depth_ = 0;
  ObjectStreamShortcut shortcut_;
  const DecodedBatches* batches_;  // null: every decoded instance is kept
  std::size_t handedOver_ = 0;     // decoded instances handed over to batches_
  std::size_t blockLeft_ = 0;  // the shortcut's unread bytes of the current block-data record
  bool packIntRows_;
};

}  // namespace

std::unique_ptr<java::ObjectGraph> readObjectStream(std::span<const uint8_t> bytes, const std::string& source,
                                                    const ObjectStreamLimits& limits, ObjectStreamShortcut shortcut) {
  // Parsing recurses once per nesting level, up to limits.maxDepth: it runs on a
  // stack of known size, whatever the caller's thread (a Java thread's stack
  // can be set as small as 256 KiB; the sanitizers triple each frame).
  std::unique_ptr<java::ObjectGraph> graph;
  runWithStack(kParsingStack, [&] {
    try {
      graph = StreamParser(bytes, source, limits, shortcut).parse();
    } catch (const ReadAgainWithoutShortcut&) {
      graph = StreamParser(bytes, source, limits, ObjectStreamShortcut::None, nullptr, false).parse();
    }
  });
  return graph;
}

std::unique_ptr<java::ObjectGraph> readObjectStreamInBatches(std::span<const uint8_t> bytes, const std::string& source,
                                                             const DecodedBatches& batches) {
  std::unique_ptr<java::ObjectGraph> graph;
  runWithStack(kParsingStack, [&] {
    try {
      graph = StreamParser(bytes, source, {}, ObjectStreamShortcut::MalletInstances, &batches).parse();
    } catch (const ReadAgainWithoutShortcut&) {
      throw NotDecodedInBatches{};
    }
  });
  return graph;
}

bool looksLikeObjectStream(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 0xAC && bytes[1] == 0xED && bytes[2] == 0x00 && bytes[3] == 0x05;
}

AnnotationReader::AnnotationReader(const java::ClassData& data, std::string source)
    : data_(data), source_(std::move(source)) {}

void AnnotationReader::fail(const std::string& problem) const {
  throw FormatError(source_, "the data of " + data_.descriptor->name + " " + problem);
}

const uint8_t* AnnotationReader::take(std::size_t count, const char* what) {
  if (item_ >= data_.annotation.size()) fail(std::string("ends where ") + what + " was expected");
  const AnnotationItem& item = data_.annotation[item_];
  if (item.isObject) fail(std::string("holds an object where ") + what + " was expected");
  if (offset_ + count > item.bytes.size()) fail(std::string("ends inside ") + what);
  const auto* p = reinterpret_cast<const uint8_t*>(item.bytes.data()) + offset_;
  offset_ += count;
  if (offset_ == item.bytes.size()) {
    ++item_;
    offset_ = 0;
  }
  return p;
}

int32_t AnnotationReader::readInt() {
  const uint8_t* p = take(4, "an int");
  return static_cast<int32_t>((uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]});
}

int64_t AnnotationReader::readLong() {
  const uint8_t* p = take(8, "a long");
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return static_cast<int64_t>(v);
}

double AnnotationReader::readDouble() { return std::bit_cast<double>(readLong()); }

bool AnnotationReader::readBoolean() { return *take(1, "a boolean") != 0; }

const java::Node* AnnotationReader::readObject() {
  if (item_ >= data_.annotation.size()) fail("ends where an object was expected");
  const AnnotationItem& item = data_.annotation[item_];
  if (!item.isObject) fail("holds primitive data where an object was expected");
  if (item.decodedCount > 0) fail("holds decoded instances where an object was expected");
  ++item_;
  offset_ = 0;
  return item.object;
}

std::optional<std::size_t> AnnotationReader::readDecodedInstance() {
  if (item_ >= data_.annotation.size()) return std::nullopt;
  const AnnotationItem& item = data_.annotation[item_];
  if (!item.isObject || item.decodedCount == 0) return std::nullopt;
  // offset_ counts the run's instances already read.
  const std::size_t index = item.decodedInstance + offset_;
  if (++offset_ == item.decodedCount) {
    ++item_;
    offset_ = 0;
  }
  return index;
}

bool AnnotationReader::atEnd() const { return item_ >= data_.annotation.size(); }

namespace {

// Classes whose writeObject starts with defaultWriteObject() or writeFields(), so
// their default field values precede their annotation. MALLET's own classes
// almost all write a version number and their data by hand instead.
const std::unordered_set<std::string_view>& classesWritingDefaultFieldsTable() {
  static const std::unordered_set<std::string_view> names = {
      "java.util.ArrayList",
      "java.util.LinkedList",
      "java.util.HashMap",
      "java.util.HashSet",
      "java.util.TreeMap",
      "java.util.TreeSet",
      "java.util.Hashtable",
      "java.util.Vector",
      "java.util.Random",
      "java.util.BitSet",
      "java.util.IdentityHashMap",
      "java.util.PriorityQueue",
      "java.util.ArrayDeque",
      "java.util.EnumMap",
      "java.util.Locale",
      "java.util.Stack",
      "java.util.concurrent.ConcurrentHashMap",
      "java.util.concurrent.CopyOnWriteArrayList",
      "java.util.Collections$SynchronizedCollection",
      "java.util.Collections$SynchronizedMap",
      "java.lang.StringBuffer",
      "java.lang.StringBuilder",
      "java.math.BigInteger",
      "java.math.BigDecimal",
      "java.io.File",
      "java.net.URI",
      "java.net.URL",
      "cc.mallet.types.TokenSequence",
      "cc.mallet.types.Token",
      "cc.mallet.types.SparseMatrixn",
      "cc.mallet.types.Labels",
      "cc.mallet.types.LabelsSequence",
  };
  return names;
}

}  // namespace

bool knownToWriteDefaultFields(std::string_view className) {
  return classesWritingDefaultFieldsTable().count(className) != 0;
}

bool startsWithDefaultFieldValues(uint8_t next) {
  // MALLET's classes start their writeObject with a version number in block
  // data, so a stream positioned on a type code means the data is all
  // annotation; raw bytes mean defaultWriteObject() came first.
  return !(next >= kNull && next <= kEnum);
}

}  // namespace topiceval::formats
