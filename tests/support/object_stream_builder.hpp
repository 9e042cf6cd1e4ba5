// SPDX-License-Identifier: Apache-2.0
#pragma once
// Writes Java serialization protocol bytes by hand, so tests can build exactly
// the stream they need (valid or damaged) without a JVM.

#include <cstdint>
#include <string>
#include <vector>

namespace topiceval::testing {

class ObjectStreamBuilder {
 public:
  static constexpr uint8_t kNull = 0x70, kReference = 0x71, kClassDesc = 0x72, kObject = 0x73, kString = 0x74,
                           kArray = 0x75, kClass = 0x76, kBlockData = 0x77, kEndBlockData = 0x78, kReset = 0x79,
                           kBlockDataLong = 0x7A, kException = 0x7B, kLongString = 0x7C, kEnum = 0x7E;
  static constexpr uint8_t kWriteMethod = 0x01, kSerializable = 0x02, kEnumFlag = 0x10;
  static constexpr uint32_t kBaseHandle = 0x7E0000;

  ObjectStreamBuilder() { u16(0xACED).u16(5); }

  ObjectStreamBuilder& u8(uint8_t v) {
    bytes.push_back(v);
    return *this;
  }
  ObjectStreamBuilder& u16(uint16_t v) { return u8(static_cast<uint8_t>(v >> 8)).u8(static_cast<uint8_t>(v)); }
  ObjectStreamBuilder& u32(uint32_t v) { return u16(static_cast<uint16_t>(v >> 16)).u16(static_cast<uint16_t>(v)); }
  ObjectStreamBuilder& u64(uint64_t v) { return u32(static_cast<uint32_t>(v >> 32)).u32(static_cast<uint32_t>(v)); }
  ObjectStreamBuilder& i32(int32_t v) { return u32(static_cast<uint32_t>(v)); }
  ObjectStreamBuilder& f64(double v) {
    uint64_t bits;
    static_assert(sizeof bits == sizeof v);
    __builtin_memcpy(&bits, &v, sizeof v);
    return u64(bits);
  }
  ObjectStreamBuilder& raw(const std::string& text) {
    bytes.insert(bytes.end(), text.begin(), text.end());
    return *this;
  }
  ObjectStreamBuilder& utf(const std::string& text) { return u16(static_cast<uint16_t>(text.size())).raw(text); }

  // TC_STRING; takes the next handle.
  ObjectStreamBuilder& string(const std::string& text) { return u8(kString).utf(text); }
  ObjectStreamBuilder& reference(uint32_t handleIndex) { return u8(kReference).u32(kBaseHandle + handleIndex); }
  ObjectStreamBuilder& null() { return u8(kNull); }

  // TC_CLASSDESC header up to the field count; takes the next handle. Follow
  // with fields, then endClassDesc() and the superclass descriptor.
  ObjectStreamBuilder& classDesc(const std::string& name, uint8_t flags, uint16_t fieldCount, uint64_t uid = 1) {
    return u8(kClassDesc).utf(name).u64(uid).u8(flags).u16(fieldCount);
  }
  ObjectStreamBuilder& primitiveField(char type, const std::string& name) {
    return u8(static_cast<uint8_t>(type)).utf(name);
  }
  // An object field; its type name is a new string (takes a handle).
  ObjectStreamBuilder& objectField(char type, const std::string& name, const std::string& className) {
    return u8(static_cast<uint8_t>(type)).utf(name).string(className);
  }
  ObjectStreamBuilder& endClassDesc() { return u8(kEndBlockData); }  // empty class annotation

  ObjectStreamBuilder& blockData(const std::vector<uint8_t>& data) {
    u8(kBlockData).u8(static_cast<uint8_t>(data.size()));
    bytes.insert(bytes.end(), data.begin(), data.end());
    return *this;
  }

  std::vector<uint8_t> bytes;
};

inline std::vector<uint8_t> bigEndian(int32_t v) {
  const auto u = static_cast<uint32_t>(v);
  return {static_cast<uint8_t>(u >> 24), static_cast<uint8_t>(u >> 16), static_cast<uint8_t>(u >> 8),
          static_cast<uint8_t>(u)};
}

}  // namespace topiceval::testing
