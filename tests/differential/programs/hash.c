/* CRC32 (table), FNV-1a, djb2 and a small open-addressing hash set. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t crc_table[256];
static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}
static uint32_t crc32(const char *s, size_t n) {
  uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ (uint8_t)s[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}
static uint64_t fnv1a(const char *s) { uint64_t h = 1469598103934665603ull; while (*s) { h ^= (uint8_t)*s++; h *= 1099511628211ull; } return h; }
static unsigned long djb2(const char *s) { unsigned long h = 5381; int c; while ((c = (unsigned char)*s++)) h = h * 33 + c; return h; }

#define SET 64
static int set[SET];
static int insert(int key) {
  unsigned h = (unsigned)key * 2654435761u % SET;
  while (set[h] != 0 && set[h] != key) h = (h + 1) % SET;
  if (set[h] == key) return 0;
  set[h] = key;
  return 1;
}

int main(void) {
  crc_init();
  const char *msg = "The quick brown fox jumps over the lazy dog";
  printf("crc32 %08x\n", crc32(msg, strlen(msg)));
  printf("fnv1a %016llx\n", (unsigned long long)fnv1a(msg));
  printf("djb2 %lu\n", djb2(msg));
  int added = 0;
  for (int i = 1; i <= 50; i++) added += insert((i * 37) % 41 + 1);
  printf("set %d\n", added);
  return 0;
}
