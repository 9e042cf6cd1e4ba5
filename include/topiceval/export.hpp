// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the shared library exports: the public API, and nothing else (the
// project builds with hidden visibility).

#if defined(_WIN32)
#define TOPICEVAL_API
#else
#define TOPICEVAL_API __attribute__((visibility("default")))
#endif
