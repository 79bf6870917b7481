#ifndef KIT_CCANBERRA_SHIM_H
#define KIT_CCANBERRA_SHIM_H

/* libcanberra's event sounds. Its variadic ca_context_play and ca_context_change_props are left
 * alone: kit builds a ca_proplist and calls the fixed-arity ca_context_play_full and
 * ca_context_change_props_full instead. */
#include <canberra.h>

#endif
