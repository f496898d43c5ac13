// The DOM suites' waits (findBy…, waitFor) answer as soon as what they wait for is there; their limit is how long a
// busy machine may take to render a whole screen in jsdom, not a speed requirement. Testing Library's default of
// 1 s failed the recipes' checkout screens on a loaded two-core machine (other suites and servers beside them): the
// screen was right, only late. A real failure now takes 10 s to be reported instead of 1 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
