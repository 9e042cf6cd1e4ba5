// SPDX-License-Identifier: Apache-2.0
// The upgrade (formats/mallet_upgrade.hpp) walks the Java Object Serialization
// Stream Protocol's grammar once, copying each part as it is read, so that a
// file of any size is rewritten with a few bytes of state per handle. The two
// changes it makes move handle numbers (a VMID and its parts took six, the
// UUID that replaces it takes one or two), so every handle of the input gets
// its number in the output, and each back-reference is written with that.
#include "formats/mallet_upgrade.hpp"

#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/sha256.hpp"

namespace topiceval::formats {
namespace {

using namespace stream_codes;

constexpr uint8_t kWriteMethod = 0x01;
constexpr uint8_t kSerializable = 0x02;
constexpr uint8_t kExternalizable = 0x04;
constexpr uint8_t kBlockDataMode = 0x08;

constexpr const char* kVmid = "java.rmi.dgc.VMID";
constexpr const char* kUid = "java.rmi.server.UID";
constexpr const char* kVmidFieldType = "Ljava/rmi/dgc/VMID;";
constexpr const char* kUuidFieldType = "Ljava/util/UUID;";
constexpr const char* kParallelTopicModel = "cc.mallet.topics.ParallelTopicModel";

// java.util.UUID's class descriptor as Java 17 writes it (MALLET 2.1.1's own
// files hold these bytes): serialVersionUID -4856846361193249489, serializable,
// the fields long leastSigBits and long mostSigBits, no annotation, no superclass.
constexpr uint8_t kUuidDescriptorAfterName[] = {0xbc, 0x99, 0x03, 0xf7, 0x98, 0x6d, 0x85, 0x2f, 0x02, 0x00, 0x02,
                                                'J',  0x00, 0x0c, 'l',  'e',  'a',  's',  't',  'S',  'i',  'g',
                                                'B',  'i',  't',  's',  'J',  0x00, 0x0b, 'm',  'o',  's',  't',
                                                'S',  'i',  'g',  'B',  'i',  't',  's',  kEndBlockData, kNull};

// Nesting of objects and descriptors the walk follows (MALLET's files nest about 10 deep).
constexpr int kMaxDepth = 400;

struct Descriptor {
  std::string name;
  std::array<uint8_t, 8> serialVersionUid{};
  uint8_t flags = 0;
  std::vector<std::pair<char, std::string>> fields;  // type code and name, in stream order
  bool annotated = false;                            // its class annotation held more than the end marker
  const Descriptor* superclass = nullptr;
  bool proxy = false;
};

// A java.rmi.server.UID's fields.
struct Uid {
  int32_t unique = 0;
  int64_t time = 0;
  int16_t count = 0;
};

// What a later reference to an input handle needs, kept for the few that need anything: class descriptors,
// and what a VMID is made of (its address's bytes, its UID, the strings of its descriptors).
struct Payload {
  const Descriptor* descriptor = nullptr;
  int32_t bytes = -1;  // a small byte[]'s contents, index into Walk::byteArrays_
  int32_t uid = -1;    // a UID's fields, index into Walk::uids_
  int32_t text = -1;   // a string not written where it was defined, index into Walk::texts_
};

// An input handle's number in the output, or none: a part of a VMID, written nowhere.
constexpr uint32_t kNotWritten = std::numeric_limits<uint32_t>::max();

uint64_t bigEndian(const uint8_t* at, int size) {
  uint64_t value = 0;
  for (int i = 0; i < size; ++i) value = (value << 8) | at[i];
  return value;
}

// Java's Integer.toString(value, 16) and Long.toString(value, 16): a sign, then lower-case digits.
std::string javaHex(int64_t value) {
  if (value == 0) return "0";
  std::string digits;
  uint64_t magnitude = value < 0 ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  while (magnitude > 0) {
    digits.insert(digits.begin(), "0123456789abcdef"[magnitude % 16]);
    magnitude /= 16;
  }
  return value < 0 ? "-" + digits : digits;
}

class Walk {
 public:
  Walk(std::span<const uint8_t> bytes, const std::string& source, std::ostream& out, const std::string& outName)
      : in_(bytes), source_(source), out_(out), outName_(outName) {}

