// The header's functions are `static inline`, compiled where they are used; this file compiles the
// header once as C11 on its own, so that a header that does not compile fails the build here.
#include "ReduxAtomics.h"
