import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { componentNames, createRegistry } from '../../../renderer/registry';

afterEach(cleanup);

function Foo({ text }: { text: string }) {
  return createElement('p', null, text);
}

describe('lazy components and layout shift', () => {
  it('names every component of a document', () => {
    const names = componentNames([{ component: 'Section', children: [{ component: 'Form', props: { form: 'guest' } }] }, { component: 'Header' }]);
    expect([...names].sort()).toEqual(['Form', 'Header', 'Section']);
  });

  it('a lazy component drawn before its chunk is here paints nothing first (the shift this prevents)', async () => {
    const reg = createRegistry({}, { '../components/pdp/Foo.tsx': () => Promise.resolve({ default: Foo }) });
    const C = reg.get('Foo')!;
    const { container, findByText } = render(createElement(C, { text: 'late' }));
    expect(container.textContent).toBe('');
    await findByText('late');
  });

  it('prefetch loads the chunks of a screen and the data its modules ask for; then the first paint has the component', async () => {
    const prefetch = vi.fn(async () => undefined);
    const load = vi.fn(() => Promise.resolve({ default: Foo, prefetch }));
    const reg = createRegistry({}, { '../components/pdp/Foo.tsx': load, '../components/pdp/Bar.tsx': () => Promise.reject(new Error('offline')) });
    const ctx = { api: {} };
    await reg.prefetch!([{ component: 'Foo', props: { form: 'guest' } }, { component: 'Bar' }, { component: 'Unknown' }], ctx);
    expect(load).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith({ form: 'guest' }, ctx);
    const { container } = render(createElement(reg.get('Foo')!, { text: 'at once' }));
    expect(container.textContent).toBe('at once'); // synchronously, no Suspense fallback
    await reg.preload!(['Foo']);
    expect(load).toHaveBeenCalledTimes(1); // one chunk request however often it is asked for
  });
});
