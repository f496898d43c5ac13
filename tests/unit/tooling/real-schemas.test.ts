// @vitest-environment node
/**
 * The real schemas/ folder must check clean. This is the same check as `npm run schemas:check`;
 * it fails while the documents of the other parts are incomplete, and lists what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { REAL_SCHEMAS } from './fixture';

describe('the real schemas/ folder', () => {
  it('has no errors', async () => {
    const { documents, errors } = await loadAndCheck(REAL_SCHEMAS);
    expect(documents.length).toBeGreaterThan(0);
    expect(errors, `\n${formatErrors(errors)}`).toEqual([]);
  }, 60_000);
});
