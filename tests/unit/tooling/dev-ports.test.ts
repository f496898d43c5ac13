// @vitest-environment node
// npm run dev on other ports (issue 29): VITE_PORT is Vite's port, PORT the API server's that Vite forwards to.
import { describe, expect, it } from 'vitest';
import { devServer } from '../../../vite.config';

describe('the development servers\' ports', () => {
  it('are 5173 and 3000 by default', () => {
    const s = devServer({});
    expect(s).toMatchObject({ port: 5173, strictPort: false });
    expect(new Set(Object.values(s.proxy))).toEqual(new Set(['http://127.0.0.1:3000']));
  });

  it('follow VITE_PORT and PORT: every API path goes to the API server on PORT, and a port given is required', () => {
    const s = devServer({ PORT: '4520', VITE_PORT: '4521' });
    expect(s).toMatchObject({ port: 4521, strictPort: true });
    expect(Object.keys(s.proxy)).toEqual(['/hybris', '/selfcare', '/ui', '/gateway', '/media', '/studio', '/assets/ecommerce/dist']);
    expect(new Set(Object.values(s.proxy))).toEqual(new Set(['http://127.0.0.1:4520']));
  });
});
