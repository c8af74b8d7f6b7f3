#!/usr/bin/env python3
"""bitprove on real code: public functions of small open-source C libraries.

For every library below (fetched from GitHub at a fixed commit, checked out
outside this repository under --root) and every listed public function, it runs

    bitprove --prop P --function F --timeout T --harness H.c FILES FLAGS

for P in valid-memsafety and no-overflow, records the verdict, the reason (or
the violation), the assumptions and the CPU time, and for each FALSE builds the
harness by the command in its first comment (ASan + UBSan), runs it natively
for at most --run-timeout seconds and records whether the sanitizers show the
violation (tests/harness/check_harness.py's shows(), the rule of the ctest and
of bench/harness_replay.py). While the --function harness is not usable (no
file written, or no main() that calls F), the run says "n/a".

Each FALSE is also classified by hand, by reading the library's code
(ANALYSIS below): a real bug, or a violated precondition of the function (the
arbitrary caller of --function promises less than the library's contract).
The drivers (drv_*, written by this script) call a library function the way
its contract asks, so that a FALSE there is not a violated precondition.

    bench/real_code.py --list                    # the libraries, functions, contracts and how to get them
    bench/real_code.py -j 2 --out /tmp/real-code-results
    bench/real_code.py --timeout 10 --filter 'jsmn_init|sdsnew$|hex_digit' --out /tmp/rc-smoke
    bench/real_code.py --report /tmp/real-code-results   # the tables again, with the current ANALYSIS

Writes results.csv, summary.txt and one folder per check (bitprove.log, h.c,
build.log, native.log) to --out (default bench/results/real-code-<timestamp>/).
Python 3 standard library only.  See bench/README.md.
"""

import argparse
import collections
import csv
import os
import re
import shlex
import shutil
import signal
import sys

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(SCRIPT_DIR)
DEFAULT_BITPROVE = os.path.join(REPO_DIR, 'build', 'bitprove')
DEFAULT_ROOT = '/work/real-code'
PROPERTIES = ['valid-memsafety', 'no-overflow']

# ---------------------------------------------------------------------------
# The libraries.  files: relative to the library's folder; units: translation
# units this script writes (a header-only library needs one .c that includes
# it); flags: -I/-D as for a compiler (a relative -I is relative to the
# library's folder).  functions: (name, contract the arbitrary caller of
# --function does not keep, or '', and optionally a list of extra bitprove
# arguments for it, e.g. ['--buffer-arg', 'data,len']).  prepare (optional): a
# command run once after the checkout (generated files).  drivers: (file name, C text, functions):
# small entry functions of ours that call a library function the way its
# contract asks (an sds made by sdsnewlen, a parser from jsmn_init, bounded
# lengths, a real handler), checked with --function like the public ones (a
# FALSE there survives the precondition); compiled only into their own checks.

