// SPDX-License-Identifier: Apache-2.0
#include "native/java/exact_log.hpp"

#include <cmath>
#include <cstdint>

namespace topiceval {

namespace {

// A non-negative fixed-point number with 256 fraction bits and 64 integer
// bits, in five little-endian 64-bit limbs. Every operation below truncates;
// the errors they leave are bounded in exactLog's comment.
struct Fixed {
  static constexpr int kLimbs = 5;
  static constexpr int kFractionLimbs = 4;
  uint64_t limb[kLimbs] = {};

  bool isZero() const {
    for (const uint64_t l : limb) {
      if (l != 0) return false;
    }
    return true;
  }
};

__extension__ typedef unsigned __int128 Wide;  // GCC and clang on 64-bit targets

Fixed add(const Fixed& a, const Fixed& b) {
  Fixed sum;
  Wide carry = 0;
  for (int i = 0; i < Fixed::kLimbs; ++i) {
    const Wide s = static_cast<Wide>(a.limb[i]) + b.limb[i] + carry;
    sum.limb[i] = static_cast<uint64_t>(s);
    carry = s >> 64;
  }
  return sum;
}

// a - b for a >= b.
Fixed subtract(const Fixed& a, const Fixed& b) {
  Fixed difference;
  uint64_t borrow = 0;
  for (int i = 0; i < Fixed::kLimbs; ++i) {
    const Wide d = static_cast<Wide>(a.limb[i]) - b.limb[i] - borrow;
    difference.limb[i] = static_cast<uint64_t>(d);
    borrow = (d >> 64) != 0 ? 1 : 0;
  }
  return difference;
}

bool less(const Fixed& a, const Fixed& b) {
  for (int i = Fixed::kLimbs - 1; i >= 0; --i) {
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
  }
  return false;
}

// a * b, both below 1 (no integer part): the top limbs of the 512-bit product.
Fixed multiplyFractions(const Fixed& a, const Fixed& b) {
  uint64_t product[2 * Fixed::kFractionLimbs + 1] = {};
  for (int i = 0; i < Fixed::kFractionLimbs; ++i) {
    Wide carry = 0;
    for (int j = 0; j < Fixed::kFractionLimbs; ++j) {
      const Wide p = static_cast<Wide>(a.limb[i]) * b.limb[j] + product[i + j] + carry;
      product[i + j] = static_cast<uint64_t>(p);
      carry = p >> 64;
    }
    product[i + Fixed::kFractionLimbs] = static_cast<uint64_t>(carry);
  }
  Fixed result;
  for (int i = 0; i < Fixed::kFractionLimbs; ++i) result.limb[i] = product[i + Fixed::kFractionLimbs];
  return result;
}

Fixed multiplySmall(const Fixed& a, uint64_t m) {
  Fixed result;
  Wide carry = 0;
  for (int i = 0; i < Fixed::kLimbs; ++i) {
    const Wide p = static_cast<Wide>(a.limb[i]) * m + carry;
    result.limb[i] = static_cast<uint64_t>(p);
    carry = p >> 64;
  }
  return result;
}

Fixed divideSmall(const Fixed& a, uint64_t d) {
  Fixed result;
  Wide remainder = 0;
  for (int i = Fixed::kLimbs - 1; i >= 0; --i) {
    const Wide current = (remainder << 64) | a.limb[i];
    result.limb[i] = static_cast<uint64_t>(current / d);
    remainder = current % d;
  }
  return result;
}

// atanh(t) = t + t^3/3 + t^5/5 + ... for 0 <= t < 1/2 (no integer part).
Fixed atanh(const Fixed& t) {
  const Fixed square = multiplyFractions(t, t);
  Fixed power = t;
  Fixed sum = t;
  for (uint64_t k = 3;; k += 2) {
    power = multiplyFractions(power, square);
    if (power.isZero()) break;
    sum = add(sum, divideSmall(power, k));
  }
  return sum;
}

const Fixed& ln2() {
  static const Fixed value = [] {
    Fixed one;
    one.limb[Fixed::kFractionLimbs] = 1;
    return multiplySmall(atanh(divideSmall(one, 3)), 2);  // ln 2 = 2 atanh(1/3)
  }();
  return value;
}

// The double nearest |value| (round half to even), value = integer / 2^256.
double toDouble(const Fixed& value) {
  int top = -1;
  for (int i = Fixed::kLimbs - 1; i >= 0 && top < 0; --i) {
    if (value.limb[i] != 0) top = i * 64 + 63 - __builtin_clzll(value.limb[i]);
  }
  if (top < 0) return 0.0;
  const auto bit = [&](int position) -> uint64_t {
    return position < 0 ? 0 : (value.limb[position / 64] >> (position % 64)) & 1;
  };
  uint64_t mantissa = 0;
  for (int position = top; position > top - 53; --position) mantissa = (mantissa << 1) | bit(position);
  const int roundPosition = top - 53;
  const uint64_t round = bit(roundPosition);
  bool sticky = false;
  for (int position = roundPosition - 1; position >= 0 && !sticky; --position) sticky = bit(position) != 0;
  if (round != 0 && (sticky || (mantissa & 1) != 0)) ++mantissa;  // 2^53 after a carry is still exact
  return std::ldexp(static_cast<double>(mantissa), top - 52 - 256);
}

}  // namespace

double exactLog(double x) {
  if (!(x > 0.0) || std::isinf(x)) return std::log(x);  // 0, negative, NaN, +inf
  if (x == 1.0) return 0.0;
  // x = m * 2^e with m in [2^-1/2, 2^1/2): log x = e ln 2 + 2 atanh((m - 1) / (m + 1)).
  int exponent = 0;
  const double fraction = std::frexp(x, &exponent);  // in [0.5, 1)
  auto scaled = static_cast<uint64_t>(std::ldexp(fraction, 53));  // m * 2^52, exact: m = fraction * 2
  int e = exponent - 1;
  constexpr uint64_t kOne = uint64_t{1} << 52;
  // m > sqrt(2): halve it (m * 2^53 stays whole with one more bit of scale).
  uint64_t scale = 52;
  if (scaled > static_cast<uint64_t>(1.4142135623730951 * static_cast<double>(kOne))) {
    ++e;
    ++scale;
  }
  const uint64_t one = uint64_t{1} << scale;
  const bool belowOne = scaled < one;
  const uint64_t numerator = belowOne ? one - scaled : scaled - one;
  const uint64_t denominator = scaled + one;
  // t = numerator / denominator, with 256 fraction bits.
  Fixed shifted;
  shifted.limb[Fixed::kFractionLimbs] = numerator;  // numerator * 2^256
  const Fixed t = divideSmall(shifted, denominator);
  const Fixed logM = multiplySmall(atanh(t), 2);
  const Fixed logTwo = multiplySmall(ln2(), static_cast<uint64_t>(e < 0 ? -e : e));
  // log x = (+-) e ln 2 (+-) log m, as a magnitude and a sign.
  const bool eNegative = e < 0;
  if (e == 0) return belowOne ? -toDouble(logM) : toDouble(logM);
  if (eNegative == belowOne) {
    const double magnitude = toDouble(add(logTwo, logM));
    return eNegative ? -magnitude : magnitude;
  }
  // Opposite signs: |e ln 2| > |log m| since |log m| <= ln 2 / 2.
  const double magnitude = toDouble(less(logTwo, logM) ? subtract(logM, logTwo) : subtract(logTwo, logM));
  return eNegative ? -magnitude : magnitude;
}

}  // namespace topiceval
