#pragma once
// What a request's numbers must be read with, one sentence each, as data:
// the command line prints "warning: " + text, Python issues a
// topiceval.TopicevalWarning, Java a list of strings. `text` names other
// options as the command line spells them (--runs); the bridges respell them.

#include <string>

namespace topiceval {

struct Warning {
  std::string kind;  // "skipped-tokens", "topic-state-vocabulary", "empty-documents", "heavy-tails", "not-converged"...
  std::string text;
};

}  // namespace topiceval