LIBRARIES = [
    {
        'name': 'jsmn',
        'source': 'github:zserge/jsmn',
        'commit': '25647e692c7906b96ffd2b05ca54c097948e879c',
        'what': 'JSON tokenizer, header-only (jsmn.h)',
        'files': [],
        'units': {'jsmn_unit.c': '#include "jsmn.h"\n'},
        'flags': ['-I', '.'],
        'functions': [
            ('jsmn_init', ''),
            ('jsmn_parse', 'parser set up by jsmn_init (or left by an earlier jsmn_parse on the same js); '
                           'js has len readable bytes; tokens has num_tokens elements (or is NULL)'),
        ],
        'drivers': ('jsmn_drivers.c', r'''#define JSMN_HEADER
#include "jsmn.h"

/* jsmn_parse as documented: a parser from jsmn_init, len <= 16 bytes of js
   (a 64-byte object), num_tokens <= 4 tokens */
int drv_jsmn_parse(const char *js, unsigned long len, unsigned num_tokens) {
  jsmn_parser p;
  jsmntok_t tok[4];
  jsmn_init(&p);
  if (len > 16) len = 16;
  if (num_tokens > 4) num_tokens = 4;
  return jsmn_parse(&p, js, len, tok, num_tokens);
}

/* the counting mode: tokens == NULL */
int drv_jsmn_count(const char *js, unsigned long len) {
  jsmn_parser p;
  jsmn_init(&p);
  if (len > 16) len = 16;
  return jsmn_parse(&p, js, len, 0, 0);
}
''', [
            ('drv_jsmn_parse', 'jsmn_init, then jsmn_parse over len <= 16 bytes with <= 4 tokens'),
            ('drv_jsmn_count', 'jsmn_init, then jsmn_parse(tokens NULL) over len <= 16 bytes'),
        ]),
    },
    {
        'name': 'inih',
        'source': 'github:benhoyt/inih',
        'commit': '26254ee9de7681f8825433415443e7116ff24b98',
        'what': 'INI file parser (ini.c, default configuration: INI_USE_STACK, 200-byte lines)',
        'files': ['ini.c'],
        'units': {},
        'flags': ['-I', '.'],
        'functions': [
            ('ini_parse_string', 'string is NUL-terminated; handler is a valid function'),
            ('ini_parse_string_length', 'string has length readable bytes; handler is a valid function'),
            ('ini_parse_stream', 'reader behaves like fgets (NUL-terminated result); handler is a valid function'),
            ('ini_parse_file', 'file is an open FILE*; handler is a valid function'),
            ('ini_parse', 'filename is NUL-terminated; handler is a valid function'),
        ],
        'drivers': ('inih_drivers.c', r'''#include <stddef.h>
#include "ini.h"

/* a handler that reads what it is given */
static int handler(void *user, const char *section, const char *name, const char *value) {
  (void)user;
  return section[0] != 'x' && name[0] != 'x' && (!value || value[0] != 'x');
}

/* ini_parse_string on a NUL-terminated string of at most 23 bytes */
int drv_ini_parse_string(char *s) {
  s[23] = 0;
  return ini_parse_string(s, handler, NULL);
}

/* ini_parse_string_length on length <= 24 bytes (no terminator needed) */
int drv_ini_parse_string_length(const char *s, size_t length) {
  if (length > 24) length = 24;
  return ini_parse_string_length(s, length, handler, NULL);
}
''', [
            ('drv_ini_parse_string', 'ini_parse_string on a terminated string (<= 23 bytes), a real handler'),
            ('drv_ini_parse_string_length', 'ini_parse_string_length, length <= 24, a real handler'),
        ]),
    },
    {
        'name': 'sds',
        'source': 'github:antirez/sds',
        'commit': '5347739b1581fcba74fd5cab1fc21d2aef317d71',
        'what': 'Simple Dynamic Strings (sds.c; an sds points just past its header)',
        'files': ['sds.c'],
        'units': {},
        'flags': ['-I', '.'],
        'functions': [
            ('sdsnewlen', 'init has initlen readable bytes (or is NULL / SDS_NOINIT)'),
            ('sdsnew', 'init is NUL-terminated (or NULL)'),
            ('sdsempty', ''),
            ('sdsfromlonglong', ''),
            ('sdsll2str', 's has room for SDS_LLSTR_SIZE (21) bytes'),
            ('sdsull2str', 's has room for SDS_LLSTR_SIZE (21) bytes'),
            ('is_hex_digit', ''),
            ('hex_digit_to_int', ''),
            ('sdssplitlen', 's has len readable bytes; sep has seplen readable bytes'),
            ('sdssplitargs', 'line is NUL-terminated'),
            ('sdsjoin', 'argv has argc NUL-terminated strings; sep is NUL-terminated'),
            ('sdsfreesplitres', 'tokens from sdssplitlen/sdssplitargs with its count (or NULL)'),
            ('sdsfree', 's is an sds (from sdsnewlen and friends) or NULL'),
            ('sdsupdatelen', 's is an sds, NUL-terminated within its allocation'),
            ('sdscmp', 's1 and s2 are sds strings'),
            ('sdstolower', 's is an sds'),
            ('sdsrange', 's is an sds'),
            ('sdscatlen', 's is an sds; t has len readable bytes'),
            ('sdscpylen', 's is an sds; t has len readable bytes'),
            ('sdsmapchars', 's is an sds; from and to have setlen readable bytes'),
        ],
        'drivers': ('sds_drivers.c', r'''#include <stddef.h>
#include <sys/types.h>
#include "sds.h"

#define CAP 16
/* an sds of n <= CAP bytes of b (a 64-byte object) */
static sds mk(const char *b, size_t n) { return sdsnewlen(b, n > CAP ? CAP : n); }

/* sdsnewlen(NULL, n): zero-filled, allowed by its comment for any n */
void drv_sdsnewlen_null(size_t initlen) { sdsfree(sdsnewlen(NULL, initlen)); }

void drv_sdsrange(const char *b, size_t n, ssize_t start, ssize_t end) {
  sds s = mk(b, n);
  if (!s) return;
  sdsrange(s, start, end);
  sdsfree(s);
}

void drv_sdscatlen(const char *b, size_t n, const char *t, size_t len) {
  sds s = mk(b, n), r;
  if (!s) return;
  r = sdscatlen(s, t, len > CAP ? CAP : len);
  sdsfree(r ? r : s);
}

int drv_sdscmp(const char *a, size_t n, const char *b, size_t m) {
  sds x = mk(a, n), y = mk(b, m);
  int r = x && y ? sdscmp(x, y) : 0;
  sdsfree(x);
  sdsfree(y);
  return r;
}

void drv_sdsmapchars(const char *b, size_t n, const char *from, const char *to, size_t setlen) {
  sds s = mk(b, n);
  if (!s) return;
  sdsmapchars(s, from, to, setlen > CAP ? CAP : setlen);
  sdsfree(s);
}

void drv_sdssplitlen(const char *b, ssize_t len, const char *sep, int seplen) {
  int count = 0;
  sds *t = sdssplitlen(b, len > CAP ? CAP : len, sep, seplen > 4 ? 4 : seplen, &count);
  sdsfreesplitres(t, t ? count : 0);
}

void drv_sdssplitargs(char *line) {
  int argc = 0;
  sds *v;
  line[CAP] = 0;
  v = sdssplitargs(line, &argc);
  sdsfreesplitres(v, v ? argc : 0);
}
''', [
            ('drv_sdsnewlen_null', 'sdsnewlen(NULL, initlen), any initlen (its comment allows NULL)'),
            ('drv_sdsrange', 'sdsrange on an sds of <= 16 bytes, any start/end'),
            ('drv_sdscatlen', 'sdscatlen on an sds of <= 16 bytes, len <= 16'),
            ('drv_sdscmp', 'sdscmp of two sds of <= 16 bytes'),
            ('drv_sdsmapchars', 'sdsmapchars on an sds of <= 16 bytes, setlen <= 16'),
            ('drv_sdssplitlen', 'sdssplitlen, len <= 16, seplen <= 4'),
            ('drv_sdssplitargs', 'sdssplitargs on a terminated line (<= 16 bytes)'),
        ]),
    },
    # --- the libraries of issue 40 (embedded/systems style, plain C).  A third
    # element of a function entry: extra bitprove arguments for that function
    # (--buffer-arg P,N where the contract is pointer + length); a bitprove
    # that does not know an option runs without it (recorded per check).
    {
        'name': 'libcrc',
        'source': 'github:lammertb/libcrc',
        'commit': '7719e2112a9a960b1bba130d02bebdf58e8701f1',
        'what': 'CRC-8/16/32/64, CCITT, DNP, Kermit, Sick, Modbus and NMEA checksums (src/*.c, lookup tables '
                'built on first use)',
        'files': ['src/crc8.c', 'src/crc16.c', 'src/crc32.c', 'src/crc64.c', 'src/crcccitt.c', 'src/crcdnp.c',
                  'src/crckrmit.c', 'src/crcsick.c', 'src/nmea-chk.c'],
        'units': {},
        'prepare': 'make -C {dir} tab/gentab32.inc tab/gentab64.inc',   # crc32.c/crc64.c include generated tables
        'flags': ['-I', 'include'],
        'functions': [
            ('crc_8', 'input_str has num_bytes readable bytes (or is NULL)', ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_16', 'input_str has num_bytes readable bytes (or is NULL)', ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_modbus', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_32', 'input_str has num_bytes readable bytes (or is NULL)', ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_64_ecma', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_64_we', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_ccitt_1d0f', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_ccitt_ffff', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_xmodem', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_dnp', 'input_str has num_bytes readable bytes (or is NULL)', ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_kermit', 'input_str has num_bytes readable bytes (or is NULL)',
             ['--buffer-arg', 'input_str,num_bytes']),
            ('crc_sick', 'input_str has num_bytes readable bytes (or is NULL)', ['--buffer-arg', 'input_str,num_bytes']),
            ('update_crc_8', ''),
            ('update_crc_16', ''),
            ('update_crc_32', ''),
            ('update_crc_64', ''),   # checksum.h declares it as update_crc_64_ecma, crc64.c defines update_crc_64
            ('update_crc_ccitt', ''),
            ('update_crc_dnp', ''),
            ('update_crc_kermit', ''),
            ('update_crc_sick', ''),
            ('checksum_NMEA', 'input_str is NUL-terminated (or NULL); result has room for 3 bytes (or is NULL)'),
        ],
        'drivers': ('libcrc_drivers.c', r'''#include <stddef.h>
#include <stdint.h>
#include "checksum.h"

/* CRC-32 of up to 4 chunks of arbitrary bytes (each <= 8 bytes, together
   <= 32 of a 64-byte object), byte by byte with update_crc_32, then the
   whole prefix with crc_32 */
uint32_t drv_crc32_chunks(const void *data, size_t l0, size_t l1, size_t l2, size_t l3, unsigned n) {
  const unsigned char *b = data;
  size_t len[4] = {l0, l1, l2, l3}, off = 0, j;
  uint32_t crc = 0xFFFFFFFFu;
  unsigned i;
  for (i = 0; i < n && i < 4; i++)
    for (j = 0; j < len[i] % 9 && off < 32; j++)
      crc = update_crc_32(crc, b[off++]);
  return (crc ^ 0xFFFFFFFFu) ^ crc_32(b, off);
}

/* CRC-16, CCITT, Kermit and Sick step by step over up to 4 chunks (<= 8 bytes
   each), then the whole prefix with the one-call functions */
unsigned drv_crc16_family_chunks(const void *data, size_t l0, size_t l1, size_t l2, size_t l3, unsigned n) {
  const unsigned char *b = data;
  size_t len[4] = {l0, l1, l2, l3}, off = 0, j;
  uint16_t c16 = 0, cc = 0xFFFF, ck = 0, cs = 0;
  unsigned char prev = 0;
  unsigned i;
  for (i = 0; i < n && i < 4; i++)
    for (j = 0; j < len[i] % 9 && off < 32; j++, off++) {
      c16 = update_crc_16(c16, b[off]);
      cc = update_crc_ccitt(cc, b[off]);
      ck = update_crc_kermit(ck, b[off]);
      cs = update_crc_sick(cs, b[off], prev);
      prev = b[off];
    }
  return (unsigned)(c16 ^ crc_16(b, off)) + (cc ^ crc_ccitt_ffff(b, off)) + (ck ^ crc_kermit(b, off))
         + (cs ^ crc_sick(b, off));
}

/* checksum_NMEA of a terminated sentence (<= 23 bytes) into a 3-byte result */
int drv_checksum_nmea(char *s) {
  unsigned char res[3];
  s[23] = 0;
  return checksum_NMEA((const unsigned char *)s, res) != NULL;
}
''', [
            ('drv_crc32_chunks', 'update_crc_32 over <= 4 chunks (<= 8 bytes each, <= 32 bytes), then crc_32 of them'),
            ('drv_crc16_family_chunks', 'update_crc_16/ccitt/kermit/sick over <= 4 chunks, then the one-call CRCs'),
            ('drv_checksum_nmea', 'checksum_NMEA of a terminated string (<= 23 bytes), a 3-byte result'),
        ]),
    },
    {
        'name': 'crypto-algorithms',
        'source': 'github:B-Con/crypto-algorithms',
        'commit': 'cfbde48414baacf51fc7c74f275190881f037d32',
        'what': 'Brad Conte\'s hashes and ciphers: SHA-256, SHA-1, MD5, MD2, Base64, ROT-13, ARCFOUR, Blowfish, DES '
                '(one .c each; aes.c left out)',
        'files': ['sha256.c', 'sha1.c', 'md5.c', 'md2.c', 'base64.c', 'rot-13.c', 'arcfour.c', 'blowfish.c',
                  'des.c'],
        'units': {},
        'flags': ['-I', '.'],
        'functions': [
            ('sha256_init', ''),
            ('sha256_update', 'ctx set up by sha256_init (ctx->datalen < 64); data has len readable bytes',
             ['--buffer-arg', 'data,len']),
            ('sha256_final', 'ctx set up by sha256_init/update (ctx->datalen < 64); hash has 32 bytes'),
            ('sha1_init', ''),
            ('sha1_update', 'ctx set up by sha1_init (ctx->datalen < 64); data has len readable bytes',
             ['--buffer-arg', 'data,len']),
            ('sha1_final', 'ctx set up by sha1_init/update (ctx->datalen < 64); hash has 20 bytes'),
            ('md5_init', ''),
            ('md5_update', 'ctx set up by md5_init (ctx->datalen < 64); data has len readable bytes',
             ['--buffer-arg', 'data,len']),
            ('md5_final', 'ctx set up by md5_init/update (ctx->datalen < 64); hash has 16 bytes'),
            ('md2_init', ''),
            ('md2_update', 'ctx set up by md2_init (ctx->len < 16); data has len readable bytes',
             ['--buffer-arg', 'data,len']),
            ('md2_final', 'ctx set up by md2_init/update (ctx->len < 16); hash has 16 bytes'),
            ('base64_encode', 'in has len readable bytes; out is NULL or has room for base64_encode(in, NULL, len, '
                              'newline_flag) bytes', ['--buffer-arg', 'in,len']),
            ('base64_decode', 'in has len readable bytes; out is NULL or has room for base64_decode(in, NULL, len) '
                              'bytes', ['--buffer-arg', 'in,len']),
            ('rot13', 'str is NUL-terminated'),
            ('arcfour_key_setup', 'state has 256 bytes; key has len readable bytes, len >= 1',
             ['--buffer-arg', 'key,len']),
            ('arcfour_generate_stream', 'state has 256 bytes (from arcfour_key_setup); out has room for len bytes',
             ['--buffer-arg', 'out,len']),
            ('blowfish_key_setup', 'user_key has len readable bytes (4..56)', ['--buffer-arg', 'user_key,len']),
            ('blowfish_encrypt', 'keystruct from blowfish_key_setup; in and out have 8 bytes'),
            ('blowfish_decrypt', 'keystruct from blowfish_key_setup; in and out have 8 bytes'),
            ('des_key_setup', 'key has 8 bytes; schedule has 16 rows of 6 bytes'),
            ('des_crypt', 'in and out have 8 bytes; key is a schedule of 16 rows of 6 bytes (des_key_setup)'),
            ('three_des_key_setup', 'key has 24 bytes; schedule has 3 x 16 rows of 6 bytes'),
            ('three_des_crypt', 'in and out have 8 bytes; key is a schedule of 3 x 16 x 6 bytes (three_des_key_setup)'),
        ],
        'drivers': ('crypto_drivers.c', r'''#include <stddef.h>
#include "sha256.h"
#include "md5.h"
#include "base64.h"
#include "arcfour.h"

/* sha256 as documented: init, up to 4 updates on chunks of arbitrary bytes
   (each <= 24 bytes, inside the 64-byte object), final into 32 bytes */
void drv_sha256_rounds(const void *data, size_t l0, size_t l1, size_t l2, size_t l3, unsigned n, BYTE *out) {
  const BYTE *b = data;
  size_t len[4] = {l0, l1, l2, l3}, off = 0;
  SHA256_CTX ctx;
  BYTE hash[SHA256_BLOCK_SIZE];
  unsigned i;
  sha256_init(&ctx);
  for (i = 0; i < n && i < 4; i++) {
    size_t l = len[i] % 25;
    if (off + l > 64) break;
    sha256_update(&ctx, b + off, l);
    off += l;
  }
  sha256_final(&ctx, hash);
  out[0] = hash[0];
}

/* md5 the same way: init, up to 4 updates of <= 24 bytes, final into 16 bytes */
void drv_md5_rounds(const void *data, size_t l0, size_t l1, size_t l2, size_t l3, unsigned n, BYTE *out) {
  const BYTE *b = data;
  size_t len[4] = {l0, l1, l2, l3}, off = 0;
  MD5_CTX ctx;
  BYTE hash[MD5_BLOCK_SIZE];
  unsigned i;
  md5_init(&ctx);
  for (i = 0; i < n && i < 4; i++) {
    size_t l = len[i] % 25;
    if (off + l > 64) break;
    md5_update(&ctx, b + off, l);
    off += l;
  }
  md5_final(&ctx, hash);
  out[0] = hash[0];
}

/* base64: up to 3 rounds of encode (len <= 12 of arbitrary bytes, out sized
   by the NULL call) and decode of the result */
size_t drv_base64_roundtrip(const void *data, size_t l0, size_t l1, size_t l2, unsigned n, int newline_flag) {
  const BYTE *b = data;
  size_t len[3] = {l0, l1, l2}, total = 0;
  BYTE enc[32], dec[32];
  unsigned i;
  for (i = 0; i < n && i < 3; i++) {
    size_t l = len[i] % 13, m;
    if (base64_encode(b, NULL, l, newline_flag) > sizeof enc) continue;
    m = base64_encode(b, enc, l, newline_flag);
    if (m == 0) continue;
    if (base64_decode(enc, NULL, m) > sizeof dec) continue;
    total += base64_decode(enc, dec, m);
  }
  return total;
}

/* arcfour: a 256-byte state from a key of 1..16 bytes, then up to 4 streams
   of <= 16 bytes */
void drv_arcfour_rounds(const void *key, int keylen, size_t l0, size_t l1, size_t l2, size_t l3, unsigned n,
                        BYTE *out) {
  BYTE state[256], buf[16];
  size_t len[4] = {l0, l1, l2, l3};
  unsigned i;
  if (keylen < 1 || keylen > 16) keylen = 1;
  arcfour_key_setup(state, key, keylen);
  for (i = 0; i < n && i < 4; i++) {
    arcfour_generate_stream(state, buf, len[i] % 17);
    out[i] = buf[0];
  }
}
''', [
            ('drv_sha256_rounds', 'sha256_init, <= 4 sha256_update of <= 24 bytes each, sha256_final into 32 bytes'),
            ('drv_md5_rounds', 'md5_init, <= 4 md5_update of <= 24 bytes each, md5_final into 16 bytes'),
            ('drv_base64_roundtrip', '<= 3 rounds of base64_encode (len <= 12) and base64_decode, sized outputs'),
            ('drv_arcfour_rounds', 'arcfour_key_setup (256-byte state, key 1..16 bytes), <= 4 streams of <= 16'),
        ]),
    },
    {
        'name': 'tiny-aes',
        'source': 'github:kokke/tiny-AES-c',
        'commit': '23856752fbd139da0b8ca6e471a13d5bcc99a08d',
        'what': 'AES-128 in ECB, CBC and CTR mode (aes.c, default configuration)',
        'files': ['aes.c'],
        'units': {},
        'flags': ['-I', '.'],
        'functions': [
            ('AES_init_ctx', 'key has 16 bytes (AES-128)'),
            ('AES_init_ctx_iv', 'key has 16 bytes; iv has 16 bytes'),
            ('AES_ctx_set_iv', 'iv has 16 bytes'),
            ('AES_ECB_encrypt', 'ctx from AES_init_ctx; buf has 16 bytes'),
            ('AES_ECB_decrypt', 'ctx from AES_init_ctx; buf has 16 bytes'),
            ('AES_CBC_encrypt_buffer', 'ctx from AES_init_ctx_iv; buf has length bytes, length a multiple of 16',
             ['--buffer-arg', 'buf,length']),
            ('AES_CBC_decrypt_buffer', 'ctx from AES_init_ctx_iv; buf has length bytes, length a multiple of 16',
             ['--buffer-arg', 'buf,length']),
            ('AES_CTR_xcrypt_buffer', 'ctx from AES_init_ctx_iv; buf has length bytes',
             ['--buffer-arg', 'buf,length']),
        ],
        'drivers': ('aes_drivers.c', r'''#include <stddef.h>
#include <stdint.h>
#include "aes.h"

/* CTR as documented: AES_init_ctx_iv, then up to 4 AES_CTR_xcrypt_buffer on
   consecutive chunks of a 64-byte buffer (each <= 16 bytes) */
void drv_aes_ctr_rounds(const void *key, const void *iv, void *buf, size_t l0, size_t l1, size_t l2, size_t l3,
                        unsigned n) {
  struct AES_ctx ctx;
  uint8_t *b = buf;
  size_t len[4] = {l0, l1, l2, l3}, off = 0;
  unsigned i;
  AES_init_ctx_iv(&ctx, key, iv);
  for (i = 0; i < n && i < 4; i++) {
    size_t l = len[i] % 17;
    AES_CTR_xcrypt_buffer(&ctx, b + off, l);
    off += l;
  }
}

/* CBC: AES_init_ctx_iv, encrypt nblocks <= 4 blocks of a 64-byte buffer, set
   the iv again and decrypt them */
void drv_aes_cbc_roundtrip(const void *key, const void *iv, void *buf, unsigned nblocks) {
  struct AES_ctx ctx;
  if (nblocks > 4) nblocks = 4;
  AES_init_ctx_iv(&ctx, key, iv);
  AES_CBC_encrypt_buffer(&ctx, buf, 16u * nblocks);
  AES_ctx_set_iv(&ctx, iv);
  AES_CBC_decrypt_buffer(&ctx, buf, 16u * nblocks);
}

/* ECB: AES_init_ctx, then encrypt and decrypt each of up to 4 blocks */
void drv_aes_ecb_blocks(const void *key, void *buf, unsigned n) {
  struct AES_ctx ctx;
  uint8_t *b = buf;
  unsigned i;
  AES_init_ctx(&ctx, key);
  for (i = 0; i < n && i < 4; i++) {
    AES_ECB_encrypt(&ctx, b + 16 * i);
    AES_ECB_decrypt(&ctx, b + 16 * i);
  }
}
''', [
            ('drv_aes_ctr_rounds', 'AES_init_ctx_iv, <= 4 AES_CTR_xcrypt_buffer on chunks of <= 16 bytes'),
            ('drv_aes_cbc_roundtrip', 'AES_init_ctx_iv, CBC encrypt and decrypt of <= 4 blocks'),
            ('drv_aes_ecb_blocks', 'AES_init_ctx, ECB encrypt+decrypt of <= 4 blocks'),
        ]),
    },
    {
        'name': 'tiny-regex',
        'source': 'github:kokke/tiny-regex-c',
        'commit': 'f2632c6d9ed25272987471cdb8b70395c2460bdb',
        'what': 'small regular expressions (re.c, static compiled pattern of 30 symbols, 40-byte class buffer)',
        'files': ['re.c'],
        'units': {},
        'flags': ['-I', '.'],
        'functions': [
            ('re_compile', 'pattern is NUL-terminated'),
            ('re_matchp', 'pattern from re_compile (or NULL); text is NUL-terminated; matchlength points to an int'),
            ('re_match', 'pattern and text are NUL-terminated; matchlength points to an int'),
        ],
        'drivers': ('regex_drivers.c', r'''#include "re.h"

/* one pattern (terminated, <= 15 bytes) compiled once, matched against up to
   3 terminated texts (<= 15 bytes each) */
int drv_re_match_texts(char *pattern, char *t0, char *t1, char *t2, unsigned n) {
  char *t[3] = {t0, t1, t2};
  int len, hits = 0;
  unsigned i;
  re_t p;
  pattern[15] = t0[15] = t1[15] = t2[15] = 0;
  p = re_compile(pattern);
  for (i = 0; i < n && i < 3; i++)
    if (re_matchp(p, t[i], &len) >= 0)
      hits += len > 0;
  return hits;
}

/* re_match of up to 3 patterns (<= 15 bytes each) against one text */
int drv_re_match_patterns(char *p0, char *p1, char *p2, char *text, unsigned n) {
  char *p[3] = {p0, p1, p2};
  int len, hits = 0;
  unsigned i;
  p0[15] = p1[15] = p2[15] = text[15] = 0;
  for (i = 0; i < n && i < 3; i++)
    hits += re_match(p[i], text, &len) >= 0;
  return hits;
}
''', [
            ('drv_re_match_texts', 're_compile of a terminated pattern, re_matchp on <= 3 terminated texts'),
            ('drv_re_match_patterns', 're_match of <= 3 terminated patterns on a terminated text'),
        ]),
    },
    {
        'name': 'map',
        'source': 'github:rxi/map',
        'commit': 'd6c355fcfb35e5bf71905c0c28ccee34694b4a95',
        'what': 'string-keyed hash map (src/map.c; the typed API is macros over map_*_ functions)',
        'files': ['src/map.c'],
        'units': {},
        'flags': ['-I', 'src'],
        'functions': [
            ('map_deinit_', 'm was set up by map_init (zeroed) and map_set_ (buckets of nbuckets, a power of 2)'),
            ('map_get_', 'm from map_init/map_set_; key is NUL-terminated'),
            ('map_set_', 'm from map_init/map_set_; key is NUL-terminated; value has vsize readable bytes, '
                         'vsize >= 0'),
            ('map_remove_', 'm from map_init/map_set_; key is NUL-terminated'),
            ('map_iter_', ''),
            ('map_next_', 'm from map_init/map_set_; iter from map_iter_ (or an earlier map_next_ on m)'),
        ],
        'drivers': ('map_drivers.c', r'''#include <string.h>
#include "map.h"

/* up to 6 rounds of map_set or map_remove (bit i of op) on one of three keys
   (terminated, <= 7 bytes), then map_get of each key, iteration, map_deinit */
int drv_map_rounds(char *k0, char *k1, char *k2, int v, unsigned op, unsigned n) {
  map_int_t m;
  char *k[3] = {k0, k1, k2};
  map_iter_t it;
  const char *key;
  int sum = 0, *p;
  unsigned i;
  k0[7] = k1[7] = k2[7] = 0;
  map_init(&m);
  for (i = 0; i < n && i < 6; i++) {
    if (op >> i & 1)
      map_set(&m, k[i % 3], v ^ (int)i);
    else
      map_remove(&m, k[i % 3]);
  }
  for (i = 0; i < 3; i++)
    if ((p = map_get(&m, k[i])) != NULL)
      sum ^= *p;
  it = map_iter(&m);
  while ((key = map_next(&m, &it)) != NULL)
    sum ^= key[0];
  map_deinit(&m);
  return sum;
}
''', [
            ('drv_map_rounds', 'map_init, <= 6 map_set/map_remove on 3 terminated keys, map_get, iteration, '
                               'map_deinit'),
        ]),
    },
]

