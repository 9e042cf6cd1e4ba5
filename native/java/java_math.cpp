#include "native/java/java_math.hpp"

#include <algorithm>
#include <charconv>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <system_error>

#include "native/java/exact_log.hpp"

// Where long double is x87's 80-bit extended format (x86), extended precision
// decides the rounding and libquadmath's quad precision settles the rare
// close cases; where it is IEEE quad (aarch64 Linux), quad precision decides
// and exact integer arithmetic settles them; elsewhere integer arithmetic
// decides every case.
#if defined(__x86_64__) || defined(__i386__)
#define TOPICEVAL_LOG_EXTENDED 1
extern "C" {
#include <quadmath.h>
}
#elif LDBL_MANT_DIG == 113
#define TOPICEVAL_LOG_QUAD 1
#endif

namespace topiceval {

namespace {

#ifdef TOPICEVAL_LOG_EXTENDED
// The logarithm in quad precision, rounded once to double. logq is accurate to
// about one unit in the 113-bit significand, so the rounding to 53 bits is
// correct unless the exact value lies within ~2^-113 of a midpoint.
double quadPrecisionLog(double x) { return static_cast<double>(logq(static_cast<__float128>(x))); }
#endif

// Whether `approximation` (of log x, with a relative error below 2^-bits of
// its own precision's units) rounds to `rounded` beyond doubt: it lies further
// than `tolerance` from both midpoints around `rounded`.
template <class Wide>
bool roundsSurely(Wide approximation, double rounded, Wide tolerance) {
  const auto below = static_cast<Wide>(std::nextafter(rounded, -INFINITY));
  const auto above = static_cast<Wide>(std::nextafter(rounded, INFINITY));
  const Wide lowerMidpoint = (static_cast<Wide>(rounded) + below) * Wide(0.5);
  const Wide upperMidpoint = (static_cast<Wide>(rounded) + above) * Wide(0.5);
  const Wide lower = approximation - lowerMidpoint, upper = approximation - upperMidpoint;
  const Wide distance = (lower < 0 ? -lower : lower) < (upper < 0 ? -upper : upper) ? (lower < 0 ? -lower : lower)
                                                                                     : (upper < 0 ? -upper : upper);
  return distance > tolerance;
}

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
#if defined(TOPICEVAL_LOG_EXTENDED)
  const long double extended = logl(static_cast<long double>(x));
  const double rounded = static_cast<double>(extended);
  if (rounded == 0.0) return quadPrecisionLog(x);
  // The two midpoints around `rounded` are exact in the 64-bit significand of
  // long double. If the extended result is within a few of its own units of
  // either midpoint, its rounding cannot be trusted.
  if (!roundsSurely(extended, rounded, std::fabs(extended) * 0x1p-59L)) return quadPrecisionLog(x);
  return rounded;
#elif defined(TOPICEVAL_LOG_QUAD)
  // long double is IEEE quad: its logarithm is good to a unit or two of 113
  // bits, which decides the rounding except within a few such units of a midpoint.
  const long double quad = logl(static_cast<long double>(x));
  const double rounded = static_cast<double>(quad);
  if (rounded == 0.0 || !roundsSurely(quad, rounded, std::fabs(quad) * 0x1p-108L)) return exactLog(x);
  return rounded;
#else
  return exactLog(x);
#endif
}

void appendJavaDoubleToString(std::string& out, double x) {
  if (std::isnan(x)) {
    out += "NaN";
    return;
  }
  if (std::isinf(x)) {
    out += x > 0 ? "Infinity" : "-Infinity";
    return;
  }
  if (x == 0.0) {
    out += std::signbit(x) ? "-0.0" : "0.0";
    return;
  }
  if (std::signbit(x)) out += '-';
  const double magnitude = std::fabs(x);
  // The shortest round-trip digits "d1d2...dn" and the decimal exponent of d1,
  // from to_chars' d[.ddd]e[+-]xx, without a temporary string.
  char text[64];
  const char* end = std::to_chars(text, text + sizeof text, magnitude, std::chars_format::scientific).ptr;
  const char* e = std::find(static_cast<const char*>(text), end, 'e');
  char digitBuffer[32];
  std::size_t count = 0;
  for (const char* c = text; c != e; ++c) {
    if (*c != '.') digitBuffer[count++] = *c;
  }
  while (count > 1 && digitBuffer[count - 1] == '0') --count;
  int exponent = 0;
  std::from_chars(*(e + 1) == '+' ? e + 2 : e + 1, end, exponent);
  const std::string_view digits(digitBuffer, count);
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
    if (digits.size() > 1) {
      out += digits.substr(1);
    } else {
      out += '0';
    }
    out += 'E';
    char exponentText[8];
    out.append(exponentText, std::to_chars(exponentText, exponentText + sizeof exponentText, exponent).ptr);
  }
}

std::string javaDoubleToString(double x) {
  std::string out;
  appendJavaDoubleToString(out, x);
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
