// SPDX-License-Identifier: Apache-2.0
#pragma once
// The SettingError a call throws, for the tests that check a refused setting's
// name and message; a call that throws none fails the test.

#include <gtest/gtest.h>

#include "topiceval/errors.hpp"

namespace topiceval::testing {

template <class Call>
SettingError settingErrorOf(Call call) {
  try {
    call();
  } catch (const SettingError& error) {
    return error;
  }
  ADD_FAILURE() << "no SettingError";
  return SettingError("", "");
}

}  // namespace topiceval::testing
