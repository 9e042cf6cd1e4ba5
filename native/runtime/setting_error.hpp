// SPDX-License-Identifier: Apache-2.0
#pragma once
// SettingError is part of the public API (topiceval/errors.hpp).
#include "topiceval/errors.hpp"

#include <stdexcept>
#include <string>

namespace topiceval {

// A mistake in how a command was called (an unknown option, two outputs in one
// file): the command line prints it and exits with status 2. What it echoes
// of the arguments is made one line as every error's message is (oneLine).
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(oneLine(message)) {}
};

}  // namespace topiceval