# (library, function, property) -> analysis of a FALSE answer, from reading the
# library's code: 'real bug: ...' or 'violated precondition: ...'.  Shown for
# FALSE answers only.
_NOT_SDS = ('violated precondition: s is not an sds: %s reads the header byte s[-1] (sdslen/sdsalloc/sdsfree) in '
            'front of an argument that is a plain heap object; an sds from sdsnewlen has it')
_CRC_LEN = ('violated precondition: num_bytes is larger than the 64-byte input object (%s reads input_str[0..'
            'num_bytes-1]); happens only when the check runs without --buffer-arg input_str,num_bytes (a bitprove '
            'that does not know it)')
_CTX_LEN = ('violated precondition: ctx is not from the init function: ctx->datalen/len is arbitrary, so %s '
            'writes %s past the 64/16-byte block buffer; init sets it to 0 and the functions keep it below the block '
            'size')
_NOT_MAP = ('violated precondition: m is not a map from map_init/map_set_: m->buckets is one pointer object '
            'but m->nbuckets is arbitrary, so %s past it')
_BYTE_SHL = ('real bug: %s shifts a BYTE left by 24 (%s); the byte is promoted to int, so every input byte >= 0x80 '
             'there makes data[j] << 24 a signed overflow (C11 6.5.7p4: undefined; UBSan: "left shift ... cannot be '
             'represented in type int"); the fix is a cast to WORD before the shift')
