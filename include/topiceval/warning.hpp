// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a request's numbers must be read with, one sentence each, as data:
// the command line prints "warning: " + text, Python issues a
// topiceval.TopicevalWarning, Java a list of strings. `text` names other
// options as the command line spells them (--runs); the bridges respell them.

#include <string>

namespace topiceval {

/// Something a result should be read with (skipped tokens, heavy tails, no convergence): the
/// library returns warnings with its results rather than printing them.
struct Warning {
  std::string kind;  ///< "skipped-tokens", "topic-state-vocabulary", "empty-documents", "heavy-tails", "not-converged"...
  std::string text;  ///< one line for a reader, naming options as the command line does (--runs)
};

}  // namespace topiceval
