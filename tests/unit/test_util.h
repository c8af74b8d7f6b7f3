/* Minimal unit-test harness: CHECK records a failure and goes on; each test
 * executable ends with TEST_SUMMARY(), which prints "N passed, N failed" and
 * returns non-zero when anything failed. */
#ifndef BITPROVE_TEST_UTIL_H
#define BITPROVE_TEST_UTIL_H
#include <stdint.h>
#include <stdio.h>

static int test_passed, test_failed;

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (cond) {                                                               \
      test_passed++;                                                          \
    } else {                                                                  \
      test_failed++;                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                         \
  } while (0)

#define CHECK_MSG(cond, ...)                                                  \
  do {                                                                        \
    if (cond) {                                                               \
      test_passed++;                                                          \
    } else {                                                                  \
      test_failed++;                                                          \
      fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                           \
      fputc('\n', stderr);                                                    \
    }                                                                         \
  } while (0)

/* xorshift64 (13, 7, 17): the tests' reproducible random numbers; each test
 * keeps its own state, seeded with a non-zero constant. */
static inline uint64_t test_xorshift(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

#define TEST_SUMMARY()                                                        \
  (printf("%d passed, %d failed\n", test_passed, test_failed), test_failed != 0)

#endif
