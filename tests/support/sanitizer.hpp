// SPDX-License-Identifier: Apache-2.0
#pragma once
// TOPICEVAL_ADDRESS_SANITIZER: defined when AddressSanitizer instruments this
// build, by gcc's macro or clang's feature test (tests that limit the address
// space or measure memory cannot run under it).

#if defined(__SANITIZE_ADDRESS__)
#define TOPICEVAL_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOPICEVAL_ADDRESS_SANITIZER 1
#endif
#endif