  UpgradeCounts run() {
    checkObjectStreamStart(in_, source_);
    emitBytes(in_.data(), 4);
    at_ = 4;
    if (at_ < in_.size() && in_[at_] == kObject) counts_.rootClass = peekObjectClass();
    if (!counts_.rootClass.starts_with("cc.mallet."))
      fail("holds a serialized " + (counts_.rootClass.empty() ? std::string("object") : counts_.rootClass) +
           ", not a MALLET object (an instance list, saved model, inferencer or evaluator)");
    while (at_ < in_.size()) content(true, 0);
    flush();
    return counts_;
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const { throw FormatError(source_, problem); }
  [[noreturn]] void truncated(const char* what) const {
    fail(std::string("truncated: the stream ends inside ") + what);
  }

  // --- input -----------------------------------------------------------------
  const uint8_t* take(std::size_t count, const char* what) {
    if (in_.size() - at_ < count) truncated(what);
    const uint8_t* start = in_.data() + at_;
    at_ += count;
    return start;
  }
  uint8_t peek(const char* what) const {
    if (at_ >= in_.size()) truncated(what);
    return in_[at_];
  }
  uint8_t u8(const char* what) { return *take(1, what); }
  uint16_t u16(const char* what) { return static_cast<uint16_t>(bigEndian(take(2, what), 2)); }
  uint32_t u32(const char* what) { return static_cast<uint32_t>(bigEndian(take(4, what), 4)); }
  std::string utf(const char* what) {
    const uint16_t length = u16(what);
    const uint8_t* text = take(length, what);
    return std::string(reinterpret_cast<const char*>(text), length);
  }

  // The class of the object the stream is positioned on (a new descriptor's name), for messages.
  std::string peekObjectClass() const {
    if (in_.size() - at_ < 4 || in_[at_ + 1] != kClassDescriptor) return {};
    const std::size_t length = static_cast<std::size_t>(bigEndian(in_.data() + at_ + 2, 2));
    if (in_.size() - at_ - 4 < length) return {};
    return std::string(reinterpret_cast<const char*>(in_.data() + at_ + 4), length);
  }

  // --- output ----------------------------------------------------------------
  void emitBytes(const uint8_t* bytes, std::size_t count) {
    buffer_.append(reinterpret_cast<const char*>(bytes), count);
    if (buffer_.size() >= (std::size_t{1} << 20)) flush();
  }
  void emit8(uint8_t value) { buffer_.push_back(static_cast<char>(value)); }
  void emit16(uint16_t value) {
    emit8(static_cast<uint8_t>(value >> 8));
    emit8(static_cast<uint8_t>(value));
  }
  void emit32(uint32_t value) {
    emit16(static_cast<uint16_t>(value >> 16));
    emit16(static_cast<uint16_t>(value));
  }
  void emitUtf(const std::string& text) {
    emit16(static_cast<uint16_t>(text.size()));
    emitBytes(reinterpret_cast<const uint8_t*>(text.data()), text.size());
  }
  // Copies the input from `from` to where the walk stands.
  void emitSince(std::size_t from) { emitBytes(in_.data() + from, at_ - from); }
  void flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    if (!out_) throw FormatError(outName_, "cannot be written (disk full?)");
    counts_.bytesWritten += buffer_.size();
    buffer_.clear();
  }

  // --- handles ---------------------------------------------------------------
  // A new input handle; written (it gets the next output number) or not.
  std::size_t newHandle(bool written) {
    outputs_.push_back(written ? nextOutput_++ : kNotWritten);
    return outputs_.size() - 1;
  }
  Payload& payload(std::size_t handle) { return payloads_[handle]; }
  const Descriptor* descriptorOf(std::size_t handle) const {
    const auto found = payloads_.find(handle);
    return found != payloads_.end() ? found->second.descriptor : nullptr;
  }
  std::size_t referencedIndex(uint32_t wire) const {
    if (wire < kBaseHandle || wire - kBaseHandle >= outputs_.size())
      fail("refers to object handle " + std::to_string(wire) + ", which the stream never defined");
    return wire - kBaseHandle;
  }
  // A back-reference (its type code read), written with the output's number;
  // the input handle it names. A string or a descriptor only a VMID had used
  // is written in full at its first use elsewhere (a byte[]'s class, say).
  std::size_t reference(bool written) {
    const std::size_t index = referencedIndex(u32("a back-reference"));
    if (!written) return index;
    if (outputs_[index] == kNotWritten) {
      const auto found = payloads_.find(index);
      if (found != payloads_.end() && found->second.text >= 0) {
        emit8(kString);
        emitUtf(texts_[static_cast<std::size_t>(found->second.text)]);
        outputs_[index] = nextOutput_++;
        return index;
      }
      if (found != payloads_.end() && found->second.descriptor != nullptr && rewritable(*found->second.descriptor)) {
        emitDescriptorAgain(*found->second.descriptor);
        outputs_[index] = nextOutput_++;
        return index;
      }
      fail("refers back to a part of a java.rmi.dgc.VMID (an identifier MALLET 2.1 replaced with a UUID) from "
           "outside it: this file cannot be upgraded");
    }
    emit8(kReference);
    emit32(kBaseHandle + outputs_[index]);
    return index;
  }
  static bool rewritable(const Descriptor& descriptor) {
    return !descriptor.proxy && descriptor.fields.empty() && !descriptor.annotated && descriptor.superclass == nullptr;
  }
  // A descriptor without fields, annotation or superclass (what rewritable() allows), its handle taken after
  // its name and serialVersionUID as a descriptor's is.
  void emitDescriptorAgain(const Descriptor& descriptor) {
    emit8(kClassDescriptor);
    emitUtf(descriptor.name);
    emitBytes(descriptor.serialVersionUid.data(), descriptor.serialVersionUid.size());
    emit8(descriptor.flags);
    emit16(0);
    emit8(kEndBlockData);
    emit8(kNull);
  }

