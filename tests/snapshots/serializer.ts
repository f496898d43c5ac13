// Snapshot serializer for DOM trees: React's useId values (":r0:", "_r_8_") depend on how many
// components rendered before in the same process, so a test run filtered with -t would produce
// other ids. They are renumbered by first appearance within each snapshot, which keeps the
// snapshot about the screen and not about test order.
import { expect } from 'vitest';

const REACT_ID = /_r_[0-9a-z]+_|:r[0-9a-z]+:/g;
const NORMALIZED = Symbol('normalized');

expect.addSnapshotSerializer({
  test: (val: unknown) => val instanceof Element && !(val as { [NORMALIZED]?: boolean })[NORMALIZED],
  serialize(val: Element, config, indentation, depth, refs, printer) {
    const clone = val.cloneNode(true) as Element & { [NORMALIZED]?: boolean };
    const ids = new Map<string, string>();
    const rename = (s: string) => s.replace(REACT_ID, (id) => {
      if (!ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
      return ids.get(id)!;
    });
    for (const el of [clone, ...clone.querySelectorAll('*')]) {
      for (const attr of [...el.attributes]) if (REACT_ID.test(attr.value)) el.setAttribute(attr.name, rename(attr.value));
      REACT_ID.lastIndex = 0;
    }
    clone[NORMALIZED] = true;
    return printer(clone, config, indentation, depth, refs);
  },
});
