// The studio names the errors a draft causes in other documents (issue 29: it only said "errors in other documents: N").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ElsewhereErrors } from '../../../studio/Studio';

afterEach(cleanup);

describe('errors in other documents', () => {
  it('lists each with file:line:column and its message, and opens a document of the list', () => {
    const onOpen = vi.fn();
    render(<ElsewhereErrors
      errors={[
        { file: 'schemas/screens/pdp.json', pointer: '/route', line: 5, column: 12, message: 'route "/x" is also used by schemas/screens/home.json ("/x")' },
        { file: 'schemas/meta/pending-links.json', pointer: '/links/~1y', message: '"/y" is served by a screen now' },
      ]}
      openable={(f) => f.startsWith('schemas/screens/')}
      onOpen={onOpen}
    />);
    const items = screen.getByTestId('studio-errors-elsewhere').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'schemas/screens/pdp.json:5:12route "/x" is also used by schemas/screens/home.json ("/x")/route',
      'schemas/meta/pending-links.json"/y" is served by a screen now/links/~1y',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'schemas/screens/pdp.json:5:12' }));
    expect(onOpen).toHaveBeenCalledWith('schemas/screens/pdp.json');
    expect(screen.queryByRole('button', { name: /pending-links/ })).toBeNull();
  });
});