  // --- the grammar -----------------------------------------------------------
  void enter(int& depth) {
    if (++depth > kMaxDepth) fail("nests objects more than " + std::to_string(kMaxDepth) + " deep");
  }

  // content: an object or block data.
  void content(bool written, int depth) {
    resets(written);
    if (at_ == in_.size()) return;
    const uint8_t code = peek("the stream's contents");
    if (code == kBlockData || code == kBlockDataLong) {
      blockData(written);
    } else {
      object(written, depth, false);
    }
  }

  void blockData(bool written) {
    const std::size_t from = at_;
    const uint8_t code = u8("block data");
    const std::size_t length = code == kBlockData ? u8("block data") : u32("block data");
    take(length, "block data");
    if (written) emitSince(from);
  }

  // content until the end-of-block marker (a class's or an object's annotation).
  // Whether anything came before the marker.
  bool annotation(bool written, int depth) {
    bool any = false;
    while (peek("an annotation") != kEndBlockData) {
      content(written, depth);
      any = true;
    }
    ++at_;
    if (written) emit8(kEndBlockData);
    return any;
  }

  // What reading an object gave: its input handle (none for null) and, for a
  // class descriptor, the descriptor (what a VMID needs of its parts is in the
  // handle's payload).
  struct Read {
    const Descriptor* descriptor = nullptr;
    std::size_t handle = std::numeric_limits<std::size_t>::max();
  };

  // TC_RESET before an object or a block: the handles start again from the base, in the input and the output.
  void resets(bool written) {
    while (at_ < in_.size() && in_[at_] == kReset) {
      if (!written) fail("resets its handles inside a java.rmi.dgc.VMID");
      ++at_;
      emit8(kReset);
      outputs_.clear();
      payloads_.clear();
      nextOutput_ = 0;
      uuidDescriptor_.reset();
    }
  }

  Read object(bool written, int depth, bool fieldType) {
    enter(depth);
    resets(written);
    const std::size_t from = at_;
    const uint8_t code = u8("an object");
    switch (code) {
      case kNull:
        if (written) emit8(kNull);
        return {};
      case kReference: {
        const std::size_t index = reference(written);
        return {descriptorOf(index), index};
      }
      case kString:
      case kLongString: {
        const std::size_t handle = newHandle(written);
        const uint64_t length = code == kString ? u16("a string") : bigEndian(take(8, "a long string"), 8);
        if (length > in_.size() - at_) truncated("a string");
        const std::string_view text(reinterpret_cast<const char*>(in_.data() + at_), length);
        at_ += length;
        if (!written) {
          if (length <= 0xFFFF) {
            payload(handle).text = static_cast<int32_t>(texts_.size());
            texts_.emplace_back(text);
          }
        } else if (fieldType && text == kVmidFieldType) {
          emit8(kString);
          emitUtf(kUuidFieldType);
          ++counts_.fieldTypes;
        } else {
          emitSince(from);
        }
        return {nullptr, handle};
      }
      case kClassDescriptor:
      case kProxyClassDescriptor:
        --at_;
        return classDescriptor(written, depth);
      case kObject: return newObject(written, depth);
      case kArray: return newArray(written, depth);
      case kClass: {
        if (written) emit8(kClass);
        classDescriptor(written, depth);
        return {nullptr, newHandle(written)};
      }
      case kEnum: {
        if (written) emit8(kEnum);
        classDescriptor(written, depth);
        const std::size_t handle = newHandle(written);
        object(written, depth, false);  // the constant's name
        return {nullptr, handle};
      }
      case kException: fail("holds an exception Java met while writing it: the file is damaged");
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", code);
        fail(std::string("has the unknown type code ") + hex + " where an object belongs");
      }
    }
  }

