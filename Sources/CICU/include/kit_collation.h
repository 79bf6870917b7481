#ifndef KIT_COLLATION_H
#define KIT_COLLATION_H

#include <stdint.h>

/* ICU's collation, for sorting names in the user's language. ICU's own headers stay in
 * collation.c: Foundation carries a copy of ICU whose types would clash with them in Swift. */

/* The collator of a locale ("ko_KR"), or NULL when ICU has none. */
void *kit_collator_open(const char *locale);

void kit_collator_close(void *collator);

/* The sort key of `length` UTF-16 units into `key` (of `capacity` bytes); the key's full length,
 * its closing zero byte included, which is more than `capacity` when it did not fit. */
int32_t kit_collator_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *key, int32_t capacity);

#endif
