/**
 * JSON with positions, so the checker can say "line 12, column 7" for a JSON Pointer: jsonc-parser's scanner and
 * visitor (the parser of VS Code's JSON support) in strict mode (no comments, no trailing commas), plus the two
 * checks it leaves to its callers: a property named twice in one object, and the first error stops the parse with a
 * message in plain words.
 */
import { visit } from 'jsonc-parser';

export interface Position {
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

export interface Located {
  /** where the value starts */
  value: Position;
  /** where the property name starts (for object members) */
  key?: Position;
}

export interface ParseResult {
  data: unknown;
  /** JSON Pointer → positions */
  pointers: Map<string, Located>;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** jsonc-parser's ParseErrorCode (a const enum in its types, so its numbers here). */
const CODE = {
  InvalidSymbol: 1, InvalidNumberFormat: 2, PropertyNameExpected: 3, ValueExpected: 4, ColonExpected: 5, CommaExpected: 6,
  CloseBraceExpected: 7, CloseBracketExpected: 8, EndOfFileExpected: 9, InvalidCommentToken: 10, UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12, UnexpectedEndOfNumber: 13, InvalidUnicode: 14, InvalidEscapeCharacter: 15, InvalidCharacter: 16,
} as const;

type Container = { ptr: string; value: Record<string, unknown> | unknown[]; keys?: Set<string>; key?: { name: string; pos: Position } };

export function parseWithPositions(text: string): ParseResult {
  const pointers = new Map<string, Located>();
  const stack: Container[] = [];
  let root: unknown;
  const describe = (ch: string | undefined): string =>
    ch === undefined ? 'the end of the file' : ch === '\n' || ch === '\r' ? 'a line break' : `"${ch}"`;
  const lastBefore = (offset: number): string | undefined => /\S(?=\s*$)/.exec(text.slice(0, offset))?.[0];
  /** the message of jsonc-parser's first error, in the checker's words */
  const message = (code: number, offset: number): string => {
    const ch = text[offset];
    const inObject = !Array.isArray(stack.at(-1)?.value);
    if (ch === "'") return 'texts and names must use double quotes ("), not single quotes';
    switch (code) {
      case CODE.PropertyNameExpected:
        if (ch === '}' && lastBefore(offset) === ',') return 'a comma before "}" is not allowed in JSON (remove the last comma)';
        return `expected a property name in double quotes, found ${describe(ch)}`;
      case CODE.ValueExpected:
        if (ch === ']' && lastBefore(offset) === ',') return 'a comma before "]" is not allowed in JSON (remove the last comma)';
        return `unexpected ${describe(ch)}: expected a value (text in "quotes", number, true, false, null, {…} or […])`;
      case CODE.ColonExpected: return `expected ":" after property name "${stack.at(-1)?.key?.name ?? ''}", found ${describe(ch)}`;
      case CODE.CommaExpected: case CODE.CloseBraceExpected: case CODE.CloseBracketExpected:
        return inObject ? `expected "," or "}" after a property value, found ${describe(ch)}` : `expected "," or "]" after a list item, found ${describe(ch)}`;
      case CODE.InvalidSymbol:
        if (stack.length === 0 && root !== undefined) return `unexpected ${describe(ch)} after the end of the document`;
        return `unexpected ${describe(ch)}: expected a value (text in "quotes", number, true, false, null, {…} or […])`;
      case CODE.EndOfFileExpected: return `unexpected ${describe(ch)} after the end of the document`;
      case CODE.UnexpectedEndOfString: return 'unterminated text: a closing " is missing (before the end of its line)';
      case CODE.InvalidUnicode: return 'bad \\u escape in text (expected 4 hex digits)';
      case CODE.InvalidEscapeCharacter: return 'bad escape in text';
      case CODE.InvalidCharacter: return 'control character inside text';
      case CODE.InvalidCommentToken: case CODE.UnexpectedEndOfComment: return 'comments are not allowed in JSON';
      case CODE.InvalidNumberFormat: case CODE.UnexpectedEndOfNumber: return `bad number ${JSON.stringify(text.slice(offset, offset + 20).split(/[\s,\]}]/)[0])}`;
      default: return `unexpected ${describe(ch)}`;
    }
  };
  const at = (line: number, character: number): Position => ({ line: line + 1, column: character + 1 });
  /** a value starting at `pos`: set in its parent (or as the root); answers its pointer */
  const place = (value: unknown, pos: Position): string => {
    const top = stack.at(-1);
    if (!top) {
      root = value;
      pointers.set('', { value: pos });
      return '';
    }
    if (Array.isArray(top.value)) {
      const ptr = `${top.ptr}/${top.value.length}`;
      top.value.push(value);
      pointers.set(ptr, { value: pos });
      return ptr;
    }
    const key = top.key!;
    const ptr = `${top.ptr}/${escapePointer(key.name)}`;
    top.value[key.name] = value;
    pointers.set(ptr, { value: pos, key: key.pos });
    return ptr;
  };
  const source = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  visit(source, {
    onObjectBegin: (_o, _l, line, ch) => {
      const value: Record<string, unknown> = {};
      stack.push({ ptr: place(value, at(line, ch)), value, keys: new Set() });
    },
    onObjectProperty: (name, _o, _l, line, ch) => {
      const top = stack.at(-1)!;
      if (top.keys!.has(name)) throw new JsonSyntaxError(`property "${name}" appears twice in the same object`, line + 1, ch + 1);
      top.keys!.add(name);
      top.key = { name, pos: at(line, ch) };
    },
    onObjectEnd: () => { stack.pop(); },
    onArrayBegin: (_o, _l, line, ch) => {
      const value: unknown[] = [];
      stack.push({ ptr: place(value, at(line, ch)), value });
    },
    onArrayEnd: () => { stack.pop(); },
    onLiteralValue: (value, _o, _l, line, ch) => { place(value, at(line, ch)); },
    onError: (code, offset, _l, line, ch) => { throw new JsonSyntaxError(message(code, offset), line + 1, ch + 1); },
  }, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return { data: root, pointers };
}

/** The position of a pointer, or of its nearest ancestor that exists. */
export function locate(pointers: Map<string, Located>, pointer: string, preferKey = false): Position | undefined {
  let p = pointer;
  for (;;) {
    const hit = pointers.get(p);
    if (hit) return preferKey && hit.key ? hit.key : hit.value;
    if (p === '') return undefined;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