  // classDesc: a new descriptor (or proxy), a back-reference to one, or null.
  Read classDescriptor(bool written, int depth) {
    enter(depth);
    const uint8_t code = peek("a class descriptor");
    if (code == kNull) {
      ++at_;
      if (written) emit8(kNull);
      return {};
    }
    if (code == kReference) {
      ++at_;
      const std::size_t index = reference(written);
      const Descriptor* descriptor = descriptorOf(index);
      if (descriptor == nullptr) fail("uses an object that is not a class descriptor as one");
      return {descriptor, index};
    }
    if (code != kClassDescriptor && code != kProxyClassDescriptor)
      fail("has something other than a class descriptor where one belongs");
    ++at_;
    descriptors_.emplace_back();
    Descriptor& descriptor = descriptors_.back();
    if (code == kProxyClassDescriptor) {
      descriptor.proxy = true;
      const std::size_t handle = newHandle(written);
      payload(handle).descriptor = &descriptor;
      const std::size_t from = at_;
      const uint32_t interfaces = u32("a proxy class descriptor");
      for (uint32_t i = 0; i < interfaces; ++i) utf("a proxy class descriptor");
      if (written) {
        emit8(kProxyClassDescriptor);
        emitSince(from);
      }
      descriptor.annotated = annotation(written, depth);
      descriptor.superclass = classDescriptor(written, depth).descriptor;
      return {&descriptor, handle};
    }
    descriptor.name = utf("a class name");
    std::memcpy(descriptor.serialVersionUid.data(), take(8, "a class descriptor"), 8);
    if (descriptor.name.starts_with("gnu.trove."))
      fail("holds a " + descriptor.name + ", a class MALLET 2.1 no longer has (it replaced GNU Trove): this file "
           "cannot be upgraded; make it again with MALLET 2.1");
    const bool identifierPart = descriptor.name == kVmid || descriptor.name == kUid;
    const bool writtenHere = written && !identifierPart;
    const std::size_t handle = newHandle(writtenHere);
    payload(handle).descriptor = &descriptor;
    descriptor.flags = u8("a class descriptor");
    const uint16_t count = u16("a class descriptor");
    if (writtenHere) {
      emit8(kClassDescriptor);
      emitUtf(descriptor.name);
      emitBytes(descriptor.serialVersionUid.data(), 8);
      emit8(descriptor.flags);
      emit16(count);
    }
    for (uint16_t i = 0; i < count; ++i) {
      char type = static_cast<char>(u8("a field descriptor"));
      const std::string name = utf("a field descriptor");
      if (descriptor.name == kParallelTopicModel && name == "totalTokens" && type == 'I') {
        type = 'J';  // MALLET 2.1 made it a long
        if (writtenHere) ++counts_.fieldTypes;
      }
      if (writtenHere) {
        emit8(static_cast<uint8_t>(type));
        emitUtf(name);
      }
      descriptor.fields.emplace_back(type, name);
      if (type == 'L' || type == '[') {
        object(writtenHere, depth, true);  // the field's type name
      } else if (type == 0 || std::strchr("BCDFIJSZ", type) == nullptr) {
        fail("class " + descriptor.name + " has a field of unknown type code " + std::to_string(type));
      }
    }
    descriptor.annotated = annotation(writtenHere, depth);
    descriptor.superclass = classDescriptor(writtenHere, depth).descriptor;
    return {&descriptor, handle};
  }

  Read newArray(bool written, int depth) {
    if (written) emit8(kArray);
    const Descriptor* descriptor = classDescriptor(written, depth).descriptor;
    if (descriptor == nullptr || descriptor->name.size() < 2 || descriptor->name[0] != '[')
      fail("has an array whose class is not an array class");
    const std::size_t handle = newHandle(written);
    const std::size_t from = at_;
    const uint32_t length = u32("an array");
    const char element = descriptor->name[1];
    const std::size_t size = element == 'B' || element == 'Z'   ? 1
                             : element == 'C' || element == 'S' ? 2
                             : element == 'I' || element == 'F' ? 4
                             : element == 'J' || element == 'D' ? 8
                                                                : 0;
    if (size > 0) {
      if (length > (in_.size() - at_) / size) truncated("an array");
      if (element == 'B' && length <= 64) {
        payload(handle).bytes = static_cast<int32_t>(byteArrays_.size());
        byteArrays_.emplace_back(in_.data() + at_, in_.data() + at_ + length);
      }
      at_ += length * size;
      if (written) emitSince(from);
      return {nullptr, handle};
    }
    if (written) emitSince(from);
    for (uint32_t i = 0; i < length; ++i) object(written, depth, false);
    return {nullptr, handle};
  }

