/** The studio page's entry (studio/index.html): its boot is shared with the preview's frame (boot.tsx). */
import { bootStudio } from './boot';

bootStudio();
