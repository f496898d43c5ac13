import { Outlet as RouterOutlet } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';

/** Where a layout screen draws the current page (react-router's outlet), as the main landmark. */
export default function Outlet(_props: VocabularyProps) {
  return (
    <main className="ot-main" id="main-content" tabIndex={-1}>
      <RouterOutlet />
    </main>
  );
}
