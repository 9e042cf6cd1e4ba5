// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/classic_locale.hpp"

#if defined(__APPLE__)
#include <xlocale.h>  // uselocale and newlocale on macOS
#endif

namespace topiceval {

namespace {

locale_t classicLocale() {
  static const locale_t classic = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
  return classic;
}

}  // namespace

ClassicLocale::ClassicLocale() : previous_(classicLocale() != nullptr ? uselocale(classicLocale()) : nullptr) {}

ClassicLocale::~ClassicLocale() {
  if (previous_ != nullptr) uselocale(previous_);
}

}  // namespace topiceval