_BITNUM_31 = ('real bug: %s builds words with BITNUM(%s, b, 31), i.e. (bit & 1) << 31 in int (%s): a set bit makes it '
              '1 << 31, a signed overflow (C11 6.5.7p4: undefined); the fix is an unsigned 1u')

ANALYSIS = {
    ('sds', 'sdsfreesplitres', 'valid-memsafety'):
        'violated precondition: count is not the number of tokens of an sdssplitlen/sdssplitargs result '
        '(tokens[count] past the array, or a token that is not an sds)',
    ('sds', 'sdsfreesplitres', 'no-overflow'):
        'violated precondition: count = INT_MIN (a token count is >= 0), so count-- overflows',
    ('sds', 'sdsmapchars', 'valid-memsafety'):
        'violated precondition: s is not an sds: sdslen(s) reads the header byte s[-1]',
    ('sds', 'sdsnewlen', 'valid-memsafety'):
        'real bug: hdrlen+initlen+1 wraps around for initlen > SIZE_MAX-18 (here 2^64-15: malloc(3), the 17-byte '
        'header is written past it, sds.c:135); the caller\'s init cannot hold that many bytes, but init == NULL '
        'is allowed by the comment and overflows the same way (drv_sdsnewlen_null); the Redis copy of sds.c has '
        'since added assert(initlen + hdrlen + 1 > initlen)',
    ('sds', 'drv_sdsnewlen_null', 'valid-memsafety'):
        'real bug: sdsnewlen(NULL, 2^64-15) allocates 3 bytes (hdrlen+initlen+1 wraps around) and writes the '
        '17-byte header past them (sds.c:135); NULL init is documented',
    ('sds', 'drv_sdsrange', 'no-overflow'):
        'real bug: sdsrange(s, 0, SSIZE_MAX) on a valid sds computes (end-start)+1 = SSIZE_MAX+1 (sds.c:768), '
        'signed overflow before end is clamped to len-1; a caller asking for "to the end" with a large end hits it',
    ('sds', 'sdsnew', 'valid-memsafety'):
        'false alarm of the --function model: the lost object is sdsnew\'s result, which the caller owns '
        '(sdsfree); the generated caller (and the harness\'s main) drops the return value, so every constructor '
        '"leaks"',
    ('sds', 'sdsempty', 'valid-memsafety'):
        'false alarm of the --function model: the lost object is the function\'s result, which the caller owns; '
        'the generated caller drops the return value',
    ('sds', 'sdsfromlonglong', 'valid-memsafety'):
        'false alarm of the --function model: the lost object is the function\'s result, which the caller owns; '
        'the generated caller drops the return value',
    ('sds', 'sdsfree', 'valid-memsafety'): _NOT_SDS % 'sdsfree',
    ('sds', 'sdsupdatelen', 'valid-memsafety'): _NOT_SDS % 'sdsupdatelen (sdssetlen)',
    ('sds', 'sdscmp', 'valid-memsafety'): _NOT_SDS % 'sdscmp',
    ('sds', 'sdstolower', 'valid-memsafety'): _NOT_SDS % 'sdstolower',
    ('sds', 'sdsrange', 'valid-memsafety'): _NOT_SDS % 'sdsrange',
    ('sds', 'sdscatlen', 'valid-memsafety'): _NOT_SDS % 'sdscatlen (sdsMakeRoomFor)',
    ('sds', 'sdscpylen', 'valid-memsafety'): _NOT_SDS % 'sdscpylen (sdsalloc)',
    # --- issue 40's libraries
    ('libcrc', 'crc_8', 'valid-memsafety'): _CRC_LEN % 'crc_8',
    ('libcrc', 'crc_sick', 'valid-memsafety'): _CRC_LEN % 'crc_sick',
    ('crypto-algorithms', 'sha256_update', 'valid-memsafety'): _CTX_LEN % ('sha256_update', 'ctx->data[ctx->datalen]'),
    ('crypto-algorithms', 'sha256_final', 'valid-memsafety'): _CTX_LEN % ('sha256_final', 'ctx->data[i++] up from datalen'),
    ('crypto-algorithms', 'sha1_update', 'valid-memsafety'): _CTX_LEN % ('sha1_update', 'ctx->data[ctx->datalen]'),
    ('crypto-algorithms', 'sha1_final', 'valid-memsafety'): _CTX_LEN % ('sha1_final', 'ctx->data[i++] up from datalen'),
    ('crypto-algorithms', 'md5_update', 'valid-memsafety'): _CTX_LEN % ('md5_update', 'ctx->data[ctx->datalen]'),
    ('crypto-algorithms', 'md5_final', 'valid-memsafety'): _CTX_LEN % ('md5_final', 'ctx->data[i++] up from datalen'),
    ('crypto-algorithms', 'md2_update', 'valid-memsafety'): _CTX_LEN % ('md2_update', 'ctx->data[ctx->len] (len, not < 16)'),
    ('crypto-algorithms', 'md2_final', 'valid-memsafety'): _CTX_LEN % ('md2_final', 'ctx->data[ctx->len++] (len, not < 16)'),
    ('crypto-algorithms', 'sha256_update', 'no-overflow'): _BYTE_SHL % ('sha256_transform', 'sha256.c:49'),
    ('crypto-algorithms', 'sha256_final', 'no-overflow'): _BYTE_SHL % ('sha256_transform', 'sha256.c:49'),
    ('crypto-algorithms', 'sha1_update', 'no-overflow'): _BYTE_SHL % ('sha1_transform', 'sha1.c:26'),
    ('crypto-algorithms', 'sha1_final', 'no-overflow'): _BYTE_SHL % ('sha1_transform', 'sha1.c:26'),
    ('crypto-algorithms', 'md5_update', 'no-overflow'): _BYTE_SHL % ('md5_transform', 'md5.c:43'),
    ('crypto-algorithms', 'md5_final', 'no-overflow'): _BYTE_SHL % ('md5_transform', 'md5.c:43'),
    ('crypto-algorithms', 'des_key_setup', 'no-overflow'): _BITNUM_31 % ('des_key_setup', 'key', 'des.c:208'),
    ('crypto-algorithms', 'three_des_key_setup', 'no-overflow'):
        _BITNUM_31 % ('three_des_key_setup (des_key_setup)', 'key', 'des.c:208'),
    ('crypto-algorithms', 'des_crypt', 'no-overflow'): _BITNUM_31 % ('des_crypt (IP)', 'in', 'des.c:90'),
    ('crypto-algorithms', 'three_des_crypt', 'no-overflow'):
        _BITNUM_31 % ('three_des_crypt (des_crypt\'s IP)', 'in', 'des.c:90'),
    ('crypto-algorithms', 'md2_final', 'no-overflow'):
        'violated precondition: ctx->len is arbitrary (INT_MIN here), so to_pad = MD2_BLOCK_SIZE - ctx->len '
        'overflows; md2_init sets it to 0 and md2_update keeps it in [0, 16)',
    ('crypto-algorithms', 'base64_encode', 'valid-memsafety'):
        'violated precondition: out is a 64-byte object but len bytes encode to 4*ceil(len/3) (+ newlines) '
        'bytes; the contract sizes out by base64_encode(in, NULL, len, flag) first',
    ('crypto-algorithms', 'arcfour_key_setup', 'valid-memsafety'):
        'violated precondition: state is a 64-byte object; arcfour_key_setup fills state[0..255] (an RC4 state '
        'is 256 bytes)',
    ('crypto-algorithms', 'arcfour_generate_stream', 'valid-memsafety'):
        'violated precondition: state is a 64-byte object; an RC4 state is 256 bytes, state[i] runs to 255',
    ('crypto-algorithms', 'des_crypt', 'valid-memsafety'):
        'violated precondition: key is a single 6-byte row (the pointee type BYTE[6]); a DES schedule from '
        'des_key_setup has 16 rows, key[1][0] is read',
    ('crypto-algorithms', 'des_key_setup', 'valid-memsafety'):
        'violated precondition: schedule is a single 6-byte row (the pointee type BYTE[6]); des_key_setup '
        'writes 16 rows',
    ('crypto-algorithms', 'three_des_key_setup', 'valid-memsafety'):
        'violated precondition: schedule is one 16x6 schedule (the pointee type); three_des_key_setup writes 3',
    ('crypto-algorithms', 'three_des_crypt', 'valid-memsafety'):
        'violated precondition: key is one 16x6 schedule (the pointee type); three_des_crypt reads 3',
    ('tiny-aes', 'AES_CBC_encrypt_buffer', 'valid-memsafety'):
        'violated precondition: length is not a multiple of 16 (here 1: XorWithIv reads buf[1] of a 1-byte buf); '
        'aes.h: "buffer size MUST be mutile of AES_BLOCKLEN" (pad, e.g. PKCS7)',
    ('tiny-aes', 'AES_CBC_decrypt_buffer', 'valid-memsafety'):
        'violated precondition: length is not a multiple of 16 (memcpy of a 16-byte block from a shorter buf); '
        'aes.h: "buffer size MUST be mutile of AES_BLOCKLEN"',
    ('map', 'map_deinit_', 'valid-memsafety'): _NOT_MAP % 'map_deinit_ reads m->buckets[i] for i up to nbuckets-1',
    ('map', 'map_get_', 'valid-memsafety'): _NOT_MAP % 'map_getref reads m->buckets[hash & (nbuckets-1)]',
    ('map', 'map_remove_', 'valid-memsafety'): _NOT_MAP % 'map_getref reads m->buckets[hash & (nbuckets-1)]',
    ('map', 'map_set_', 'valid-memsafety'): _NOT_MAP % 'map_getref reads m->buckets[hash & (nbuckets-1)]',
    ('map', 'map_set_', 'no-overflow'):
        'violated precondition: m->nbuckets is arbitrary (>= 2^31: map_resize\'s int i = nbuckets is INT_MIN and '
        'i-- overflows); a real map has a power-of-2 bucket count no larger than its node count',
    ('map', 'map_deinit_', 'no-overflow'):
        'violated precondition: m->nbuckets is arbitrary (here >= 2^31, so the int i = nbuckets is INT_MIN and '
        'i-- overflows); map_resize only makes power-of-2 bucket counts of a real map',
    ('map', 'map_next_', 'valid-memsafety'):
        'violated precondition: m->buckets is one pointer object but m->nbuckets is arbitrary (and iter not from '
        'map_iter_); a map from map_set_ has nbuckets bucket pointers',
}

