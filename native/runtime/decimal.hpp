// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reading a decimal double the same way on every standard library, whatever
// the process's locale: std::from_chars where the library has it for doubles
// (libstdc++; libc++ only from version 20), otherwise strtod_l in the "C"
// locale, held to from_chars' rules (no leading space or '+', no hexadecimal,
// ERANGE for what does not fit).

#include <charconv>

namespace topiceval {

std::from_chars_result parseDecimal(const char* first, const char* last, double& value);

}  // namespace topiceval
