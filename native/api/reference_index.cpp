// topiceval::writeReferenceIndex (topiceval/reference_index.hpp): reference
// texts read once into formats/reference_index's file.
#include "topiceval/reference_index.hpp"

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/reference_index.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/runtime/classic_locale.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out, const std::string& outName) try {
  const formats::ReadSession reads;
  const ClassicLocale classic;
  validate(request);
  if (!request.texts) throw SettingError("texts", "needs the reference texts to index");
  const DocumentsSource& source = *request.texts;
  formats::ReferenceIndexWriter writer;
  std::vector<std::string> words;
  IndexResult result;
  const auto addAll = [&](const Documents& documents) {
    if (documents.words() == nullptr)
      throw SettingError("texts", "the documents carry no words: give them with their words (withWords)");
    for (std::size_t d = 0; d < documents.size(); ++d) writer.addDocument(documents.tokens(d));
    if (documents.anyUnordered()) writer.markUnordered();
    words = *documents.words();
    result.unordered = documents.anyUnordered();
  };
  // Plain text in a file is read a batch at a time (the ids are those the
  // whole file's reading gives it: coherence's --texts reads it so); other
  // inputs are read whole, as coherence reads them.
  const Alphabet none;
  const bool batched =
      !source.documents && source.path != "-" &&
      formats::readTextInBatches(
          source.path, none, {4096, std::size_t{1} << 22},
          [&](DocumentCollection batch, std::size_t) {
            for (std::size_t d = 0; d < batch.size(); ++d) writer.addDocument(batch.document(d));
          },
          &words);
  if (!batched) addAll(source.documents ? *source.documents : Documents::read(source.path));
  writer.finish(words, out, outName);
  result.documents = writer.documents();
  result.tokens = writer.tokens();
  result.words = words.size();
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);
}

}  // namespace topiceval