# ---------------------------------------------------------------------------
# What "reproduced" means: tests/harness/check_harness.py's shows() (the ctest's
# rule).  A stand-in with the same patterns when that file cannot be imported.

sys.path.insert(0, os.path.join(REPO_DIR, 'tests', 'harness'))
from check_harness import shows, lost_sites, SANITIZER_ENV  # noqa: E402  (what "reproduced" means)
from harness_replay import _run, harness_command  # noqa: E402  (replaying a harness, as for SV-COMP tasks)


# ---------------------------------------------------------------------------
# Running bitprove under limits (as bench/run.py: own process group,
# RLIMIT_CPU and RLIMIT_AS in the child, CPU time from wait4()).

import run  # noqa: E402  (bench/run.py: limits of a run, the runner)
from run import Limits  # noqa: E402


def run_checks(checks, parallel, limits, tmp_dir, on_done):
    """Runs each check's argv in its work folder with bench/run.py's runner, at
    most `parallel` at a time; fills cpu, wall, mem_mb, stdout, stderr, exit,
    sig, wall_killed."""
    def finished(job):
        c = job.key
        if job.spawn_error is not None:
            c.update(stdout='', stderr=job.spawn_error, exit=127, sig=None, cpu=0.0, wall=0.0, mem_mb=0.0,
                     wall_killed=False)
        else:
            c.update(stdout=job.stdout, stderr=job.stderr, exit=job.exit_code, sig=job.signal, cpu=job.cpu,
                     wall=job.wall, mem_mb=job.maxrss_mb, wall_killed=job.wall_killed)
        on_done(c)
    run.run_jobs([run.Job(c, c['argv'], None, cwd=c['work']) for c in checks], parallel, limits, tmp_dir, finished)


