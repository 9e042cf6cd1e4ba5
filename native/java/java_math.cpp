// SPDX-License-Identifier: Apache-2.0
#include "native/java/java_math.hpp"

#include <algorithm>
#include <charconv>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
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

uint64_t bitsOf(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}

double fromBits(uint64_t bits) {
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

#ifdef TOPICEVAL_LOG_EXTENDED
// A double-double logarithm (error-free sums and Dekker products, so neither
// FMA nor contraction is needed): log x = e ln 2 - log c + log1p(m c - 1), with
// m in [0.75, 1.5), c a tabulated reciprocal of m's nearest 1/512 step, and
// m c - 1 formed exactly. Error budget (relative to |log x|): table and ln 2 in
// double-double from libquadmath, below 2^-104; the series' truncation after
// r^10 with |r| < 2^-9.4, below 2^-98; its tail r^5/5 - ... in plain double,
// below 2^-90; the double-double operations, below 2^-100. Terms never cancel
// by more than a factor of four (m in [0.75, 1.5) keeps e ln 2 and log m
// apart, and c = 1 around m = 1). The rounding test below allows 2^-80, a
// margin of 2^10 over that budget.
struct DoubleDouble {
  double hi, lo;
};

#define TOPICEVAL_INLINE [[gnu::always_inline]] inline

TOPICEVAL_INLINE DoubleDouble twoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

TOPICEVAL_INLINE DoubleDouble fastTwoSum(double a, double b) {  // |a| >= |b| or a == 0
  const double s = a + b;
  return {s, b - (s - a)};
}

// With Fma, one fused multiply-add gives the product's rounding error (inlined
// into a function compiled for FMA); without, Dekker's splitting does.
template <bool Fma>
TOPICEVAL_INLINE DoubleDouble twoProduct(double a, double b) {
  if constexpr (Fma) {
    const double p = a * b;
    return {p, __builtin_fma(a, b, -p)};
  }
  constexpr double splitter = 134217729.0;  // 2^27 + 1
  const double p = a * b;
  const double ta = splitter * a, tb = splitter * b;
  const double ah = ta - (ta - a), al = a - ah;
  const double bh = tb - (tb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

template <bool Fma>
TOPICEVAL_INLINE DoubleDouble multiply(DoubleDouble a, DoubleDouble b) {
  DoubleDouble p = twoProduct<Fma>(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return fastTwoSum(p.hi, p.lo);
}

TOPICEVAL_INLINE DoubleDouble add(DoubleDouble a, DoubleDouble b) {
  DoubleDouble s = twoSum(a.hi, b.hi);
  s.lo += a.lo + b.lo;
  return fastTwoSum(s.hi, s.lo);
}

DoubleDouble toDoubleDouble(__float128 q) {
  const double hi = static_cast<double>(q);
  return {hi, static_cast<double>(q - hi)};
}

constexpr int kStepsPerUnit = 512;
constexpr int kFirstStep = -128;  // m = 0.75
constexpr int kSteps = 385;       // up to m = 1.5

struct LogTable {
  double reciprocal[kSteps];
  DoubleDouble minusLogReciprocal[kSteps];
  DoubleDouble ln2, third;
  LogTable() {
    for (int i = 0; i < kSteps; ++i) {
      const double centre = 1.0 + static_cast<double>(i + kFirstStep) / kStepsPerUnit;
      reciprocal[i] = 1.0 / centre;
      minusLogReciprocal[i] = toDoubleDouble(-logq(static_cast<__float128>(reciprocal[i])));
    }
    ln2 = toDoubleDouble(logq(static_cast<__float128>(2.0)));
    third = toDoubleDouble(static_cast<__float128>(1) / 3);
  }
};

const LogTable& logTable() {
  static const LogTable table;
  return table;
}

#endif

}  // namespace

bool logRoundsClearly(double hi, double lo, double errorBound) {
  // Half the gap from hi to its neighbour towards zero (the smaller gap when
  // |hi| is a power of two): within it on either side, hi + lo + error rounds to hi.
  const uint64_t bits = bitsOf(hi) & 0x7FFFFFFFFFFFFFFFULL;
  int exponent = static_cast<int>(bits >> 52);
  if ((bits & 0x000FFFFFFFFFFFFFULL) == 0) --exponent;
  if (exponent <= 53) return false;  // |hi| below 2^-969: never a logarithm's size
  const double halfGap = fromBits(static_cast<uint64_t>(exponent - 53) << 52);
  return std::fabs(lo) + errorBound < halfGap;
}

#ifdef TOPICEVAL_LOG_EXTENDED
namespace {

constexpr double kUndecided = NAN;

template <bool Fma>
TOPICEVAL_INLINE double quickLog(double x) {
  if (!(x > 0.0) || std::isinf(x) || x == 1.0) return kUndecided;
  int exponent = 0;
  if (x < 0x1p-1022) {
    x *= 0x1p54;
    exponent = -54;
  }
  const uint64_t bits = bitsOf(x);
  exponent += static_cast<int>(bits >> 52) - 1023;
  uint64_t mantissaBits = (bits & 0x000FFFFFFFFFFFFFULL) | 0x3FF0000000000000ULL;  // [1, 2)
  if (bits & 0x0008000000000000ULL) {  // m >= 1.5: halve it
    mantissaBits -= 0x0010000000000000ULL;
    ++exponent;
  }
  const double m = fromBits(mantissaBits);
  const LogTable& table = logTable();
  const int step = static_cast<int>((m - 0.75) * kStepsPerUnit + 0.5);
  const double c = table.reciprocal[step];
  // r = m c - 1 exactly: the product's rounding error is exact, and p - 1 is
  // exact for p in [0.5, 2].
  const DoubleDouble product = twoProduct<Fma>(m, c);
  const DoubleDouble r = twoSum(product.hi - 1.0, product.lo);
  // log1p(r) = r (1 + r (-1/2 + r (1/3 + r (-1/4 + r h)))), h = 1/5 - r/6 + ... + r^5/10.
  const double s = r.hi;
  const double h = 0.2 + s * (-1.0 / 6 + s * (1.0 / 7 + s * (-0.125 + s * (1.0 / 9 + s * -0.1))));
  DoubleDouble series = twoSum(-0.25, s * h);
  series = add(table.third, multiply<Fma>(r, series));
  series = add({-0.5, 0.0}, multiply<Fma>(r, series));
  series = add({1.0, 0.0}, multiply<Fma>(r, series));
  series = multiply<Fma>(r, series);
  DoubleDouble sum = add(table.minusLogReciprocal[step], series);
  if (exponent != 0) {
    const double e = static_cast<double>(exponent);
    DoubleDouble scaled = twoProduct<Fma>(e, table.ln2.hi);
    scaled.lo += e * table.ln2.lo;
    sum = add(scaled, sum);
  }
  if (logRoundsClearly(sum.hi, sum.lo, std::fabs(sum.hi) * 0x1p-80)) return sum.hi;
  return kUndecided;
}

double quickLogPlain(double x) { return quickLog<false>(x); }
// Same bits as quickLogPlain: each fused product is exact either way.
__attribute__((target("fma"))) double quickLogFma(double x) { return quickLog<true>(x); }

}  // namespace
#endif

std::optional<double> quickJavaLog(double x) {
#ifdef TOPICEVAL_LOG_EXTENDED
  static const auto method = __builtin_cpu_supports("fma") ? quickLogFma : quickLogPlain;
  const double result = method(x);
  if (std::isnan(result)) return std::nullopt;
  return result;
#else
  (void)x;
  return std::nullopt;
#endif
}

double extendedPrecisionJavaLog(double x) {
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

double javaLog(double x) {
  if (const std::optional<double> quick = quickJavaLog(x)) return *quick;
  return extendedPrecisionJavaLog(x);
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
