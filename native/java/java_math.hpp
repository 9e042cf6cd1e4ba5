// SPDX-License-Identifier: Apache-2.0
#pragma once
// The pieces of Java's floating-point behaviour that MALLET's printed numbers
// depend on. See ../shared/notes/java-compatibility.md for the measurements
// behind these choices.

#include <optional>
#include <string>

namespace topiceval {

// Java's Math.log as HotSpot computes it on x86-64, which is the correctly
// rounded natural logarithm for all but a handful of inputs in millions. This
// returns the correctly rounded value: a double-double logarithm decides the
// rounding, and the slower arbiter below settles the rare inputs whose
// logarithm lies too close to the midpoint between two doubles.
double javaLog(double x);

// javaLog's parts, apart for its tests and benchmark. quickJavaLog: the
// correctly rounded logarithm from a double-double approximation, or nothing
// when that approximation lies too near a rounding boundary to decide (about
// one input in 10^8) or no fast method exists on this processor.
std::optional<double> quickJavaLog(double x);
// The arbiter: an extended-precision logarithm decides, quad precision (or
// exact integer arithmetic) settles its close calls.
double extendedPrecisionJavaLog(double x);
// Whether hi + lo + (anything within errorBound) rounds to the double hi,
// where |lo| <= half an ulp of hi.
bool logRoundsClearly(double hi, double lo, double errorBound);

// Double.toString(x): the shortest decimal that reads back as x, laid out as Java
// does: plain notation with at least one fractional digit for 1e-3 <= |x| < 1e7
// ("-68221.3185449422", "1.0"), otherwise "d.dddE<n>" ("-1.4618561663607458E7").
std::string javaDoubleToString(double x);
// The same, appended to `out` (no temporary string: for files of millions of numbers).
void appendJavaDoubleToString(std::string& out, double x);

// String.format("%.<precision>f", x) in Java: Java rounds the digits of
// Double.toString half-up, not the exact binary value as C's printf does.
std::string javaFormatFixed(double x, int precision);

// java.text.NumberFormat.getInstance() (English) with setMaximumFractionDigits(n),
// as MALLET writes alpha into topic keys: grouping commas, trailing zeros
// dropped, and rounding HALF_EVEN on the exact binary value, except that the
// double nearest 5 * 10^-(n+1) rounds down (the JDK's DigitList keeps the "0"
// of "5.0E-6" as a digit, so it never sees the tie as exceeded).
std::string javaNumberFormat(double x, int maxFractionDigits);

}  // namespace topiceval
