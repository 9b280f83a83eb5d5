// SPDX-License-Identifier: MIT
#pragma once

// SIGHTLINE_ASAN is 1 in a build with AddressSanitizer or LeakSanitizer, whichever says so: GCC
// defines __SANITIZE_ADDRESS__, clang only answers __has_feature, and the build's
// SIGHTLINE_SANITIZE option defines SIGHTLINE_SANITIZED. Code that replaces what the sanitizer
// intercepts (operator new) or skips what it runs at exit (the leak check) tests it.
#if defined(__SANITIZE_ADDRESS__) || defined(SIGHTLINE_SANITIZED)
#define SIGHTLINE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define SIGHTLINE_ASAN 1
#endif
#endif
#ifndef SIGHTLINE_ASAN
#define SIGHTLINE_ASAN 0
#endif
