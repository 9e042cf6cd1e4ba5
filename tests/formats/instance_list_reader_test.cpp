// SPDX-License-Identifier: Apache-2.0
// Held-out instance lists written by `mallet import-file --keep-sequence`.
#include "formats/instance_list_reader.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "support/fixtures.hpp"
#include "support/object_stream_builder.hpp"
#include "support/scratch_directory.hpp"

namespace topiceval::formats {
namespace {

using testing::fixtureFile;

std::string wordAt(const DocumentCollection& documents, std::size_t document, std::size_t position) {
  return documents.alphabet()->word(static_cast<std::size_t>(documents.document(document)[position]));
}

TEST(InstanceListReader, ReadsStackexchange) {
  const DocumentCollection documents = readInstanceListFile(fixtureFile("stackexchange", "test.mallet"));
  ASSERT_EQ(documents.size(), 200u);
  EXPECT_EQ(documents.totalTokens(), 8383u);
  EXPECT_EQ(documents.length(0), 35u);
  EXPECT_EQ(documents.length(199), 43u);
  EXPECT_EQ(documents.name(0), "110");
  EXPECT_EQ(documents.name(199), "213");
  EXPECT_EQ(wordAt(documents, 0, 0), "generally");  // the first line of MALLET's show-words output
  EXPECT_EQ(wordAt(documents, 199, 42), "approaches");
  EXPECT_EQ(documents.alphabet()->size(), 4285u);
}

TEST(InstanceListReader, ReadsLongDocuments) {
  const DocumentCollection documents = readInstanceListFile(fixtureFile("sgu-k100", "test.mallet"));
  ASSERT_EQ(documents.size(), 312u);
  EXPECT_EQ(documents.totalTokens(), 127603u);  // Scott & Baldridge's held-out token count
  EXPECT_EQ(documents.name(0), "SGU_Episode_360_Announcements_.txt");
  EXPECT_EQ(documents.name(311), "SGU_Episode_402_This_Day_in_Skepticism_.txt");
  EXPECT_EQ(wordAt(documents, 0, 0), "joshie");
  std::size_t longest = 0;
  for (std::size_t d = 0; d < documents.size(); ++d) longest = std::max(longest, documents.length(d));
  EXPECT_EQ(longest, 3328u);
}

TEST(InstanceListReader, KeepsWordsBeyondTheTrainingAlphabet) {
  // Imported after training: the held-out alphabet grew past the model's 68006 types.
  const DocumentCollection documents = readInstanceListFile(fixtureFile("debian-k100", "test.mallet"));
  EXPECT_EQ(documents.size(), 3000u);
  EXPECT_EQ(documents.totalTokens(), 107269u);
  EXPECT_EQ(documents.alphabet()->size(), 72545u);
  EXPECT_EQ(documents.name(0), "librust-term-grid-dev");
  EXPECT_EQ(wordAt(documents, 2999, documents.length(2999) - 1), "significant");
}

TEST(InstanceListReader, NamesTheWrongClass) {
  const std::string path = fixtureFile("stackexchange", "evaluator.mallet");
  try {
    readInstanceListFile(path);
    FAIL();
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()), path +
                                             ": is a MALLET evaluator (MarginalProbEstimator), not a MALLET instance "
                                             "list (mallet import-file --keep-sequence writes one)");
  }
}

TEST(InstanceListReader, EveryTruncationIsAClearError) {
  const auto whole = readFileBytes(fixtureFile("stackexchange", "test.mallet"));
  for (std::size_t length = 0; length < whole.size(); length += length < 3000 ? 1 : 211) {
    const std::span<const uint8_t> cut(whole.data(), length);
    try {
      readInstanceList(cut, "cut.mallet");
      FAIL() << "a file cut at " << length << " of " << whole.size() << " bytes was accepted";
    } catch (const FormatError& error) {
      ASSERT_EQ(std::string(error.what()).rfind("cut.mallet: ", 0), 0u) << error.what();
    }
  }
}

