/* sha256: the SHA-256 hash of FIPS 180-4, for the program hashes that
 * verification witnesses carry (SV-COMP: `programhash`, `input_file_hashes`).
 *
 * Contract: sha256_init, then sha256_update any number of times with any
 * split of the message, then sha256_final writes the 32-byte digest; the
 * result depends only on the concatenated bytes. sha256_hex writes the
 * digest as 64 lowercase hex digits and a NUL. sha256_file hashes a whole
 * file and returns false (errno set) when it cannot be read. */
#ifndef BITPROVE_UTIL_SHA256_H
#define BITPROVE_UTIL_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  uint32_t h[8];
  uint64_t length;   /* message bytes so far */
  uint8_t block[64]; /* the pending partial block */
  size_t fill;       /* bytes in block */
} sha256_ctx;

#define SHA256_DIGEST_BYTES 32
#define SHA256_HEX_CHARS 65 /* 64 digits and the NUL */

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t n);
void sha256_final(sha256_ctx *c, uint8_t digest[SHA256_DIGEST_BYTES]);
void sha256_hex(const uint8_t digest[SHA256_DIGEST_BYTES], char hex[SHA256_HEX_CHARS]);
bool sha256_file(const char *path, char hex[SHA256_HEX_CHARS]);

#endif
