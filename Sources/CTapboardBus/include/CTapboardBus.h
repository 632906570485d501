// Everything the Swift side uses of the C part.
#include "tapboard_bus.h"
#include "tapboard_a11y.h"
