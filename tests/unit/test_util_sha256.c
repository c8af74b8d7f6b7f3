/* Unit tests of SHA-256 (src/util/sha256.h): the FIPS 180-4 / NIST example
 * vectors ("", "abc", the 448-bit and 896-bit messages, one million 'a's),
 * the padding boundaries (55, 56, 63, 64 bytes) against a one-shot hash,
 * every split of a message into two updates, and sha256_file. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/util/sha256.h"
#include "test_util.h"

static void hash(const void *data, size_t n, char hex[SHA256_HEX_CHARS]) {
  sha256_ctx c;
  uint8_t d[SHA256_DIGEST_BYTES];
  sha256_init(&c);
  sha256_update(&c, data, n);
  sha256_final(&c, d);
  sha256_hex(d, hex);
}

static void test_vectors(void) {
  char hex[SHA256_HEX_CHARS];
  hash("", 0, hex);
  CHECK(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
  hash("abc", 3, hex);
  CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
  const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  hash(m448, strlen(m448), hex);
  CHECK(strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0);
  const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrs"
                     "mnopqrstnopqrstu";
  hash(m896, strlen(m896), hex);
  CHECK(strcmp(hex, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1") == 0);
  /* one million 'a's, fed in pieces of 1000 */
  char a[1000];
  memset(a, 'a', sizeof a);
  sha256_ctx c;
  uint8_t d[SHA256_DIGEST_BYTES];
  sha256_init(&c);
  for (int i = 0; i < 1000; i++) sha256_update(&c, a, sizeof a);
  sha256_final(&c, d);
  sha256_hex(d, hex);
  CHECK(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0);
}

/* Splitting the message between updates never changes the digest. */
static void test_splits(void) {
  uint8_t msg[130];
  for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 37 + 11);
  static const size_t lengths[] = {0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 130};
  for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
    size_t n = lengths[li];
    char whole[SHA256_HEX_CHARS];
    hash(msg, n, whole);
    for (size_t cut = 0; cut <= n; cut++) {
      sha256_ctx c;
      uint8_t d[SHA256_DIGEST_BYTES];
      char hex[SHA256_HEX_CHARS];
      sha256_init(&c);
      sha256_update(&c, msg, cut);
      sha256_update(&c, msg + cut, n - cut);
      sha256_final(&c, d);
      sha256_hex(d, hex);
      CHECK_MSG(strcmp(hex, whole) == 0, "length %zu cut at %zu", n, cut);
    }
  }
}

static void test_file(void) {
  char path[] = "/tmp/bitprove-sha256-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return;
  FILE *f = fdopen(fd, "wb");
  fputs("abc", f);
  fclose(f);
  char hex[SHA256_HEX_CHARS];
  CHECK(sha256_file(path, hex));
  CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
  remove(path);
  CHECK(!sha256_file(path, hex)); /* gone */
}

int main(void) {
  test_vectors();
  test_splits();
  test_file();
  return TEST_SUMMARY();
}
