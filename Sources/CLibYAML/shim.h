#ifndef LINZA_CLIBYAML_SHIM_H
#define LINZA_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