  // The classes of an object's hierarchy, its topmost superclass first.
  std::vector<const Descriptor*> hierarchy(const Descriptor* descriptor) const {
    std::vector<const Descriptor*> classes;
    for (const Descriptor* c = descriptor; c != nullptr; c = c->superclass) {
      if (classes.size() >= 64) fail("has a class hierarchy more than 64 deep");
      classes.insert(classes.begin(), c);
    }
    return classes;
  }

  Read newObject(bool written, int depth) {
    // Whether it is a VMID is known from its descriptor, looked at before the object's type code is written.
    const std::string name = peek("an object") == kReference ? referencedDescriptorName() : peekDescriptorName();
    if (name == kVmid) return identifier(written, depth);
    if (written) emit8(kObject);
    const Descriptor* descriptor = classDescriptor(written, depth).descriptor;
    if (descriptor == nullptr) fail("has an object without a class");
    const std::size_t handle = newHandle(written);
    if (descriptor->name == kUid) {
      payload(handle).uid = static_cast<int32_t>(uids_.size());
      uids_.push_back(uidFields(*descriptor));
      return {nullptr, handle};
    }
    for (const Descriptor* c : hierarchy(descriptor)) classData(*c, written, depth);
    return {nullptr, handle};
  }

  std::string peekDescriptorName() const {
    if (in_.size() - at_ < 3 || in_[at_] != kClassDescriptor) return {};
    const std::size_t length = static_cast<std::size_t>(bigEndian(in_.data() + at_ + 1, 2));
    if (in_.size() - at_ - 3 < length) return {};
    return std::string(reinterpret_cast<const char*>(in_.data() + at_ + 3), length);
  }
  std::string referencedDescriptorName() const {
    if (in_.size() - at_ < 5) return {};
    const uint32_t wire = static_cast<uint32_t>(bigEndian(in_.data() + at_ + 1, 4));
    if (wire < kBaseHandle || wire - kBaseHandle >= outputs_.size()) return {};
    const Descriptor* descriptor = descriptorOf(wire - kBaseHandle);
    return descriptor != nullptr ? descriptor->name : std::string();
  }

  // A class's default field values.
  void fieldValues(const Descriptor& c, bool written, int depth) {
    std::size_t from = at_;
    for (std::size_t i = 0; i < c.fields.size(); ++i) {
      const char type = c.fields[i].first;
      if (type == 'L' || type == '[') {
        if (written) emitSince(from);
        object(written, depth, false);
        from = at_;
      } else {
        take(type == 'B' || type == 'Z' ? 1 : type == 'C' || type == 'S' ? 2 : type == 'I' || type == 'F' ? 4 : 8,
             "a field");
      }
    }
    if (written) emitSince(from);
  }

  void classData(const Descriptor& c, bool written, int depth) {
    if (c.proxy) return;
    if (c.flags & kExternalizable) {
      if (!(c.flags & kBlockDataMode))
        fail("class " + c.name + " is Externalizable in the old protocol, whose data cannot be read without it");
      annotation(written, depth);
    } else if (c.flags & kSerializable) {
      if (!(c.flags & kWriteMethod)) {
        fieldValues(c, written, depth);
      } else {
        if (!c.fields.empty() &&
            (knownToWriteDefaultFields(c.name) || startsWithDefaultFieldValues(peek("an object's data"))))
          fieldValues(c, written, depth);
        annotation(written, depth);
      }
    } else {
      fail("class " + c.name + " is neither Serializable nor Externalizable");
    }
  }

