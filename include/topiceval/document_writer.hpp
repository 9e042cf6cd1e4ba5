// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where evaluate hands each document's estimate as it finishes (as Stan's
// services write through callbacks::writer), so that a front end streams rows
// while memory holds one batch (EvaluateRequest::documentWriter).

#include <cstddef>

namespace topiceval {

struct DocumentEstimate;

/// Receives each document's estimate as an evaluation finishes it (a table written while
/// the work runs): implement it and pass it to evaluate().
class DocumentWriter {
 public:
  virtual ~DocumentWriter() = default;
  /// Once, before the first document (a table's header): when an evaluation
  /// fails before any document is handed over, never.
  virtual void begin() {}
  /// Each document, in document order, with its 0-based index in the input.
  virtual void document(std::size_t index, const DocumentEstimate& estimate) = 0;
  /// Once, after the last document of an evaluation that finished.
  virtual void end() {}
};

}  // namespace topiceval
