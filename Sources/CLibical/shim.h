#ifndef KIT_CLIBICAL_SHIM_H
#define KIT_CLIBICAL_SHIM_H

#include <libical/ical.h>

#endif
