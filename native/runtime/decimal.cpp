// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/decimal.hpp"

#include <cerrno>
#include <clocale>
#include <cstdlib>
#include <string>
#include <system_error>

#if !defined(__cpp_lib_to_chars) || __cpp_lib_to_chars < 201611L
#include <locale.h>
#if defined(__APPLE__)
#include <xlocale.h>
#endif
#define TOPICEVAL_DECIMAL_BY_STRTOD 1
#endif

namespace topiceval {

std::from_chars_result parseDecimal(const char* first, const char* last, double& value) {
#ifndef TOPICEVAL_DECIMAL_BY_STRTOD
  return std::from_chars(first, last, value);
#else
  // from_chars takes neither leading space, nor '+', nor hexadecimal.
  const std::from_chars_result invalid{first, std::errc::invalid_argument};
  if (first == last || *first == ' ' || *first == '\t' || *first == '\n' || *first == '+') return invalid;
  const char* digits = *first == '-' ? first + 1 : first;
  if (last - digits >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) return invalid;
  static const locale_t classic = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  const std::string text(first, last);  // strtod needs the end marked
  char* end = nullptr;
  errno = 0;
  const double parsed = strtod_l(text.c_str(), &end, classic);
  if (end == text.c_str()) return invalid;
  const char* stop = first + (end - text.c_str());
  if (errno == ERANGE) return {stop, std::errc::result_out_of_range};
  value = parsed;
  return {stop, std::errc()};
#endif
}

}  // namespace topiceval
