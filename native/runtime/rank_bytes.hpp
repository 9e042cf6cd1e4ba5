// SPDX-License-Identifier: Apache-2.0
#pragma once
// What one rank sends another (Cluster::exchange, broadcast) as bytes: numbers
// as they lie in memory (every rank is the same build on the same kind of
// machine), lengths as varints, texts as a length and their bytes. A reader
// that runs out, or meets a damaged varint, throws naming what it was reading.
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace topiceval {

class ByteWriter {
 public:
  template <class T>
  void put(T value) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(&value);
    bytes_.insert(bytes_.end(), bytes, bytes + sizeof(T));
  }
  template <class T>
  void putAll(std::span<const T> values) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(values.data());
    bytes_.insert(bytes_.end(), bytes, bytes + values.size_bytes());
  }
  // Seven bits a byte, low first: most lengths and type gaps take one or two.
  void putVarint(uint64_t value) {
    for (; value >= 0x80; value >>= 7) bytes_.push_back(static_cast<uint8_t>(value | 0x80));
    bytes_.push_back(static_cast<uint8_t>(value));
  }
  void putText(const std::string& text) {
    putVarint(text.size());
    bytes_.insert(bytes_.end(), text.begin(), text.end());
  }
  std::vector<uint8_t> take() { return std::move(bytes_); }

 private:
  std::vector<uint8_t> bytes_;
};

class ByteReader {
 public:
  // `what`: what the bytes hold, for the error ("rank 0's documents").
  ByteReader(std::span<const uint8_t> bytes, const char* what) : bytes_(bytes), what_(what) {}
  template <class T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
    return value;
  }
  template <class T>
  void getAll(std::span<T> values) {
    if (!values.empty()) std::memcpy(values.data(), take(values.size_bytes()), values.size_bytes());
  }
  uint64_t getVarint() {
    uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const uint8_t byte = *take(1);
      value |= uint64_t{byte & 0x7Fu} << shift;
      if ((byte & 0x80) == 0) return value;
    }
    throw std::runtime_error(std::string(what_) + " arrived damaged");
  }
  std::string getText() {
    const uint64_t size = getVarint();
    if (size > bytes_.size() - position_) throw std::runtime_error(std::string(what_) + " arrived cut short");
    const auto* start = reinterpret_cast<const char*>(take(static_cast<std::size_t>(size)));
    return std::string(start, static_cast<std::size_t>(size));
  }

 private:
  const uint8_t* take(std::size_t count) {
    if (count > bytes_.size() - position_) throw std::runtime_error(std::string(what_) + " arrived cut short");
    const uint8_t* start = bytes_.data() + position_;
    position_ += count;
    return start;
  }
  std::span<const uint8_t> bytes_;
  const char* what_;
  std::size_t position_ = 0;
};

}  // namespace topiceval
