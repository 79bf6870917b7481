#ifndef KIT_CINTL_SHIM_H
#define KIT_CINTL_SHIM_H

#include <libintl.h>
#include <locale.h>

/* glibc's gettext, which Swift's Glibc module leaves out (issue 33): kit's messages in the
 * language of LC_MESSAGES (or LANGUAGE), from the `kit` text domain. */

static inline const char *kit_gettext(const char *domain, const char *message) {
    return dgettext(domain, message);
}

static inline const char *kit_ngettext(const char *domain, const char *singular, const char *plural, unsigned long n) {
    return dngettext(domain, singular, plural, n);
}

static inline const char *kit_bindtextdomain(const char *domain, const char *directory) {
    return bindtextdomain(domain, directory);
}

static inline const char *kit_bind_textdomain_codeset(const char *domain, const char *codeset) {
    return bind_textdomain_codeset(domain, codeset);
}

/* setlocale(LC_MESSAGES, ""): the language comes from the environment; and LC_CTYPE, its
 * character set, without which glibc's own messages (strerror) in that language come out as
 * "??" (converted to ASCII). */
static inline const char *kit_messages_locale(void) {
    setlocale(LC_CTYPE, "");
    return setlocale(LC_MESSAGES, "");
}

#endif
