#include "native/java/java_math.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <system_error>

extern "C" {
#include <quadmath.h>
}

namespace topiceval {

namespace {

// The logarithm in quad precision, rounded once to double. logq is accurate to
// about one unit in the 113-bit significand, so the rounding to 53 bits is
// correct unless the exact value lies within ~2^-113 of a midpoint.
double quadPrecisionLog(double x) { return static_cast<double>(logq(static_cast<__float128>(x))); }

// Shortest round-trip digits of a finite, non-zero |x|: digits "d1d2...dn" and
// the decimal exponent of d1 (x = d1.d2...dn * 10^exponent).
struct ShortestDigits {
  std::string digits;
  int exponent = 0;
};

ShortestDigits shortestDigits(double magnitude) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, magnitude, std::chars_format::scientific);
  // Layout: d[.ddd]e[+-]xx
  const std::string text(buffer, result.ptr);
  const std::size_t e = text.find('e');
  ShortestDigits out;
  for (std::size_t i = 0; i < e; ++i) {
    if (text[i] != '.') out.digits.push_back(text[i]);
  }
  out.exponent = std::atoi(text.c_str() + e + 1);
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  return out;
}

}  // namespace

double javaLog(double x) {
  if (!(x > 0.0) || std::isinf(x)) return std::log(x);  // 0, negative, NaN, +inf
  const long double extended = logl(static_cast<long double>(x));
  const double rounded = static_cast<double>(extended);
  if (rounded == 0.0) return quadPrecisionLog(x);
  // The two midpoints around `rounded` are exact in the 64-bit significand of
  // long double. If the extended result is within a few of its own units of
  // either midpoint, its rounding cannot be trusted.
  const long double below = static_cast<long double>(std::nextafter(rounded, -INFINITY));
  const long double above = static_cast<long double>(std::nextafter(rounded, INFINITY));
  const long double lowerMidpoint = (static_cast<long double>(rounded) + below) * 0.5L;
  const long double upperMidpoint = (static_cast<long double>(rounded) + above) * 0.5L;
  const long double distance = std::fmin(std::fabs(extended - lowerMidpoint), std::fabs(extended - upperMidpoint));
  const long double tolerance = std::fabs(extended) * 0x1p-59L;  // 16 units of 2^-63
  if (distance <= tolerance) return quadPrecisionLog(x);
  return rounded;
}

std::string javaDoubleToString(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x == 0.0) return std::signbit(x) ? "-0.0" : "0.0";
  std::string out = std::signbit(x) ? "-" : "";
  const double magnitude = std::fabs(x);
  const ShortestDigits shortest = shortestDigits(magnitude);
  const std::string& digits = shortest.digits;
  const int exponent = shortest.exponent;
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exponent >= 0) {
      const std::size_t integerDigits = static_cast<std::size_t>(exponent) + 1;
      if (digits.size() <= integerDigits) {
        out += digits;
        out.append(integerDigits - digits.size(), '0');
        out += ".0";
      } else {
        out += digits.substr(0, integerDigits);
        out += '.';
        out += digits.substr(integerDigits);
      }
    } else {
      out += "0.";
      out.append(static_cast<std::size_t>(-exponent - 1), '0');
      out += digits;
    }
  } else {
    out += digits[0];
    out += '.';
    out += digits.size() > 1 ? digits.substr(1) : "0";
    out += 'E';
    out += std::to_string(exponent);
  }
  return out;
}

std::string javaFormatFixed(double x, int precision) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  std::string sign = std::signbit(x) ? "-" : "";
  if (x == 0.0) {
    std::string zero = sign + "0";
    if (precision > 0) zero += "." + std::string(static_cast<std::size_t>(precision), '0');
    return zero;
  }
  const ShortestDigits shortest = shortestDigits(std::fabs(x));
  // Place the digits on a fixed grid: integer part, then `precision` decimals.
  // digitValue[i] is the digit at 10^(exponent - i).
  const int exponent = shortest.exponent;
  const int lastKept = -precision;  // power of ten of the last kept digit
  std::string kept;                 // digits from max(exponent, 0) down to lastKept
  const int top = std::max(exponent, 0);
  auto digitAt = [&](int power) -> int {
    const int index = exponent - power;
    if (index < 0 || index >= static_cast<int>(shortest.digits.size())) return 0;
    return shortest.digits[static_cast<std::size_t>(index)] - '0';
  };
  for (int power = top; power >= lastKept; --power) kept.push_back(static_cast<char>('0' + digitAt(power)));
  // Half-up on the first dropped digit.
  if (digitAt(lastKept - 1) >= 5) {
    int i = static_cast<int>(kept.size()) - 1;
    while (i >= 0 && kept[static_cast<std::size_t>(i)] == '9') kept[static_cast<std::size_t>(i--)] = '0';
    if (i >= 0) {
      ++kept[static_cast<std::size_t>(i)];
    } else {
      kept.insert(kept.begin(), '1');
    }
  }
  const std::size_t integerDigits = kept.size() - static_cast<std::size_t>(precision);
  std::string out = sign + kept.substr(0, integerDigits);
  if (precision > 0) out += "." + kept.substr(integerDigits);
  return out;
}

std::string javaNumberFormat(double x, int maxFractionDigits) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "\u221E" : "-\u221E";
  const std::string sign = std::signbit(x) ? "-" : "";
  const double magnitude = std::fabs(x);
  const double quirk = std::stod("5e-" + std::to_string(maxFractionDigits + 1));
  // C's fixed conversion rounds the exact binary value, ties to even: NumberFormat's HALF_EVEN.
  char text[400];
  const auto end = std::to_chars(text, text + sizeof text, magnitude == quirk ? 0.0 : magnitude,
                                 std::chars_format::fixed, maxFractionDigits)
                       .ptr;
  std::string_view number(text, static_cast<std::size_t>(end - text));
  const std::size_t point = number.find('.');
  std::string_view integer = number.substr(0, point);
  std::string_view fraction = point == std::string_view::npos ? std::string_view{} : number.substr(point + 1);
  while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
  std::string out = sign;
  for (std::size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) out += ',';
    out += integer[i];
  }
  if (!fraction.empty()) {
    out += '.';
    out += fraction;
  }
  return out;
}

}  // namespace topiceval
