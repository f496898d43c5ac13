import { createContext, useCallback, useEffect, useState } from 'react';

/** Below this width only one accordion item may be open at a time (seed 000 §9). */
export const ACCORDION_BREAKPOINT = 1024;

export interface AccordionState {
  isOpen(id: string): boolean;
  toggle(id: string): void;
}

export const AccordionContext = createContext<AccordionState | null>(null);

function isNarrow(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < ACCORDION_BREAKPOINT;
}

/** Open-item bookkeeping: a set on wide screens, at most one item below the breakpoint. */
export function useAccordionState(): AccordionState {
  const [open, setOpen] = useState<string[]>([]);
  const [narrow, setNarrow] = useState(isNarrow);

  useEffect(() => {
    const onResize = () => setNarrow(isNarrow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (narrow) setOpen((cur) => (cur.length > 1 ? cur.slice(-1) : cur));
  }, [narrow]);

  const toggle = useCallback(
    (id: string) =>
      setOpen((cur) => {
        if (cur.includes(id)) return cur.filter((x) => x !== id);
        return narrow ? [id] : [...cur, id];
      }),
    [narrow],
  );
  return { isOpen: (id) => open.includes(id), toggle };
}
