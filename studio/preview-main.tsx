/** The entry of the preview's frame (studio/preview.html at /studio/preview): its boot is shared with the studio page (boot.tsx). */
import { bootPreview } from './boot';

bootPreview(document.getElementById('studio-preview-root')!);
