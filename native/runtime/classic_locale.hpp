// SPDX-License-Identifier: Apache-2.0
#pragma once
// Numbers are written and read in the C locale ("-2417.9338", never
// "-2417,9338"), whatever locale the process runs under: a JVM started with
// LC_ALL=de_DE.UTF-8, or a Python program that called locale.setlocale, sets
// the C library's locale, which printf, snprintf and std::to_string follow.
// A ClassicLocale puts the calling thread in the C locale for its lifetime
// (POSIX uselocale: the process's locale and other threads are untouched);
// every entry point of the bridges and every thread the library starts holds one.

#include <locale.h>

namespace topiceval {

class ClassicLocale {
 public:
  ClassicLocale();
  ~ClassicLocale();
  ClassicLocale(const ClassicLocale&) = delete;
  ClassicLocale& operator=(const ClassicLocale&) = delete;

 private:
  locale_t previous_;
};

}  // namespace topiceval
