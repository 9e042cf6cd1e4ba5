// SPDX-License-Identifier: Apache-2.0
#pragma once
// The natural logarithm rounded correctly to the nearest double, by integer
// arithmetic alone: log x = e ln 2 + 2 atanh((m - 1) / (m + 1)) with m in
// [2^-1/2, 2^1/2), each term in 256-bit fixed point (errors below 2^-240,
// far inside the 2^-118 relative gap that the hardest doubles for the
// logarithm leave to a rounding midpoint; Lefevre & Muller's worst cases).
// Slow (microseconds): javaLog's arbiter where no wider floating point
// decides the rounding, and its whole method on such processors.

namespace topiceval {

double exactLog(double x);

}  // namespace topiceval