// The instances are decoded straight from the stream; the general object
// graph is the reference. Every real list must take the shortcut for all its
// instances and give the same documents.
void expectSameDocuments(const DocumentCollection& shortcut, const DocumentCollection& reference,
                         const std::string& what) {
  ASSERT_EQ(shortcut.size(), reference.size()) << what;
  ASSERT_EQ(shortcut.totalTokens(), reference.totalTokens()) << what;
  for (std::size_t d = 0; d < reference.size(); ++d) {
    ASSERT_TRUE(std::equal(shortcut.document(d).begin(), shortcut.document(d).end(), reference.document(d).begin(),
                           reference.document(d).end())) << what << ", document " << d;
    ASSERT_EQ(shortcut.name(d), reference.name(d)) << what << ", document " << d;
    ASSERT_EQ(shortcut.source(d), reference.source(d)) << what << ", document " << d;
    ASSERT_EQ(shortcut.named(d), reference.named(d)) << what << ", document " << d;
  }
  ASSERT_EQ(shortcut.alphabet() == nullptr, reference.alphabet() == nullptr) << what;
  if (reference.alphabet() != nullptr) {
    ASSERT_EQ(shortcut.alphabet()->size(), reference.alphabet()->size()) << what;
    for (std::size_t w = 0; w < reference.alphabet()->size(); ++w)
      ASSERT_EQ(shortcut.alphabet()->word(w), reference.alphabet()->word(w)) << what;
  }
}

TEST(InstanceListShortcut, DecodesEveryRealListAsTheObjectGraphReadsIt) {
  const std::string data = testing::testDataDir();
  for (const std::string& path :
       {fixtureFile("stackexchange", "test.mallet"), fixtureFile("stackexchange-oov", "test.mallet"),
        fixtureFile("sgu-k100", "test.mallet"), fixtureFile("debian-k100", "test.mallet"),
        data + "/mallet-infer/edge.mallet", data + "/mallet-edge/corpus.mallet"}) {
    const auto bytes = readFileBytes(path);
    const auto graph = readObjectStream(bytes, path, {}, ObjectStreamShortcut::MalletInstances);
    const DocumentCollection reference = readInstanceList(bytes, path, ObjectStreamShortcut::None);
    EXPECT_EQ(graph->instances.size(), reference.size()) << path << ": not every instance took the shortcut";
    EXPECT_LT(graph->nodeCount(), 2 * reference.size() + 100000) << path;
    expectSameDocuments(readInstanceList(bytes, path), reference, path);
  }
}

// Sources are kept only where a document has one; every other document's is empty.
TEST(DocumentCollection, KeepsEachSourceWithItsDocument) {
  DocumentCollection documents;
  const int32_t token = 1;
  documents.add({&token, 1}, "a", "");
  documents.add({&token, 1}, "b", "file:/b.txt");
  documents.add({&token, 1}, "c");
  documents.add({&token, 1}, "d", "file:/d.txt");
  EXPECT_EQ(documents.source(0), "");
  EXPECT_EQ(documents.source(1), "file:/b.txt");
  EXPECT_EQ(documents.source(2), "");
  EXPECT_EQ(documents.source(3), "file:/d.txt");
  const std::size_t picked[] = {3, 2, 1};
  const DocumentCollection subset = documents.subset(picked);
  EXPECT_EQ(subset.source(0), "file:/d.txt");
  EXPECT_EQ(subset.source(1), "");
  EXPECT_EQ(subset.source(2), "file:/b.txt");
  const DocumentCollection flat({1, 1}, {0, 1, 2}, {"x", "y"}, {"", "file:/y.txt"}, {true, true});
  EXPECT_EQ(flat.source(0), "");
  EXPECT_EQ(flat.source(1), "file:/y.txt");
  EXPECT_THROW(DocumentCollection({1}, {0, 1}, {"x", "y"}, {"", ""}, {true, true}), std::invalid_argument);
}

