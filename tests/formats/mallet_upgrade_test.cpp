// SPDX-License-Identifier: Apache-2.0
// `upgrade`'s rewriting of MALLET 2.0 files (formats/mallet_upgrade.hpp): a
// VMID becomes the UUID its text names, the parts only it used are written
// again where used elsewhere or refused, a MALLET 2.1.1 file is copied as it
// is, and foreign streams are refused in one line.
#include <gtest/gtest.h>

#include <sstream>

#include "formats/java_object_graph.hpp"
#include "formats/mallet_upgrade.hpp"
#include "formats/object_stream_reader.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/object_stream_builder.hpp"

namespace topiceval {
namespace {

using testing::errorOf;

const std::vector<std::string> kUpgradable = {"train.mallet", "test.mallet", "evaluator.mallet", "inferencer.mallet",
                                              "model.mallet"};

std::vector<uint8_t> bytesOf(const std::string& path) {
  const std::string text = testing::readText(path);
  return {text.begin(), text.end()};
}

std::string upgraded(const std::vector<uint8_t>& bytes, const std::string& source,
                     formats::UpgradeCounts* counts = nullptr) {
  std::ostringstream out;
  const formats::UpgradeCounts made = formats::upgradeMalletStream(bytes, source, out, "the output");
  if (counts != nullptr) *counts = made;
  EXPECT_EQ(made.bytesWritten, out.str().size());
  return out.str();
}

TEST(UpgradeIdentifiers, AreVersionEightUuidsOfTheVmidsText) {
  // SHA-256 of the text, its version nibble 8 and its variant bits 10 (Python's hashlib gives the same digest).
  const std::array<uint8_t, 16> uuid = formats::uuidForIdentifier("9d6cd1c885ab0d60:-1f330d02:1a24a469c3e:-7ff9");
  std::string hex;
  for (const uint8_t byte : uuid) hex += std::string("0123456789abcdef").substr(byte >> 4, 1) + "0123456789abcdef"[byte & 15];
  EXPECT_EQ(hex, "84ddb15f0edf8543ad32b09b9f2438a4");
  EXPECT_EQ(uuid[6] >> 4, 8);
  EXPECT_EQ(uuid[8] >> 6, 2);
  EXPECT_NE(formats::uuidForIdentifier("9d6cd1c885ab0d60:-1f330d02:1a24a469c3e:-7ff8"), uuid);
}

TEST(Upgrade, CopiesAMallet211FileAsItIs) {
  for (const std::string set : {"stackexchange", "stackexchange-oov"}) {
    for (const std::string& file : kUpgradable) {
      const std::string path = testing::fixtureFile(set, file);
      formats::UpgradeCounts counts;
      EXPECT_EQ(upgraded(bytesOf(path), path, &counts), testing::readText(path)) << set << " " << file;
      EXPECT_FALSE(counts.changed()) << set << " " << file;
    }
  }
}

TEST(Upgrade, RefusesWhatMallet21CannotRead) {
  using testing::ObjectStreamBuilder;
  // A stream of another program's object.
  ObjectStreamBuilder foreign;
  foreign.u8(ObjectStreamBuilder::kObject).classDesc("java.lang.Integer", ObjectStreamBuilder::kSerializable, 1)
      .primitiveField('I', "value").endClassDesc().null().i32(7);
  EXPECT_EQ(errorOf([&] { (void)upgraded(foreign.bytes, "foreign.ser"); }),
            "foreign.ser: holds a serialized java.lang.Integer, not a MALLET object (an instance list, saved model, "
            "inferencer or evaluator)");
  // GNU Trove's maps, which MALLET 2.1 replaced.
  ObjectStreamBuilder trove;
  trove.u8(ObjectStreamBuilder::kObject).classDesc("cc.mallet.topics.LDAHyper", ObjectStreamBuilder::kSerializable, 1)
      .objectField('L', "map", "Lgnu/trove/TIntIntHashMap;").endClassDesc().null()
      .u8(ObjectStreamBuilder::kObject).classDesc("gnu.trove.TIntIntHashMap", ObjectStreamBuilder::kSerializable, 0)
      .endClassDesc().null();
  EXPECT_EQ(errorOf([&] { (void)upgraded(trove.bytes, "hyper.mallet"); }),
            "hyper.mallet: holds a gnu.trove.TIntIntHashMap, a class MALLET 2.1 no longer has (it replaced GNU "
            "Trove): this file cannot be upgraded; make it again with MALLET 2.1");
  // A back-reference to a string defined nowhere, and objects nested without end.
  ObjectStreamBuilder dangling;
  dangling.u8(ObjectStreamBuilder::kObject).classDesc("cc.mallet.types.X", ObjectStreamBuilder::kSerializable, 1)
      .objectField('L', "next", "Ljava/lang/Object;").endClassDesc().null().reference(9);
  EXPECT_EQ(errorOf([&] { (void)upgraded(dangling.bytes, "x.mallet"); }),
            "x.mallet: refers to object handle 8257545, which the stream never defined");
  ObjectStreamBuilder deep;
  deep.u8(ObjectStreamBuilder::kObject).classDesc("cc.mallet.types.X", ObjectStreamBuilder::kSerializable, 1)
      .objectField('L', "next", "Ljava/lang/Object;").endClassDesc().null();
  for (int i = 0; i < 500; ++i) deep.u8(ObjectStreamBuilder::kObject).reference(0);
  EXPECT_EQ(errorOf([&] { (void)upgraded(deep.bytes, "deep.mallet"); }),
            "deep.mallet: nests objects more than 400 deep");
}

// A MALLET-like object holding a VMID (the one MALLET 2.0.8 printed as "Instance ID =
// 9d6cd1c885ab0d60:-1f330d02:1a24a469c3e:-7ff9") in its field `id`, then `other`, written by `writeOther`. Input
// handles: 0 X's descriptor, 1 and 2 its field types, 3 the X, 4 VMID's descriptor, 5 and 6 its field types, 7
// the VMID, 8 byte[]'s descriptor, 9 the address, 10 UID's descriptor, 11 the UID.
template <class WriteOther>
std::vector<uint8_t> objectWithAnIdentifier(WriteOther writeOther) {
  using testing::ObjectStreamBuilder;
  ObjectStreamBuilder stream;
  stream.u8(ObjectStreamBuilder::kObject).classDesc("cc.mallet.types.X", ObjectStreamBuilder::kSerializable, 2)
      .objectField('L', "id", "Ljava/rmi/dgc/VMID;").objectField('L', "other", "Ljava/lang/Object;")
      .endClassDesc().null();
  stream.u8(ObjectStreamBuilder::kObject)
      .classDesc("java.rmi.dgc.VMID", ObjectStreamBuilder::kSerializable, 2, 0xf886dbe4cb1dc9e4ULL)
      .objectField('[', "addr", "[B").objectField('L', "uid", "Ljava/rmi/server/UID;").endClassDesc().null();
  stream.u8(ObjectStreamBuilder::kArray).classDesc("[B", ObjectStreamBuilder::kSerializable, 0, 0xacf317f8060854e0ULL)
      .endClassDesc().null().u32(8);
  for (const uint8_t byte : {0x9d, 0x6c, 0xd1, 0xc8, 0x85, 0xab, 0x0d, 0x60}) stream.u8(byte);
  stream.u8(ObjectStreamBuilder::kObject)
      .classDesc("java.rmi.server.UID", ObjectStreamBuilder::kSerializable, 3, 0x0f12700dbf364f12ULL)
      .primitiveField('S', "count").primitiveField('J', "time").primitiveField('I', "unique").endClassDesc().null()
      .u16(static_cast<uint16_t>(-0x7ff9)).u64(0x1a24a469c3eULL).i32(-0x1f330d02);
  writeOther(stream);
  return stream.bytes;
}

TEST(Upgrade, WritesAVmidAsTheUuidOfItsText) {
  using testing::ObjectStreamBuilder;
  // `other`: a byte[] of its own, whose class descriptor and type name only the VMID had written: both are
  // written again where they are first used outside it.
  const std::vector<uint8_t> bytes = objectWithAnIdentifier([](ObjectStreamBuilder& stream) {
    stream.u8(ObjectStreamBuilder::kArray).reference(8).u32(2).u8(4).u8(2);
  });
  formats::UpgradeCounts counts;
  const std::string out = upgraded(bytes, "x.mallet", &counts);
  EXPECT_EQ(counts.rootClass, "cc.mallet.types.X");
  EXPECT_EQ(counts.identifiers, 1u);
  EXPECT_EQ(counts.fieldTypes, 1u);  // X's field `id`, now a java.util.UUID
  const std::vector<uint8_t> written(out.begin(), out.end());
  const auto graph = formats::readObjectStream(written, "upgraded");
  const formats::java::Node* id = graph->root->field("cc.mallet.types.X", "id")->reference;
  ASSERT_NE(id, nullptr);
  EXPECT_EQ(formats::java::describeType(id), "java.util.UUID");
  EXPECT_EQ(static_cast<uint64_t>(id->field("java.util.UUID", "mostSigBits")->integer), 0x84ddb15f0edf8543ULL);
  EXPECT_EQ(static_cast<uint64_t>(id->field("java.util.UUID", "leastSigBits")->integer), 0xad32b09b9f2438a4ULL);
  const formats::java::Node* other = graph->root->field("cc.mallet.types.X", "other")->reference;
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(formats::java::describeType(other), "byte[]");
  EXPECT_EQ(other->ints(), (std::vector<int32_t>{4, 2}));
  // The UUID's class descriptor is the one Java writes (a MALLET 2.1.1 file's bytes).
  const std::string fixture = testing::readText(testing::fixtureFile("stackexchange", "test.mallet"));
  const std::string descriptor = fixture.substr(fixture.find("java.util.UUID") - 3, 59);
  EXPECT_NE(out.find(descriptor), std::string::npos);
}

TEST(Upgrade, RefusesAReferenceIntoAVmidFromOutsideIt) {
  using testing::ObjectStreamBuilder;
  // `other` the VMID's UID (handle 11): it would lose its target.
  const std::vector<uint8_t> bytes =
      objectWithAnIdentifier([](ObjectStreamBuilder& stream) { stream.reference(11); });
  EXPECT_EQ(errorOf([&] { (void)upgraded(bytes, "x.mallet"); }),
            "x.mallet: refers back to a part of a java.rmi.dgc.VMID (an identifier MALLET 2.1 replaced with a UUID) "
            "from outside it: this file cannot be upgraded");
}

}  // namespace
}  // namespace topiceval