VERDICT_RE = re.compile(r'^(TRUE|UNKNOWN|FALSE)(?:\(([^()]*)\))?$')


def classify(c, limits):
    """verdict ('TRUE', 'FALSE(sub)', 'UNKNOWN'), sub, detail of one bitprove run."""
    lines = c['stdout'].splitlines()
    first = lines[0].strip() if lines else ''
    m = VERDICT_RE.match(first)
    reason = next((l[len('reason:'):].strip() for l in lines if l.startswith('reason:')), '')
    if c['wall_killed'] or (c['sig'] in (signal.SIGXCPU, signal.SIGKILL) and c['cpu'] >= limits.timeout):
        return 'UNKNOWN', None, 'timeout (killed by the runner)'
    if c['sig'] is not None:
        return 'UNKNOWN', None, 'crash: signal %d' % c['sig']
    if not m:
        tail = [l for l in c['stderr'].splitlines() if l.strip()][-1:]
        return 'UNKNOWN', None, 'error: exit %s, unparsable output %r %s' % (c['exit'], first[:60],
                                                                            (tail or [''])[0][:120])
    verdict, sub = m.group(1), m.group(2)
    if verdict == 'UNKNOWN':
        return 'UNKNOWN', None, reason or 'no reason given'
    if verdict == 'FALSE':
        runs = [l.strip()[len('run:'):].strip() for l in lines if l.strip().startswith('run:')]
        bad = [r for r in runs if not r.startswith('exit')]
        return first, sub or c['prop'], (bad or runs or [''])[0]
    proof = next((l[len('proof:'):].strip() for l in lines if l.startswith('proof:')),
                 lines[1].strip() if len(lines) > 1 else '')
    return 'TRUE', None, proof


STANDARD_ASSUMPTION = re.compile(r'^assumption: \S+ is called with arbitrary arguments')


ENGINE_PREFIXES = ('symbolic execution graph:', 'bmc:', 'k-induction:', 'progress:', 'indirect call')


def engine_notes(stdout):
    """What each engine said of an UNKNOWN (the lines after reason:)."""
    return ' | '.join(l.strip() for l in stdout.splitlines()[1:] if l.startswith(ENGINE_PREFIXES))


def graph_reason(notes):
    """The symbolic execution graph's reason, without locations, for grouping."""
    m = re.search(r'symbolic execution graph: ([^|]*)', notes)
    if not m:
        m = re.search(r'progress:.*?symbolic execution graph [\d.]+ s', notes)
        return ('graph: gave up, reason not shown (a timeout answer has only the progress line)' if m
                else 'graph: no word')
    r = re.sub(r' at \S+:\d+:\d+', '', m.group(1).strip())
    r = re.sub(r'\(invalid (load|store) of \d+ bytes\)', '(invalid \\1)', r)
    r = re.sub(r'address of function \S+', 'address of function F', r)
    return 'graph: ' + r.replace('; not a proof', '')[:110]


def assumptions(stdout):
    """The assumption: lines but the standard one of --function, and the note: lines."""
    keep = []
    for l in stdout.splitlines():
        if (l.startswith('assumption:') and not STANDARD_ASSUMPTION.match(l)) or l.startswith('note:'):
            keep.append(l.strip())
    return ' | '.join(keep)


# ---------------------------------------------------------------------------
# Native replay of a FALSE answer

def replay(c, args, env):
    """Builds and runs the harness of a FALSE; sets c['harness'] ('yes', 'no',
    'n/a: ...', 'build failed', ...) and c['harness_detail']."""
    work, h = c['work'], c['h']
    if not os.path.exists(h):
        c['harness'], c['harness_detail'] = 'n/a: not written', \
            ([l for l in c['stderr'].splitlines() if 'harness' in l.lower()] or ['no --harness file'])[-1][:200]
        return
    cmd = harness_command(h)
    if not cmd:
        c['harness'], c['harness_detail'] = 'n/a: no command', 'no build command in the first comment'
        return
    if cmd[0] == 'clang':
        cmd[0] = args.clang
    if '-o' not in cmd:
        cmd += ['-o', 'a.out']
    rc, out = _run(cmd + ['-w'], work, 300)
    with open(os.path.join(work, 'build.log'), 'w') as f:
        f.write(' '.join(shlex.quote(a) for a in cmd + ['-w']) + '\n' + out)
    if rc != 0:
        if re.search(r"undefined reference to [`']main'|undefined symbol: _?main\b", out):
            c['harness'] = 'n/a: no main'
            c['harness_detail'] = 'the harness defines no main() that calls %s (not integrated for --function)' \
                                  % c['function']
        else:
            c['harness'] = 'build failed'
            c['harness_detail'] = ' | '.join(l for l in out.splitlines() if 'error' in l)[:300] or out[-300:]
        return
    rc, out = _run([os.path.join(work, 'a.out')], work, args.run_timeout, env)
    with open(os.path.join(work, 'native.log'), 'w') as f:
        f.write('exit: %s\n%s' % (rc, out))
    sub = c['sub'] if c['prop'] == 'valid-memsafety' else c['prop']
    prog = c['files'][0] if c['files'] else ''
    evidence = shows(sub, rc if rc is not None else -1, out, prog, lost_sites(c['stdout']))
    if evidence:
        c['harness'], c['harness_detail'] = 'yes', evidence
    else:
        c['harness'] = 'no (timeout)' if rc is None else 'no'
        tail = [l for l in out.strip().splitlines() if l.strip()][-3:]
        c['harness_detail'] = 'exit %s: %s' % (rc, ' | '.join(tail)[:300])


# ---------------------------------------------------------------------------

def fn_entries(entries):
    """(name, contract, extra bitprove arguments) of a 'functions' or drivers
    list; the third element of an entry is optional."""
    return [(t[0], t[1], list(t[2]) if len(t) > 2 else []) for t in entries]


def bitprove_help(bitprove):
    """The --help text of a bitprove binary ('' when it cannot be run)."""
    rc, out = _run([bitprove, '--help'], None, 60)
    return out or ''


