// SPDX-License-Identifier: Apache-2.0
#pragma once
// The values of MALLET's command-line syntax (CommandOption's), which
// `topiceval evaluate-topics` reads as `mallet evaluate-topics` does
// (command_line.cpp, parseMalletArguments): `--name value`; a boolean given
// without a value means true, and takes true|false|1|0 in any case. MALLET
// refuses a value whose first or second character is '-' (so `--random-seed -1`
// and `--input my-docs.mallet` fail there); here any argument that does not
// start with "--" is a value.

#include <optional>
#include <stdexcept>
#include <string>

#include "native/runtime/setting_error.hpp"

namespace topiceval::commands {

// (A mistake on the command line: native/runtime/setting_error.hpp.)
using topiceval::UsageError;

// Java's Integer.parseInt: an optional sign and decimal digits, within int range.
std::optional<int> parseJavaInteger(const std::string& text);
// MALLET's boolean values: true|false in any case, or 1|0.
std::optional<bool> parseMalletBoolean(const std::string& text);

}  // namespace topiceval::commands
