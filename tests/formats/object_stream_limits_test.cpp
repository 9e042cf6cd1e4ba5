// SPDX-License-Identifier: Apache-2.0
// The object stream reader's limits (formats/object_stream_reader.hpp,
// formats/read_budget.hpp): class hierarchies, the memory a small file may
// claim, and nesting, each refused by name before it costs the machine.
#include <gtest/gtest.h>
#include <pthread.h>

#include <cstdint>
#include <string>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/read_budget.hpp"
#include "support/format_errors.hpp"
#include "support/object_stream_builder.hpp"

namespace topiceval {
namespace {

using B = testing::ObjectStreamBuilder;
using testing::streamError;

// A chain of `depth` classes, each the superclass of the one before, read as one object's class.
B classChain(int depth) {
  B b;
  b.u8(B::kObject);
  for (int i = 0; i < depth; ++i) b.classDesc("C" + std::to_string(i), B::kSerializable, 0).endClassDesc();
  b.null();
  return b;
}

TEST(ObjectStreamLimits, ClassHierarchiesAreBounded) {
  EXPECT_EQ(streamError(classChain(64).bytes), "no error");
  EXPECT_EQ(streamError(classChain(65).bytes), "test.ser: class C0 has a hierarchy deeper than 64 classes");
}

TEST(ObjectStreamLimits, ManyObjectsOfADeepClassExhaustTheBudgetNotTheMachine) {
  // 60 classes deep, then an Object[] of 200,000 objects of the deepest class:
  // six bytes each in the stream, 60 class-data records each in memory.
  B b;
  b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(200000);
  b.u8(B::kObject);
  for (int i = 0; i < 60; ++i) b.classDesc("C" + std::to_string(i), B::kSerializable, 0).endClassDesc();
  b.null();
  // Handles: 0 the array's class, 1 the array, 2..61 the classes, 62 the first object.
  for (int i = 1; i < 200000; ++i) b.u8(B::kObject).reference(2);
  // The work done is what was charged: the refusal at the limit a file of this size allows (not a time,
  // which a loaded machine stretches) bounds it.
  const std::size_t limit = formats::ReadBudget::kFixedAllowance + formats::ReadBudget::kBytesPerInputByte * b.bytes.size();
  EXPECT_EQ(streamError(b.bytes), "test.ser: reading it would take more than " + std::to_string(limit >> 20) +
                                      " MiB (at per-class object data), more than a file of " +
                                      std::to_string(b.bytes.size()) + " bytes can need: a damaged or hostile file");
}

// Parses `bytes` on a thread whose stack is `stackBytes`, as the Java bridge
// parses on a Java thread (1 MiB by default on 64-bit Linux).
std::string errorOnSmallStack(const std::vector<uint8_t>& bytes, std::size_t stackBytes) {
  struct Job {
    const std::vector<uint8_t>* bytes;
    std::string error;
  } job{&bytes, {}};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, stackBytes);
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attributes,
      [](void* argument) -> void* {
        auto* j = static_cast<Job*>(argument);
        j->error = streamError(*j->bytes);
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attributes);
  if (started != 0) return "cannot start a thread";
  pthread_join(thread, nullptr);
  return job.error;
}

TEST(ObjectStreamLimits, NestingUpToTheLimitFitsAnyCallersStack) {
  const int limit = formats::ObjectStreamLimits{}.maxDepth;
  auto nestedArrays = [](int levels) {
    B b;
    b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(1);
    for (int i = 1; i < levels; ++i) b.u8(B::kArray).reference(0).i32(1);
    b.null();
    return b.bytes;
  };
  // The parser runs on a stack of its own: a caller's thread smaller than a Java
  // thread's smallest (-Xss256k; 300 nested arrays once killed such a JVM) is enough.
  const std::size_t stack = std::size_t{128} << 10;
  // Arrays nest one level per array and one for its element: limit / 2 arrays reach the limit.
  EXPECT_EQ(errorOnSmallStack(nestedArrays(limit / 2 - 1), stack), "no error");
  EXPECT_EQ(errorOnSmallStack(nestedArrays(300), stack), "no error");  // the file that killed a JVM
  EXPECT_EQ(errorOnSmallStack(nestedArrays(limit), stack),
            "test.ser: objects nested deeper than " + std::to_string(limit) + " levels");
}

}  // namespace
}  // namespace topiceval