// Hand-made lists whose later elements refer back to what the shortcut
// decoded without a node: the same Instance twice in the list (the stream is
// read again without the shortcut), and a name that is a reference to an
// earlier name (read again too: the shortcut keeps no handle for a name).
std::vector<uint8_t> listWithBackReference(bool sameInstanceTwice) {
  using B = testing::ObjectStreamBuilder;
  B b;
  const uint8_t writes = B::kWriteMethod | B::kSerializable;
  b.u8(B::kObject).classDesc("cc.mallet.types.InstanceList", B::kSerializable, 0).endClassDesc();  // handle 0
  b.classDesc("java.util.ArrayList", writes, 1).primitiveField('I', "size").endClassDesc().null();  // 1
  b.i32(2).blockData(testing::bigEndian(2));  // list object: handle 2; size and capacity
  // An Instance (3: its class, 4: itself) holding a FeatureSequence (5, 6) of two features, named "doc0" (7).
  b.u8(B::kObject).classDesc("cc.mallet.types.Instance", writes, 0).endClassDesc().null();
  b.blockData(testing::bigEndian(0));
  b.u8(B::kObject).classDesc("cc.mallet.types.FeatureSequence", writes, 0).endClassDesc().null();
  std::vector<uint8_t> features;
  for (const int32_t value : {2, 7, 3, 2}) {  // capacity, the features, length
    const auto word = testing::bigEndian(value);
    features.insert(features.end(), word.begin(), word.end());
  }
  b.blockData(testing::bigEndian(0)).null().blockData(features).u8(B::kEndBlockData);
  b.null().string("doc0").null().null().blockData({0}).u8(B::kEndBlockData);
  if (sameInstanceTwice) {
    b.reference(4);
  } else {
    // A second Instance (8) with its own FeatureSequence (9) of one feature, named by a reference to "doc0".
    b.u8(B::kObject).reference(3).blockData(testing::bigEndian(0));
    b.u8(B::kObject).reference(5).blockData(testing::bigEndian(0)).null();
    std::vector<uint8_t> one;
    for (const int32_t value : {1, 5, 1}) {
      const auto word = testing::bigEndian(value);
      one.insert(one.end(), word.begin(), word.end());
    }
    b.blockData(one).u8(B::kEndBlockData);
    b.null().reference(7).null().null().blockData({0}).u8(B::kEndBlockData);
  }
  b.u8(B::kEndBlockData);
  return b.bytes;
}

TEST(InstanceListShortcut, BackReferencesToDecodedObjectsReadAsTheGraphReadsThem) {
  for (const bool twice : {true, false}) {
    const std::vector<uint8_t> bytes = listWithBackReference(twice);
    const DocumentCollection reference = readInstanceList(bytes, "hand.mallet", ObjectStreamShortcut::None);
    const DocumentCollection shortcut = readInstanceList(bytes, "hand.mallet");
    ASSERT_EQ(reference.size(), 2u);
    EXPECT_EQ(reference.name(1), "doc0");
    EXPECT_EQ(reference.length(1), twice ? 2u : 1u);
    expectSameDocuments(shortcut, reference, twice ? "the same instance twice" : "a name referred back to");
  }
  // The shortcut decoded the first list's instance and then met the reference to it: read again without it.
  const auto graph = readObjectStream(listWithBackReference(true), "hand.mallet", {},
                                      ObjectStreamShortcut::MalletInstances);
  EXPECT_EQ(graph->instances.size(), 0u);
  EXPECT_EQ(readObjectStream(listWithBackReference(false), "hand.mallet", {}, ObjectStreamShortcut::MalletInstances)
                ->instances.size(),
            0u);
}

// A list of `documents` instances as MALLET writes them (one class descriptor
// each for Instance and FeatureSequence, referred back to after the first),
// each named and holding two features.
std::vector<uint8_t> listOfDocuments(int32_t documents) {
  using B = testing::ObjectStreamBuilder;
  B b;
  const uint8_t writes = B::kWriteMethod | B::kSerializable;
  b.u8(B::kObject).classDesc("cc.mallet.types.InstanceList", B::kSerializable, 0).endClassDesc();  // handle 0
  b.classDesc("java.util.ArrayList", writes, 1).primitiveField('I', "size").endClassDesc().null();  // 1
  b.i32(documents).blockData(testing::bigEndian(documents));                                       // 2
  std::vector<uint8_t> features;
  for (const int32_t value : {2, 7, 3, 2}) {  // capacity, the features, length
    const auto word = testing::bigEndian(value);
    features.insert(features.end(), word.begin(), word.end());
  }
  for (int32_t d = 0; d < documents; ++d) {
    b.u8(B::kObject);
    if (d == 0) b.classDesc("cc.mallet.types.Instance", writes, 0).endClassDesc().null();  // handle 3
    else b.reference(3);
    b.blockData(testing::bigEndian(0)).u8(B::kObject);
    if (d == 0) b.classDesc("cc.mallet.types.FeatureSequence", writes, 0).endClassDesc().null();  // 5 (4: the Instance)
    else b.reference(5);
    b.blockData(testing::bigEndian(0)).null().blockData(features).u8(B::kEndBlockData);
    b.null().string("doc" + std::to_string(d)).null().null().blockData({0}).u8(B::kEndBlockData);
  }
  b.u8(B::kEndBlockData);
  return b.bytes;
}

