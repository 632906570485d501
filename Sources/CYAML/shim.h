// libyaml, the C YAML parser (Debian's libyaml-dev), for the layout and theme files.
#include <yaml.h>
