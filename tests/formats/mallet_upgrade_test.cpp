// SPDX-License-Identifier: Apache-2.0
// `upgrade`'s rewriting of MALLET 2.0.8's files (formats/mallet_upgrade.hpp):
// the bytes it writes for each 2.0.8 file of tests/data are the bytes MALLET
// 2.1.1 read when it gave 2.0.8's numbers (their SHA-256 recorded in
// upgraded/files.sha256 by tests/data/tools/make-mallet-2.0.8.sh), they hold
// the same documents and counts, each VMID became the UUID its text names (the
// same in every file that shared it), a MALLET 2.1.1 file is copied as it is,
// and damaged or foreign streams are refused in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "formats/instance_list_reader.hpp"
#include "formats/java_object_graph.hpp"
#include "formats/mallet_upgrade.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/sha256.hpp"
#include "support/fixtures.hpp"
#include "support/format_errors.hpp"
#include "support/object_stream_builder.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval {
namespace {

using testing::errorOf;

const std::vector<std::string> kSets = {"mallet-2.0.8/debian-k20-t1", "mallet-2.0.8/debian-k20-t2"};
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

std::string sha256(const std::string& bytes) {
  formats::Sha256 sha;
  sha.update(bytes);
  return formats::hexDigest(sha.finish());
}

// upgraded/files.sha256: `sha256sum`'s lines, by file name.
std::map<std::string, std::string> recordedDigests(const std::string& set) {
  std::map<std::string, std::string> digests;
  for (const std::string& line : testing::readLines(testing::fixtureFile(set, "upgraded/files.sha256")))
    digests[line.substr(66)] = line.substr(0, 64);
  return digests;
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

class EachMallet208Set : public testing::ScratchDirectory, public ::testing::WithParamInterface<std::string> {
 protected:
  EachMallet208Set() : ScratchDirectory("upgrade") {}
};

TEST_P(EachMallet208Set, UpgradesToTheBytesMallet211Read) {
  const std::map<std::string, std::string> digests = recordedDigests(GetParam());
  ASSERT_EQ(digests.size(), kUpgradable.size());
  for (const std::string& file : kUpgradable) {
    const std::string path = testing::fixtureFile(GetParam(), file);
    formats::UpgradeCounts counts;
    const std::string out = upgraded(bytesOf(path), path, &counts);
    EXPECT_EQ(sha256(out), digests.at(file)) << file;
    EXPECT_EQ(out.find("java.rmi.dgc.VMID"), std::string::npos) << file;
    EXPECT_EQ(out.find("Ljava/rmi/dgc/VMID;"), std::string::npos) << file;
    // The evaluator holds no alphabet and no pipe: MALLET 2.1.1 reads 2.0.8's as it is.
    if (file == "evaluator.mallet") {
      EXPECT_FALSE(counts.changed());
      EXPECT_EQ(out, testing::readText(path));
    } else {
      EXPECT_GT(counts.identifiers, 0u) << file;
    }
    // The type name of the instance ids' fields (written once, then referred to), and in the saved model
    // totalTokens' int, a long in 2.1.
    EXPECT_EQ(counts.fieldTypes, file == "evaluator.mallet" ? 0u : file == "model.mallet" ? 2u : 1u) << file;
  }
}

TEST_P(EachMallet208Set, KeepsEveryDocumentAndCount) {
  for (const std::string& file : {std::string("train.mallet"), std::string("test.mallet")}) {
    const std::string path = testing::fixtureFile(GetParam(), file);
    const std::string copy = write(file, upgraded(bytesOf(path), path));
    const DocumentCollection before = formats::readInstanceListFile(path);
    const DocumentCollection after = formats::readInstanceListFile(copy);
    ASSERT_EQ(after.size(), before.size()) << file;
    for (std::size_t d = 0; d < before.size(); ++d) {
      ASSERT_TRUE(std::ranges::equal(after.document(d), before.document(d))) << file << " document " << d;
      ASSERT_EQ(after.name(d), before.name(d)) << file << " document " << d;
    }
  }
  for (const std::string& file : {std::string("evaluator.mallet"), std::string("inferencer.mallet"),
                                  std::string("model.mallet")}) {
    const std::string path = testing::fixtureFile(GetParam(), file);
    const std::string copy = write(file, upgraded(bytesOf(path), path));
    const TopicModel before = formats::readModelFile(path).model;
    const TopicModel after = formats::readModelFile(copy).model;
    EXPECT_EQ(after.alpha, before.alpha) << file;
    EXPECT_EQ(after.beta, before.beta) << file;
    EXPECT_EQ(after.tokensPerTopic, before.tokensPerTopic) << file;
    ASSERT_EQ(after.numTypes(), before.numTypes()) << file;
    for (std::size_t type = 0; type < before.numTypes(); ++type) {
      ASSERT_TRUE(std::ranges::equal(after.typeTopicCounts.storedRow(type), before.typeTopicCounts.storedRow(type)))
          << file << " type " << type;
    }
    ASSERT_EQ(after.alphabet == nullptr, before.alphabet == nullptr) << file;
    if (before.alphabet) EXPECT_EQ(after.alphabet->words(), before.alphabet->words()) << file;
  }
}

// The UUIDs of a stream's alphabets, in the order the stream holds them, read back with the general reader.
std::vector<std::string> alphabetIdentifiers(const std::string& bytes, const std::string& source) {
  const std::vector<uint8_t> data(bytes.begin(), bytes.end());
  const auto graph = formats::readObjectStream(data, source);
  std::vector<std::string> identifiers;
  for (std::size_t i = 0; i < graph->nodeCount(); ++i) {
    const formats::java::Node& node = graph->node(i);
    if (node.kind != formats::java::NodeKind::Object || !node.isInstanceOf("cc.mallet.types.Alphabet")) continue;
    const formats::java::ClassData* alphabet = node.findClassData("cc.mallet.types.Alphabet");
    const formats::java::Node* uuid = alphabet->annotation.back().object;
    EXPECT_TRUE(uuid != nullptr && uuid->isInstanceOf("java.util.UUID")) << source;
    if (uuid == nullptr) continue;
    std::ostringstream text;
    text << std::hex << uuid->field("java.util.UUID", "mostSigBits")->integer << ":"
         << uuid->field("java.util.UUID", "leastSigBits")->integer;
    identifiers.push_back(text.str());
  }
  return identifiers;
}

TEST_P(EachMallet208Set, GivesAnAlphabetSharedByFilesOneUuid) {
  // The training list, the inferencer and the saved model hold the one alphabet MALLET trained with (the
  // held-out list a grown copy of it): MALLET 2.1 must find them the same alphabet, as 2.0 did.
  std::map<std::string, std::vector<std::string>> ids;
  for (const std::string& file : {std::string("train.mallet"), std::string("inferencer.mallet"),
                                  std::string("model.mallet")}) {
    const std::string path = testing::fixtureFile(GetParam(), file);
    ids[file] = alphabetIdentifiers(upgraded(bytesOf(path), path), path);
    ASSERT_FALSE(ids[file].empty()) << file;
  }
  EXPECT_EQ(ids["inferencer.mallet"].front(), ids["train.mallet"].front());
  EXPECT_EQ(ids["model.mallet"].front(), ids["train.mallet"].front());
  // The data alphabet and the label alphabet of an instance list are two alphabets, with two ids.
  EXPECT_NE(ids["train.mallet"].front(), ids["train.mallet"].back());
}

INSTANTIATE_TEST_SUITE_P(Mallet208, EachMallet208Set, ::testing::ValuesIn(kSets),
                         [](const ::testing::TestParamInfo<std::string>& parameter) {
                           return parameter.param.substr(parameter.param.rfind('/') + 1) == "debian-k20-t1" ? "T1"
                                                                                                           : "T2";
                         });

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

TEST(Upgrade, RefusesEveryTruncationInOneLine) {
  const std::string path = testing::fixtureFile("mallet-2.0.8/debian-k20-t1", "test.mallet");
  const std::vector<uint8_t> bytes = bytesOf(path);
  for (std::size_t length = 4; length < bytes.size(); length += 977) {
    const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(length));
    const std::string message = errorOf([&] { (void)upgraded(cut, "cut.mallet"); });
    EXPECT_TRUE(message.starts_with("cut.mallet: truncated: the stream ends inside ") ||
                message.starts_with("cut.mallet: holds a serialized object, not a MALLET object"))
        << length << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
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