def split_known(extra, help_text):
    """(kept, dropped): extra bitprove arguments split by whether the binary's
    --help mentions the option (an older bitprove rejects options it does not
    know; such a check runs without them, and the CSV says so).  An option's
    value (the next argument when it does not start with '-') goes with it."""
    kept, dropped, i = [], [], 0
    while i < len(extra):
        a = extra[i]
        group = [a]
        if a.startswith('--') and '=' not in a and i + 1 < len(extra) and not extra[i + 1].startswith('-'):
            group.append(extra[i + 1])
        name = a.split('=', 1)[0]
        if not a.startswith('-') or not help_text or re.search(r'(?<![\w-])%s(?![\w-])' % re.escape(name), help_text):
            kept += group
        else:
            dropped += group
        i += len(group)
    return kept, dropped


def fetch_hint(lib, root):
    owner_name = lib['source'].split(':', 1)[1]
    d = os.path.join(root, lib['name'])
    hint = ('git clone https://github.com/%s %s && git -C %s checkout %s'
            % (owner_name, d, d, lib['commit']))
    if lib.get('prepare'):   # files the library's build generates (small, native)
        hint += ' && ' + lib['prepare'].format(dir=d)
    return hint


def lib_inputs(lib, root, units_dir, drivers=False):
    """(absolute file list, flags with absolute -I) of a library (with its
    drivers' file when `drivers`)."""
    base = os.path.join(root, lib['name'])
    files = [os.path.join(base, f) for f in lib['files']]
    units = dict(lib['units'])
    if drivers and lib.get('drivers'):
        units[lib['drivers'][0]] = lib['drivers'][1]
    for name, text in sorted(units.items()):
        os.makedirs(units_dir, exist_ok=True)
        p = os.path.join(units_dir, name)
        with open(p, 'w') as f:
            f.write(text)
        files.append(p)
    flags, i = [], 0
    fl = lib['flags']
    while i < len(fl):
        a = fl[i]
        if a in ('-I', '-isystem', '-iquote') and i + 1 < len(fl):
            flags += [a, os.path.normpath(os.path.join(base, fl[i + 1]))]
            i += 2
            continue
        flags.append(a)
        i += 1
    return files, flags


def fmt_table(headers, rows):
    widths = [len(h) for h in headers]
    for r in rows:
        for i, x in enumerate(r):
            widths[i] = max(widths[i], len(str(x)))
    def line(cells):
        return '  '.join(str(x).ljust(w) for x, w in zip(cells, widths)).rstrip()
    return '\n'.join([line(headers), '  '.join('-' * w for w in widths)] + [line(r) for r in rows])


def reason_key(reason):
    r = re.sub(r'\(bound \d+\)', '(bound N)', reason)
    r = re.sub(r'\bat \S+:\d+:\d+', 'at FILE:LINE', r)
    return r[:110]


CSV_COLUMNS = ['library', 'function', 'kind', 'property', 'verdict', 'cpu_s', 'wall_s', 'mem_mb', 'detail',
               'engines', 'assumptions', 'harness', 'harness_detail', 'analysis', 'contract', 'command',
               'dropped_options']


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=DEFAULT_ROOT,
                    help='where the libraries are checked out, one folder each (default: %(default)s)')
    ap.add_argument('--bitprove', default=DEFAULT_BITPROVE, help='bitprove binary (default: %(default)s)')
    ap.add_argument('--timeout', type=float, default=60, help='seconds per check (default: %(default)s)')
    ap.add_argument('--memory', type=int, default=8000, help='MB per check (default: %(default)s)')
    ap.add_argument('-j', type=int, default=2, dest='jobs', help='checks at a time (default: %(default)s)')
    ap.add_argument('--properties', default=','.join(PROPERTIES), help='default: %(default)s')
    ap.add_argument('--library', action='append', help='only this library (repeatable)')
    ap.add_argument('--filter', help='only functions whose "library/function" matches this regex')
    ap.add_argument('--limit', type=int, help='only the first N functions (after --library and --filter)')
    ap.add_argument('--extra', action='append', default=[],
                    help='extra bitprove argument, e.g. --extra=--object-size=128 (repeatable)')
    ap.add_argument('--clang', default='clang', help="replaces the `clang` of the harness's command")
    ap.add_argument('--run-timeout', type=float, default=10,
                    help='wall seconds for the native run of a harness (default: %(default)s)')
    ap.add_argument('--no-harness', action='store_true', help='no --harness, no native replay')
    ap.add_argument('--no-drivers', action='store_true',
                    help="only the public functions, not this script's drivers (entry functions that keep "
                         "the contract)")
    ap.add_argument('--out', help='output folder (default: bench/results/real-code-<timestamp>/)')
    ap.add_argument('--list', action='store_true', help='list libraries and functions, and stop')
    ap.add_argument('--report', metavar='DIR',
                    help="no checks: read DIR/results.csv, apply this script's ANALYSIS again, rewrite "
                         "results.csv and summary.txt and print the tables")
    ap.add_argument('-q', '--quiet', action='store_true', help='no line per finished check')
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    libs = [l for l in LIBRARIES if not args.library or l['name'] in args.library]
    if args.library:
        unknown = set(args.library) - {l['name'] for l in LIBRARIES}
        if unknown:
            print('real_code.py: unknown library %s (known: %s)'
                  % (', '.join(sorted(unknown)), ', '.join(l['name'] for l in LIBRARIES)), file=sys.stderr)
            return 2
    if args.report:
        return report_again(args, libs)
    if args.list:
        for lib in libs:
            print('%s: %s, %s at %s' % (lib['name'], lib['what'], lib['source'], lib['commit']))
            print('  get it:  %s' % fetch_hint(lib, args.root))
            print('  files: %s  flags: %s' % (' '.join(lib['files'] + sorted(lib['units'])), ' '.join(lib['flags'])))
            for fn, contract, extra in fn_entries(lib['functions']):
                print('  %-28s %s%s' % (fn, contract, ('  [%s]' % ' '.join(extra)) if extra else ''))
            if lib.get('drivers'):
                print('  drivers (%s, written by this script):' % lib['drivers'][0])
                for fn, what, extra in fn_entries(lib['drivers'][2]):
                    print('  %-28s %s%s' % (fn, what, ('  [%s]' % ' '.join(extra)) if extra else ''))
        return 0

    missing = [l for l in libs if not os.path.isdir(os.path.join(args.root, l['name']))]
    if missing:
        print('real_code.py: library sources not found under %s; get them (outside this repository) with:'
              % args.root, file=sys.stderr)
        for l in missing:
            print('  %s' % fetch_hint(l, args.root), file=sys.stderr)
        print('(or give their folder with --root)', file=sys.stderr)
        return 2
    prepared = run.prepare_output(args.bitprove, args.out, 'real-code', 'real_code.py')
    if not prepared:
        return 2
    out_dir, snapshot = prepared
    props = [p.strip() for p in args.properties.split(',') if p.strip()]

    rx = re.compile(args.filter) if args.filter else None
    selected = []
    for lib in libs:
        entries = [(fn, contract, extra, 'public') for fn, contract, extra in fn_entries(lib['functions'])]
        if not args.no_drivers and lib.get('drivers'):
            entries += [(fn, what, extra, 'driver') for fn, what, extra in fn_entries(lib['drivers'][2])]
        for fn, contract, extra, kind in entries:
            if rx and not rx.search('%s/%s' % (lib['name'], fn)):
                continue
            selected.append((lib, fn, contract, extra, kind))
    if args.limit is not None:
        selected = selected[:args.limit]

    help_text = bitprove_help(snapshot)
    checks = []
    inputs = {}
    for lib, fn, contract, extra, kind in selected:
        key = (lib['name'], kind)
        if key not in inputs:
            inputs[key] = lib_inputs(lib, args.root, os.path.join(out_dir, 'units', lib['name']), kind == 'driver')
        files, flags = inputs[key]
        for p in props:
            work = os.path.join(out_dir, lib['name'], '%s.%s' % (fn, p))
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            h = os.path.join(work, 'h.c')
            kept, dropped = split_known(list(args.extra) + extra, help_text)
            argv = [snapshot, '--prop', p, '--function', fn, '--timeout', '%g' % args.timeout,
                    '--no-progress'] + kept
            if not args.no_harness:
                argv += ['--harness', h]
            argv += files + flags
            checks.append({'library': lib['name'], 'function': fn, 'kind': kind, 'prop': p, 'contract': contract,
                           'work': work, 'h': h, 'argv': argv, 'files': files, 'dropped': ' '.join(dropped)})

    limits = Limits(args.timeout, args.memory)
    print('real_code: %d checks (%d functions of %s x %s), %g s each, -j %d; output %s'
          % (len(checks), len(selected), ', '.join(sorted({s[0]['name'] for s in selected})), ', '.join(props),
             args.timeout, args.jobs, out_dir), file=sys.stderr, flush=True)
    n_dropped = sum(1 for c in checks if c['dropped'])
    if n_dropped:
        print('real_code: %s does not know %s: %d checks run without it (column dropped_options)'
              % (args.bitprove, ', '.join(sorted({a for c in checks for a in c['dropped'].split()
                                                  if a.startswith('-')})), n_dropped), file=sys.stderr, flush=True)
    done_n = [0]

    def done(c):
        c['verdict'], c['sub'], c['detail'] = classify(c, limits)
        c['assumptions'] = assumptions(c['stdout'])
        c['engines'] = engine_notes(c['stdout']) if c['verdict'] == 'UNKNOWN' else ''
        c['command'] = ' '.join(shlex.quote(a) for a in ['bitprove'] + c['argv'][1:])
        with open(os.path.join(c['work'], 'bitprove.log'), 'w') as f:
            f.write('command: %s\n' % ' '.join(shlex.quote(a) for a in c['argv']))
            f.write('exit: %s  signal: %s  cpu: %.2f s  wall: %.2f s  maxrss: %.0f MB\n'
                    % (c['exit'], c['sig'], c['cpu'], c['wall'], c['mem_mb']))
            f.write('--- stdout ---\n%s--- stderr ---\n%s' % (c['stdout'], c['stderr']))
        c['harness'], c['harness_detail'] = '', ''
        done_n[0] += 1
        if not args.quiet:
            print('[%d/%d] %s %s %s: %s (%.1f s) %s' % (done_n[0], len(checks), c['library'], c['function'],
                                                       c['prop'], c['verdict'], c['cpu'], c['detail'][:100]),
                  file=sys.stderr, flush=True)

    try:
        run_checks(checks, max(1, args.jobs), limits, os.path.join(out_dir, 'tmp'), done)
    except KeyboardInterrupt:
        print('interrupted', file=sys.stderr)
        return 130

    # the native replays after all bitprove runs (so that -j bounds both)
    env = {k: v for k, v in os.environ.items() if k not in SANITIZER_ENV}
    for c in checks:
        if c['verdict'].startswith('FALSE'):
            if args.no_harness:
                c['harness'] = 'n/a: --no-harness'
            else:
                replay(c, args, env)
                if not args.quiet:
                    print('replay %s %s %s: %s %s' % (c['library'], c['function'], c['prop'], c['harness'],
                                                     c['harness_detail'][:120]), file=sys.stderr, flush=True)
        if c['verdict'].startswith('FALSE'):
            c['analysis'] = ANALYSIS.get((c['library'], c['function'], c['prop']), '')
        else:
            c['analysis'] = ''

    write_csv(checks, out_dir)
    text = report(checks, libs, args, out_dir)
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    return 0


