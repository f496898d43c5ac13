/**
 * Build-time stand-in for `markdown-to-jsx/react` (vite.config.ts aliases it here). @rjsf/core imports its
 * `Markdown` component for `enableMarkdownInDescription` / `enableMarkdownInHelp` and a few developer error
 * texts; no form of ours turns markdown on, and the real parser is ~86 kB raw in the form chunk. The stand-in
 * draws the text as it is (plain text, never HTML), so a description that asks for markdown still shows.
 */
import { createElement, type ReactNode } from 'react';

export interface MarkdownProps {
  children?: ReactNode;
  options?: { forceBlock?: boolean; wrapper?: string | null; disableParsingRawHTML?: boolean };
  [attr: string]: unknown;
}

export function Markdown({ children, options, ...rest }: MarkdownProps) {
  const tag = options?.forceBlock ? 'div' : 'span';
  return createElement(tag, rest, children);
}

export default Markdown;
export const compiler = (text: string) => text;
