// SPDX-License-Identifier: Apache-2.0
// The Java serialization reader on hand-built streams: each protocol element,
// and each kind of damage a file can carry.
#include "formats/object_stream_reader.hpp"

#include <gtest/gtest.h>

#include "formats/format_error.hpp"
#include "support/format_errors.hpp"
#include "support/object_stream_builder.hpp"

namespace topiceval::formats {
namespace {

using java::NodeKind;
using testing::bigEndian;
using testing::ObjectStreamBuilder;
using B = ObjectStreamBuilder;

std::unique_ptr<java::ObjectGraph> parse(const ObjectStreamBuilder& builder) {
  return readObjectStream(builder.bytes, "test.ser");
}

std::string errorOf(const std::vector<uint8_t>& bytes, const ObjectStreamLimits& limits = {}) {
  return testing::streamError(bytes, limits);
}

TEST(ObjectStreamReader, ReadsAString) {
  B b;
  b.string("hello");
  const auto graph = parse(b);
  ASSERT_EQ(graph->root->kind, NodeKind::String);
  EXPECT_EQ(graph->root->text, "hello");
}

TEST(ObjectStreamReader, ReadsALongString) {
  B b;
  b.u8(B::kLongString).u64(3).raw("abc");
  EXPECT_EQ(parse(b)->root->text, "abc");
}

TEST(ObjectStreamReader, DecodesModifiedUtf8) {
  // NUL is written as C0 80; U+1F600 as the surrogates D83D DE00, three bytes each.
  B b;
  b.u8(B::kString).u16(8).raw(std::string("a\xC0\x80\xED\xA0\xBD\xED\xB8\x80", 9).substr(0, 8));
  // Length 8 cuts the second surrogate: malformed.
  EXPECT_NE(errorOf(b.bytes).find("malformed modified UTF-8"), std::string::npos);
  B good;
  good.u8(B::kString).u16(9).raw(std::string("a\xC0\x80\xED\xA0\xBD\xED\xB8\x80", 10).substr(0, 9));
  EXPECT_EQ(parse(good)->root->text, std::string("a\0\xF0\x9F\x98\x80", 6));
}

// class Point implements Serializable { int x; double y; } extends Base { boolean flag; long id; String label; }
B pointStream() {
  B b;
  b.u8(B::kObject);
  b.classDesc("test.Point", B::kSerializable, 2)
      .primitiveField('D', "y")
      .primitiveField('I', "x")
      .endClassDesc();                           // handle 0
  b.classDesc("test.Base", B::kSerializable, 3)  // handle 1
      .primitiveField('J', "id")
      .primitiveField('Z', "flag")
      .objectField('L', "label", "Ljava/lang/String;")  // handle 2
      .endClassDesc()
      .null();
  // handle 3: the object. Base's fields first, then Point's.
  b.u64(0xFFFFFFFFFFFFFFFEULL).u8(1).string("origin");  // handle 4
  b.f64(2.5).i32(-7);
  return b;
}

TEST(ObjectStreamReader, ReadsFieldsSuperclassFirst) {
  const auto graph = parse(pointStream());
  const java::Node* root = graph->root;
  ASSERT_EQ(root->kind, NodeKind::Object);
  EXPECT_EQ(java::describeType(root), "test.Point");
  EXPECT_TRUE(root->isInstanceOf("test.Base"));
  ASSERT_EQ(root->classData.size(), 2u);
  EXPECT_EQ(root->classData[0].descriptor->name, "test.Base");
  EXPECT_EQ(root->field("test.Base", "id")->integer, -2);
  EXPECT_EQ(root->field("test.Base", "flag")->integer, 1);
  EXPECT_EQ(root->field("test.Base", "label")->reference->text, "origin");
  EXPECT_EQ(root->field("test.Point", "x")->integer, -7);
  EXPECT_EQ(root->field("test.Point", "y")->floating, 2.5);
  EXPECT_EQ(root->field("test.Point", "missing"), nullptr);
}

TEST(ObjectStreamReader, ReadsNestedArraysAndBackReferences) {
  // int[][] {{1, 2}, {3}, null, <the first row again>}
  B b;
  b.u8(B::kArray).classDesc("[[I", B::kSerializable, 0).endClassDesc().null();  // desc 0, array 1
  b.i32(4);
  b.u8(B::kArray).classDesc("[I", B::kSerializable, 0).endClassDesc().null();  // desc 2, row 3
  b.i32(2).i32(1).i32(2);
  b.u8(B::kArray).reference(2).i32(1).i32(3);  // row 4
  b.null();
  b.reference(3);
  const auto graph = parse(b);
  const java::Node* root = graph->root;
  ASSERT_EQ(root->kind, NodeKind::Array);
  EXPECT_EQ(java::describeType(root), "int[][]");
  ASSERT_EQ(root->references().size(), 4u);
  EXPECT_EQ(root->references()[0]->ints(), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(root->references()[1]->ints(), (std::vector<int32_t>{3}));
  EXPECT_EQ(root->references()[2], nullptr);
  EXPECT_EQ(root->references()[3], root->references()[0]);
  EXPECT_EQ(root->intRows(), nullptr);  // a row referred to again: nodes, not one block
}

// int[][] {{1, -2}, {}, null, {0x7FFFFFFF}}: rows of new int[] and null, as a model's type-topic counts are written.
B intMatrix(bool lastRow = true) {
  B b;
  b.u8(B::kArray).classDesc("[[I", B::kSerializable, 0).endClassDesc().null();  // desc 0, array 1
  b.i32(4);
  b.u8(B::kArray).classDesc("[I", B::kSerializable, 0).endClassDesc().null();  // desc 2, row 3
  b.i32(2).i32(1).i32(-2);
  b.u8(B::kArray).reference(2).i32(0);  // row 4
  b.null();
  if (lastRow) b.u8(B::kArray).reference(2).i32(1).i32(0x7FFFFFFF);  // row 5
  return b;
}

TEST(ObjectStreamReader, ReadsAnIntMatrixIntoOneBlock) {
  const auto graph = parse(intMatrix());
  const java::Node* root = graph->root;
  EXPECT_EQ(java::describeType(root), "int[][]");
  EXPECT_EQ(root->arrayLength(), 4u);
  EXPECT_TRUE(root->references().empty());
  const java::IntRows* rows = root->intRows();
  ASSERT_NE(rows, nullptr);
  ASSERT_EQ(rows->size(), 4u);
  EXPECT_EQ(rows->present, (std::vector<uint8_t>{1, 1, 0, 1}));
  EXPECT_EQ(std::vector<int32_t>(rows->row(0).begin(), rows->row(0).end()), (std::vector<int32_t>{1, -2}));
  EXPECT_TRUE(rows->row(1).empty());
  EXPECT_TRUE(rows->row(2).empty());
  EXPECT_EQ(std::vector<int32_t>(rows->row(3).begin(), rows->row(3).end()), (std::vector<int32_t>{0x7FFFFFFF}));
  // Only the two descriptors and the matrix are objects; the rows are not.
  EXPECT_EQ(graph->nodeCount(), 1u);
}

TEST(ObjectStreamReader, ReadsAnIntMatrixWhoseRowIsReferredToLaterAsNodes) {
  // Object[] { the matrix, <its first row again> }: the row's handle (5) must name a node.
  B b;
  b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(2);  // 0, 1
  b.u8(B::kArray).classDesc("[[I", B::kSerializable, 0).endClassDesc().null().i32(1);  // desc 2, array 3
  b.u8(B::kArray).classDesc("[I", B::kSerializable, 0).endClassDesc().null().i32(1).i32(7);  // desc 4, row 5
  b.reference(5);
  const auto graph = parse(b);
  const auto& elements = graph->root->references();
  ASSERT_EQ(elements.size(), 2u);
  ASSERT_EQ(elements[0]->references().size(), 1u);
  EXPECT_EQ(elements[0]->references()[0], elements[1]);
  EXPECT_EQ(elements[1]->ints(), (std::vector<int32_t>{7}));
}

TEST(ObjectStreamReader, RefusesADamagedRowOfAnIntMatrixAsAnyArray) {
  // The same messages as for a lone int[] (RefusesAnArrayLongerThanTheFile): a row longer than the file ...
  B longRow = intMatrix(false);
  longRow.u8(B::kArray).reference(2).i32(1'000'000'000).i32(1);
  EXPECT_EQ(errorOf(longRow.bytes),
            "test.ser: truncated: the stream ends inside int[] of 1000000000 elements (4 bytes remain)");
  // ... of negative length, cut short, or another kind of array.
  B negative = intMatrix(false);
  negative.u8(B::kArray).reference(2).i32(-3);
  EXPECT_EQ(errorOf(negative.bytes), "test.ser: an array of negative length -3");
  B cut = intMatrix();
  cut.bytes.resize(cut.bytes.size() - 2);
  EXPECT_EQ(errorOf(cut.bytes), "test.ser: truncated: the stream ends inside int[] of 1 elements (2 bytes remain)");
  B doubles = intMatrix(false);
  doubles.u8(B::kArray).classDesc("[D", B::kSerializable, 0).endClassDesc().null().i32(0);
  EXPECT_EQ(errorOf(doubles.bytes), "no error");  // Java's int[][] holds no double[], but the stream reader takes it
  const auto graph = readObjectStream(doubles.bytes, "test.ser");
  EXPECT_EQ(graph->root->intRows(), nullptr);
  EXPECT_EQ(graph->root->references().size(), 4u);
}

TEST(ObjectStreamReader, ReadsPrimitiveArraysOfEveryType) {
  B b;
  b.u8(B::kArray).classDesc("[D", B::kSerializable, 0).endClassDesc().null().i32(2).f64(0.25).f64(-1e300);
  EXPECT_EQ(parse(b)->root->doubles(), (std::vector<double>{0.25, -1e300}));
  B bytes;
  bytes.u8(B::kArray).classDesc("[B", B::kSerializable, 0).endClassDesc().null().i32(2).u8(0xFF).u8(7);
  EXPECT_EQ(parse(bytes)->root->ints(), (std::vector<int32_t>{-1, 7}));
  B longs;
  longs.u8(B::kArray).classDesc("[J", B::kSerializable, 0).endClassDesc().null().i32(1).u64(1ULL << 40);
  EXPECT_EQ(parse(longs)->root->longs(), (std::vector<int64_t>{int64_t{1} << 40}));
}

TEST(ObjectStreamReader, KeepsWhatWriteObjectWroteAsAnnotation) {
  // A class with writeObject: writeInt(7), writeObject("w"), writeInt(-1) split
  // over two block-data records, writeDouble(0.5).
  B b;
  b.u8(B::kObject)
      .classDesc("test.Custom", B::kSerializable | B::kWriteMethod, 1)
      .objectField('L', "ignored", "Ljava/lang/Object;")
      .endClassDesc()
      .null();
  b.blockData(bigEndian(7));
  b.string("w");
  b.blockData({0xFF, 0xFF}).blockData({0xFF, 0xFF, 0x3F, 0xE0, 0, 0, 0, 0, 0, 0});
  b.u8(B::kEndBlockData);
  const auto graph = parse(b);
  const java::ClassData* data = graph->root->findClassData("test.Custom");
  ASSERT_NE(data, nullptr);
  EXPECT_FALSE(data->hasFields);
  AnnotationReader in(*data, "test.ser");
  EXPECT_EQ(in.readInt(), 7);
  EXPECT_EQ(in.readObject()->text, "w");
  EXPECT_EQ(in.readInt(), -1);
  EXPECT_EQ(in.readDouble(), 0.5);
  EXPECT_TRUE(in.atEnd());
  try {
    in.readInt();
    FAIL() << "reading past the end must fail";
  } catch (const FormatError& error) {
    EXPECT_STREQ(error.what(), "test.ser: the data of test.Custom ends where an int was expected");
  }
}

TEST(ObjectStreamReader, ReadsDefaultFieldsBeforeAnnotationForKnownClasses) {
  // java.util.ArrayList: defaultWriteObject (size), then capacity and elements.
  B b;
  b.u8(B::kObject)
      .classDesc("java.util.ArrayList", B::kSerializable | B::kWriteMethod, 1)
      .primitiveField('I', "size")
      .endClassDesc()
      .null();
  b.i32(1).blockData(bigEndian(1)).string("only").u8(B::kEndBlockData);
  const auto graph = parse(b);
  EXPECT_EQ(graph->root->field("java.util.ArrayList", "size")->integer, 1);
  AnnotationReader in(*graph->root->findClassData("java.util.ArrayList"), "test.ser");
  EXPECT_EQ(in.readInt(), 1);
  EXPECT_EQ(in.readObject()->text, "only");
}

TEST(ObjectStreamReader, ReadsEnumsAndClasses) {
  B e;
  e.u8(B::kEnum).classDesc("test.Color", B::kSerializable | B::kEnumFlag, 0).endClassDesc();
  e.classDesc("java.lang.Enum", B::kSerializable | B::kEnumFlag, 0).endClassDesc().null();
  e.string("RED");
  const auto graph = parse(e);
  EXPECT_EQ(graph->root->kind, NodeKind::Enum);
  EXPECT_EQ(graph->root->text, "RED");
  B c;
  c.u8(B::kClass).classDesc("java.lang.String", B::kSerializable, 0).endClassDesc().null();
  EXPECT_EQ(parse(c)->root->kind, NodeKind::Class);
}

TEST(ObjectStreamReader, RejectsWhatIsNotAStream) {
  EXPECT_EQ(errorOf({}), "test.ser: not a Java serialization stream: the file is shorter than its 4-byte header");
  EXPECT_EQ(errorOf({'#', 'd', 'o', 'c', ' '}),
            "test.ser: not a Java serialization stream (a MALLET .mallet file starts with bytes AC ED)");
  EXPECT_EQ(errorOf({0xAC, 0xED, 0x00, 0x04, B::kNull}), "test.ser: unsupported Java serialization stream version 4");
  EXPECT_EQ(errorOf({0xAC, 0xED, 0x00, 0x05}), "test.ser: truncated: the stream holds no object");
  EXPECT_EQ(errorOf({0xAC, 0xED, 0x00, 0x05, B::kNull}), "test.ser: the stream's first object is null");
}

TEST(ObjectStreamReader, ReportsResetAndExceptions) {
  B reset;
  reset.u8(B::kReset);
  EXPECT_NE(errorOf(reset.bytes).find("TC_RESET"), std::string::npos);
  B exception;
  exception.u8(B::kException);
  EXPECT_NE(errorOf(exception.bytes).find("holds an exception"), std::string::npos);
}

TEST(ObjectStreamReader, RejectsABadBackReference) {
  B b;
  b.reference(5);
  EXPECT_EQ(errorOf(b.bytes), "test.ser: back-reference to handle 0x7E0005, which names nothing read so far");
  B wrongKind;  // an object position naming a class descriptor
  wrongKind.u8(B::kArray)
      .classDesc("[Ljava.lang.Object;", B::kSerializable, 0)
      .endClassDesc()
      .null()
      .i32(1)
      .reference(0);
  EXPECT_NE(errorOf(wrongKind.bytes).find("names a class descriptor"), std::string::npos);
}

TEST(ObjectStreamReader, RefusesAnArrayLongerThanTheFile) {
  // A billion ints claimed in a few bytes: an error, not a 4 GB allocation.
  B b;
  b.u8(B::kArray).classDesc("[I", B::kSerializable, 0).endClassDesc().null().i32(1'000'000'000).i32(1);
  EXPECT_EQ(errorOf(b.bytes),
            "test.ser: truncated: the stream ends inside int[] of 1000000000 elements (4 bytes remain)");
  B negative;
  negative.u8(B::kArray).classDesc("[I", B::kSerializable, 0).endClassDesc().null().i32(-3);
  EXPECT_EQ(errorOf(negative.bytes), "test.ser: an array of negative length -3");
}

TEST(ObjectStreamReader, BoundsNesting) {
  // Object[] { Object[] { Object[] { ... } } }, 50 levels, against a limit of 20.
  B b;
  b.u8(B::kArray).classDesc("[Ljava.lang.Object;", B::kSerializable, 0).endClassDesc().null().i32(1);
  for (int i = 0; i < 50; ++i) b.u8(B::kArray).reference(0).i32(1);
  b.null();
  ObjectStreamLimits limits;
  limits.maxDepth = 20;
  EXPECT_EQ(errorOf(b.bytes, limits), "test.ser: objects nested deeper than 20 levels");
  EXPECT_EQ(errorOf(b.bytes), "no error");
}

TEST(ObjectStreamReader, RejectsAClassThatIsItsOwnSuperclass) {
  B b;
  b.u8(B::kObject).classDesc("test.Loop", B::kSerializable, 0).endClassDesc().reference(0);
  EXPECT_EQ(errorOf(b.bytes),
            "test.ser: class test.Loop refers to itself before its descriptor is complete: a class cannot be its own "
            "ancestor");
}

TEST(ObjectStreamReader, EveryTruncationIsAnError) {
  const std::vector<uint8_t> whole = pointStream().bytes;
  for (std::size_t length = 0; length < whole.size(); ++length) {
    const std::vector<uint8_t> cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(length));
    const std::string error = errorOf(cut);
    EXPECT_EQ(error.rfind("test.ser: ", 0), 0u) << "cut at " << length << ": " << error;
  }
  EXPECT_EQ(errorOf(whole), "no error");
}

}  // namespace
}  // namespace topiceval::formats
