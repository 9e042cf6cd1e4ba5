// SPDX-License-Identifier: Apache-2.0
#pragma once
// SettingError is part of the public API (topiceval/errors.hpp).
#include "topiceval/errors.hpp"

#include <stdexcept>

namespace topiceval {

// A mistake in how a command was called (an unknown option, two outputs in one
// file): the command line prints it and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace topiceval