// The parser keeps, for back-references, the list's classes and objects other
// than its instances: as many handles and nodes for 10,000 documents as for 10.
TEST(InstanceListShortcut, KeepsNoHandleForAnInstance) {
  std::vector<std::size_t> handles;
  std::vector<std::size_t> nodes;
  for (const int32_t documents : {10, 10000}) {
    std::size_t read = 0;
    DecodedBatches batches;
    batches.consume = [&](java::DecodedInstances& batch, std::size_t) { read += batch.size(); };
    const auto graph = readObjectStreamInBatches(listOfDocuments(documents), "hand.mallet", batches);
    EXPECT_EQ(read, static_cast<std::size_t>(documents));
    handles.push_back(graph->handlesKept);
    nodes.push_back(graph->nodeCount());
    // Read whole, the same documents.
    const DocumentCollection whole = readInstanceList(listOfDocuments(documents), "hand.mallet");
    ASSERT_EQ(whole.size(), static_cast<std::size_t>(documents));
    EXPECT_EQ(whole.name(static_cast<std::size_t>(documents) - 1), "doc" + std::to_string(documents - 1));
  }
  // InstanceList's class, ArrayList's class, the list, Instance's class, FeatureSequence's class.
  EXPECT_EQ(handles[0], 5u);
  EXPECT_EQ(handles[1], 5u);
  EXPECT_EQ(nodes[0], nodes[1]);
}

// A storm of mutated lists: whatever the shortcut meets (a block split
// mid-int, another class, a bad count, a reference to a decoded object), it
// ends as the general reader does: the same documents or the same message.
TEST(InstanceListShortcut, EveryMutationEndsAsTheObjectGraphEndsIt) {
  const auto whole = readFileBytes(fixtureFile("stackexchange-oov", "test.mallet"));
  std::mt19937 generator(20261126);
  const uint8_t interesting[] = {0x00, 0xFF, 0x7F, 0x80, 0x70, 0x71, 0x73, 0x74, 0x77, 0x78, 0x7A, 0x7C};
  std::size_t accepted = 0;
  std::size_t refused = 0;
  for (int mutant = 0; mutant < 1500; ++mutant) {
    std::vector<uint8_t> bytes = whole;
    // Past the alphabet's first instance as often as inside it: most of the
    // list is instances.
    std::uniform_int_distribution<std::size_t> position(0, bytes.size() - 1);
    for (int edit = 0; edit <= mutant % 3; ++edit) {
      const std::size_t at = position(generator);
      switch ((mutant + edit) % 3) {
        case 0: bytes[at] ^= static_cast<uint8_t>(1u << (generator() % 8)); break;
        case 1: bytes[at] = interesting[generator() % sizeof interesting]; break;
        default: bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at));
      }
      position = std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1);
    }
    std::string shortcutError;
    std::string referenceError;
    std::optional<DocumentCollection> shortcut;
    std::optional<DocumentCollection> reference;
    try {
      shortcut = readInstanceList(bytes, "mutant.mallet");
    } catch (const FormatError& error) {
      shortcutError = error.what();
    }
    try {
      reference = readInstanceList(bytes, "mutant.mallet", ObjectStreamShortcut::None);
    } catch (const FormatError& error) {
      referenceError = error.what();
    }
    ASSERT_EQ(shortcutError, referenceError) << "mutant " << mutant;
    if (reference) {
      ++accepted;
      expectSameDocuments(*shortcut, *reference, "mutant " + std::to_string(mutant));
    } else {
      ++refused;
    }
  }
  // Both outcomes are exercised.
  EXPECT_GT(accepted, 100u);
  EXPECT_GT(refused, 100u);
}

// A list read in batches: the batches, one after another, are the list read
// whole, and none holds more than a batch (documents, or tokens past its last
// document's start).
class InstanceListInBatches : public testing::ScratchDirectory {
 protected:
  InstanceListInBatches() : ScratchDirectory("instance-batches") {}

