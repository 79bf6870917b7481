#include "kit_collation.h"

#include <unicode/ucol.h>

/* ICU renames its entry points by version (ucol_open is ucol_open_72): called here by their
 * plain names, through its headers. */

void *kit_collator_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_FAILURE(status)) {
        if (collator != NULL) ucol_close(collator);
        return NULL;
    }
    return collator;
}

void kit_collator_close(void *collator) { ucol_close((UCollator *)collator); }

int32_t kit_collator_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *key, int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, key, capacity);
}
