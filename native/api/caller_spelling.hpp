// SPDX-License-Identifier: Apache-2.0
#pragma once
// A SettingError as a C++ caller reads it. The library throws errors naming
// settings as the declarations do ("max-doublings", "input"), which is what
// every front end respells; a C++ caller set a request field instead
// (maxDoublings, documents), so each public function of the library rethrows
// its SettingErrors with what() naming the fields of its own request. The
// field's name is the declaration's binding's (options.cpp), written once.
#include <typeindex>

#include "topiceval/errors.hpp"

namespace topiceval {

// `error` with what() naming the fields of `request` (setting() and problem()
// unchanged): the setting's field, and every option the problem mentions
// (--runs) by its field. A setting no declaration binds is spelled as C++
// spells names (report: report, vocab-size: vocabSize).
[[nodiscard]] SettingError spelledForCaller(std::type_index request, const SettingError& error);

template <class Request>
[[nodiscard]] SettingError spelledFor(const Request&, const SettingError& error) {
  return spelledForCaller(typeid(Request), error);
}

}  // namespace topiceval