  // The batches joined, or nothing where the list is read whole.
  static std::optional<DocumentCollection> joined(const std::string& path, InstanceBatch batch,
                                                  std::size_t* batches = nullptr) {
    DocumentCollection all;
    std::size_t local = 0;
    std::size_t& count = batches != nullptr ? *batches : local;
    count = 0;
    const bool read = readInstanceListInBatches(path, batch, [&](DocumentCollection part, std::size_t first) {
      EXPECT_EQ(first, all.size());
      ASSERT_GE(part.size(), 1u);
      EXPECT_LE(part.size(), batch.documents);
      EXPECT_LT(part.totalTokens() - part.length(part.size() - 1), batch.tokens);
      for (std::size_t d = 0; d < part.size(); ++d) all.add(part.document(d), part.name(d), part.source(d), part.named(d));
      all.setAlphabet(part.alphabet());
      ++count;
    });
    if (!read) {
      EXPECT_EQ(count, 0u) << path << ": batches consumed before the list was read whole";
      return std::nullopt;
    }
    return all;
  }
};

TEST_F(InstanceListInBatches, ReadEveryRealListAsItIsReadWhole) {
  const std::string data = testing::testDataDir();
  for (const std::string& path :
       {fixtureFile("stackexchange", "test.mallet"), fixtureFile("stackexchange-oov", "test.mallet"),
        fixtureFile("sgu-k100", "test.mallet"), fixtureFile("debian-k100", "test.mallet"),
        data + "/mallet-infer/edge.mallet", data + "/mallet-edge/corpus.mallet"}) {
    const DocumentCollection whole = readInstanceListFile(path);
    for (const InstanceBatch batch : {InstanceBatch{1, 1}, InstanceBatch{7, 1000000}, InstanceBatch{1000, 2000},
                                      InstanceBatch{1000000, 1000000000}}) {
      std::size_t batches = 0;
      const auto all = joined(path, batch, &batches);
      ASSERT_TRUE(all) << path << ": MALLET's list read whole";
      expectSameDocuments(*all, whole, path + " in batches of " + std::to_string(batch.documents));
      if (batch.documents == 1) {
        EXPECT_EQ(batches, whole.size()) << path;
      }
    }
  }
}

TEST_F(InstanceListInBatches, ReadWholeWhatTheyCannotReadInBatches) {
  // A back-reference to a decoded instance, standard input.
  const std::string path = write("back-reference.mallet", listWithBackReference(true));
  EXPECT_FALSE(joined(path, {1, 1}));
  EXPECT_EQ(readInstanceListFile(path).size(), 2u);
  EXPECT_FALSE(joined("-", {1, 1}));
  // A name referred back to: read whole.
  const std::string named = write("name.mallet", listWithBackReference(false));
  EXPECT_FALSE(joined(named, {1, 1}));
  EXPECT_EQ(readInstanceListFile(named).name(1), "doc0");
}

// Mutated lists end as the whole reading ends: the same documents or the same
// message, and a refused list has nothing consumed.
TEST_F(InstanceListInBatches, EveryMutationEndsAsTheWholeReadingEnds) {
  const auto whole = readFileBytes(fixtureFile("stackexchange-oov", "test.mallet"));
  std::mt19937 generator(20261127);
  std::size_t accepted = 0;
  std::size_t refused = 0;
  for (int mutant = 0; mutant < 400; ++mutant) {
    std::vector<uint8_t> bytes = whole;
    std::uniform_int_distribution<std::size_t> position(0, bytes.size() - 1);
    const std::size_t at = position(generator);
    if (mutant % 2 == 0) {
      bytes[at] ^= static_cast<uint8_t>(1u << (generator() % 8));
    } else {
      bytes.resize(at);
    }
    const std::string path = write("mutant.mallet", bytes);
    std::string wholeError;
    std::optional<DocumentCollection> reference;
    try {
      reference = readInstanceListFile(path);
    } catch (const FormatError& error) {
      wholeError = error.what();
    }
    std::string batchError;
    std::size_t consumed = 0;
    std::optional<DocumentCollection> batched;
    try {
      batched = joined(path, {16, 1000}, &consumed);
      if (!batched) continue;  // read whole, as above
    } catch (const FormatError& error) {
      batchError = error.what();
    }
    ASSERT_EQ(batchError, wholeError) << "mutant " << mutant;
    if (reference) {
      ++accepted;
      expectSameDocuments(*batched, *reference, "mutant " + std::to_string(mutant));
    } else {
      ++refused;
      EXPECT_EQ(consumed, 0u) << "mutant " << mutant << ": batches consumed before the refusal";
    }
  }
  EXPECT_GT(accepted, 50u);
  EXPECT_GT(refused, 50u);
}

}  // namespace
}  // namespace topiceval::formats