  // A java.rmi.server.UID's fields (default serialization: short count, long time, int unique).
  Uid uidFields(const Descriptor& descriptor) {
    if (descriptor.flags != kSerializable || descriptor.superclass != nullptr)
      fail("has a java.rmi.server.UID not written as Java writes one");
    Uid uid;
    int found = 0;
    for (const auto& [type, name] : descriptor.fields) {
      if (type == 'S' && name == "count") {
        uid.count = static_cast<int16_t>(u16("a java.rmi.server.UID"));
        found |= 1;
      } else if (type == 'J' && name == "time") {
        uid.time = static_cast<int64_t>(bigEndian(take(8, "a java.rmi.server.UID"), 8));
        found |= 2;
      } else if (type == 'I' && name == "unique") {
        uid.unique = static_cast<int32_t>(u32("a java.rmi.server.UID"));
        found |= 4;
      } else {
        fail("has a java.rmi.server.UID with an unexpected field " + name);
      }
    }
    if (found != 7) fail("has a java.rmi.server.UID without its three fields");
    return uid;
  }

  // A java.rmi.dgc.VMID (byte[] addr, UID uid), read without writing it; a java.util.UUID written in its place.
  Read identifier(bool written, int depth) {
    const Descriptor* descriptor = classDescriptor(false, depth).descriptor;
    const std::size_t handle = newHandle(false);
    if (descriptor->flags != kSerializable || descriptor->superclass != nullptr || descriptor->fields.size() != 2)
      fail("has a java.rmi.dgc.VMID not written as Java writes one");
    std::optional<std::vector<uint8_t>> address;
    std::optional<Uid> uid;
    for (const auto& [type, name] : descriptor->fields) {
      const Read value = object(false, depth, false);
      if (value.handle == std::numeric_limits<std::size_t>::max()) continue;  // null
      const auto part = payloads_.find(value.handle);
      if (part == payloads_.end()) continue;
      if (name == "addr" && part->second.bytes >= 0) address = byteArrays_[static_cast<std::size_t>(part->second.bytes)];
      if (name == "uid" && part->second.uid >= 0) uid = uids_[static_cast<std::size_t>(part->second.uid)];
    }
    if (!uid) fail("has a java.rmi.dgc.VMID without its java.rmi.server.UID");
    // VMID.toString(): the address's bytes in two hex digits each, then UID.toString().
    std::string text;
    for (const uint8_t byte : address.value_or(std::vector<uint8_t>{})) {
      text += "0123456789abcdef"[byte >> 4];
      text += "0123456789abcdef"[byte & 15];
    }
    text += ":" + javaHex(uid->unique) + ":" + javaHex(uid->time) + ":" + javaHex(uid->count);
    ++counts_.identifiers;
    if (written) {
      const std::array<uint8_t, 16> uuid = uuidForIdentifier(text);
      emit8(kObject);
      if (uuidDescriptor_) {
        emit8(kReference);
        emit32(kBaseHandle + *uuidDescriptor_);
      } else {
        emit8(kClassDescriptor);
        emitUtf("java.util.UUID");
        emitBytes(kUuidDescriptorAfterName, sizeof kUuidDescriptorAfterName);
        uuidDescriptor_ = nextOutput_++;
      }
      outputs_[handle] = nextOutput_++;
      emitBytes(uuid.data() + 8, 8);  // leastSigBits, then mostSigBits: the fields in name order
      emitBytes(uuid.data(), 8);
    }
    return {nullptr, handle};
  }

  std::span<const uint8_t> in_;
  const std::string& source_;
  std::ostream& out_;
  const std::string& outName_;
  std::size_t at_ = 0;
  std::string buffer_;
  std::vector<uint32_t> outputs_;  // by input handle
  std::unordered_map<std::size_t, Payload> payloads_;
  uint32_t nextOutput_ = 0;
  std::deque<Descriptor> descriptors_;
  std::vector<std::vector<uint8_t>> byteArrays_;
  std::vector<Uid> uids_;
  std::vector<std::string> texts_;
  std::optional<uint32_t> uuidDescriptor_;
  UpgradeCounts counts_;
};

}  // namespace

std::array<uint8_t, 16> uuidForIdentifier(std::string_view vmidText) {
  Sha256 sha;
  sha.update(vmidText);
  const std::array<uint8_t, 32> digest = sha.finish();
  std::array<uint8_t, 16> uuid;
  std::memcpy(uuid.data(), digest.data(), uuid.size());
  uuid[6] = static_cast<uint8_t>((uuid[6] & 0x0F) | 0x80);  // version 8
  uuid[8] = static_cast<uint8_t>((uuid[8] & 0x3F) | 0x80);  // the RFC's variant
  return uuid;
}

UpgradeCounts upgradeMalletStream(std::span<const uint8_t> bytes, const std::string& source, std::ostream& out,
                                  const std::string& outName) {
  return namingFileOnAllocationFailure(source, [&] { return Walk(bytes, source, out, outName).run(); });
}

}  // namespace topiceval::formats