def short(text, n=100):
    return text if len(text) <= n else text[:n - 3] + '...'


def write_csv(checks, out_dir):
    with open(os.path.join(out_dir, 'results.csv'), 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for c in checks:
            w.writerow([c['library'], c['function'], c['kind'], c['prop'], c['verdict'], '%.2f' % c['cpu'],
                        '%.2f' % c['wall'], '%.0f' % c['mem_mb'], c['detail'], c['engines'], c['assumptions'],
                        c['harness'], c['harness_detail'], c['analysis'], c['contract'], c['command'],
                        c.get('dropped', '')])


def report_again(args, libs):
    out_dir = os.path.abspath(args.report)
    checks = []
    with open(os.path.join(out_dir, 'results.csv'), newline='') as f:
        for r in csv.DictReader(f):
            c = dict(r)
            c['prop'] = r['property']
            c['dropped'] = r.get('dropped_options', '')
            c['cpu'], c['wall'], c['mem_mb'] = float(r['cpu_s']), float(r['wall_s']), float(r['mem_mb'])
            if 'engines' not in r:   # a results.csv of an older version: from the check's log
                log = os.path.join(out_dir, c['library'], '%s.%s' % (c['function'], c['prop']), 'bitprove.log')
                try:
                    with open(log, errors='replace') as f:
                        text = f.read()
                    text = text.split('--- stdout ---\n', 1)[1].split('--- stderr ---', 1)[0]
                except (OSError, IndexError):
                    text = ''
                c['engines'] = engine_notes(text) if c['verdict'] == 'UNKNOWN' else ''
            c['analysis'] = (ANALYSIS.get((c['library'], c['function'], c['prop']), '')
                             if c['verdict'].startswith('FALSE') else '')
            checks.append(c)
    write_csv(checks, out_dir)
    text = report(checks, [l for l in libs if any(c['library'] == l['name'] for c in checks)], args, out_dir)
    with open(os.path.join(out_dir, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    return 0


def report(checks, libs, args, out_dir):
    out = []
    for lib in libs:
        cs = [c for c in checks if c['library'] == lib['name']]
        if not cs:
            continue
        out.append('%s (%s at %s): %s' % (lib['name'], lib['source'], lib['commit'][:12], lib['what']))
        rows = []
        for c in cs:
            rows.append([c['function'] + (' (driver)' if c['kind'] == 'driver' else ''), c['prop'], c['verdict'],
                         '%.1f' % c['cpu'], c['harness'] or '-',
                         short(c['analysis']) if c['verdict'].startswith('FALSE') else ''])
        out.append(fmt_table(['function', 'property', 'verdict', 'cpu s', 'harness reproduced', 'analysis'],
                             rows))
        out.append('')
    rows = []
    for kind in ('public', 'driver'):
        for p in sorted({c['prop'] for c in checks}):
            cs = [c for c in checks if c['prop'] == p and c['kind'] == kind]
            if not cs:
                continue
            n = collections.Counter(c['verdict'].split('(')[0] for c in cs)
            rep = sum(c['harness'] == 'yes' for c in cs)
            rows.append([kind, p, len(cs), n['TRUE'], n['FALSE'], n['UNKNOWN'], rep,
                         '%.1f' % sum(c['cpu'] for c in cs)])
    out.append(fmt_table(['functions', 'property', 'checks', 'TRUE', 'FALSE', 'UNKNOWN', 'FALSE reproduced',
                          'CPU s'], rows))
    reasons = collections.Counter(reason_key(c['detail']) for c in checks if c['verdict'] == 'UNKNOWN')
    if reasons:
        out.append('\nUNKNOWN reasons:')
        for r, n in reasons.most_common():
            out.append('  %4d  %s' % (n, r))
        out.append('\nUNKNOWN: why the symbolic execution graph (the engine of TRUE) gave no proof:')
        for r, n in collections.Counter(graph_reason(c['engines']) for c in checks
                                        if c['verdict'] == 'UNKNOWN').most_common():
            out.append('  %4d  %s' % (n, r))
        bound64 = sum(1 for c in checks if c['verdict'] == 'UNKNOWN' and 'bounded model checking' in c['engines']
                      and re.search(r'bounded model checking [\d.]+ s, still running \(bound 64\b', c['engines']))
        if bound64:
            out.append('  (%d of the timeouts ended in bounded model checking at bound 64: the loop that fills a '
                       '64-byte argument object counts against the bound)' % bound64)
    dropped = collections.Counter(c['dropped'].split()[0] for c in checks if c.get('dropped'))
    if dropped:
        out.append('\noptions this bitprove does not know, left out: %s'
                   % ', '.join('%s (%d checks)' % (o, n) for o, n in sorted(dropped.items())))
    falses = [c for c in checks if c['verdict'].startswith('FALSE')]
    if falses:
        out.append('\nFALSE answers (violation; native replay):')
        for c in falses:
            out.append('  %s %s %s: %s; harness %s%s' % (c['library'], c['function'], c['verdict'], c['detail'][:150],
                                                      c['harness'],
                                                      (' (%s)' % c['harness_detail'][:100]) if c['harness_detail'] else ''))
        unanalysed = [c for c in falses if not c['analysis']]
        if unanalysed:
            out.append('  not yet analysed (ANALYSIS in bench/real_code.py): %s'
                       % ', '.join('%s/%s %s' % (c['library'], c['function'], c['prop']) for c in unanalysed))
    out.append('\nresults: %s' % os.path.join(out_dir, 'results.csv'))
    return '\n'.join(out)


if __name__ == '__main__':
    sys.exit(main())
