/**
 * A small JSON parser that remembers where every value starts, so the checker can say
 * "line 12, column 7" for a JSON Pointer. Strict JSON (RFC 8259) only.
 */

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

export function parseWithPositions(text: string): ParseResult {
  const pointers = new Map<string, Located>();
  let i = 0;
  let line = 1;
  let col = 1;

  const pos = (): Position => ({ line, column: col });
  const describe = (ch: string | undefined): string =>
    ch === undefined ? 'the end of the file' : ch === '\n' ? 'a line break' : `"${ch}"`;
  const fail = (msg: string): never => {
    throw new JsonSyntaxError(msg, line, col);
  };
  const advance = (n = 1): void => {
    for (let k = 0; k < n; k++) {
      if (text[i] === '\n') {
        line++;
        col = 1;
      } else col++;
      i++;
    }
  };
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) advance();
  };

  const parseString = (): string => {
    advance(); // opening quote
    let out = '';
    for (;;) {
      const ch = text[i];
      if (ch === undefined) fail('unterminated text: a closing " is missing');
      if (ch === '"') {
        advance();
        return out;
      }
      if (ch === '\n') fail('unterminated text: a closing " is missing before the line break');
      if (ch === '\\') {
        const e = text[i + 1];
        const map: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && map[e] !== undefined) {
          out += map[e];
          advance(2);
        } else if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape in text (expected 4 hex digits)');
          out += String.fromCharCode(parseInt(hex, 16));
          advance(6);
        } else {
          advance();
          fail(`bad escape \\${e ?? ''} in text`);
        }
        continue;
      }
      if (ch < ' ') fail('control character inside text');
      out += ch;
      advance();
    }
  };

  const parseNumber = (): number => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!m) fail(`unexpected ${describe(text[i])}`);
    const s = m![0];
    advance(s.length);
    return Number(s);
  };

  const parseValue = (ptr: string, key?: Position): unknown => {
    ws();
    pointers.set(ptr, key ? { value: pos(), key } : { value: pos() });
    const ch = text[i];
    if (ch === '{') {
      advance();
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') {
        advance();
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe(text[i])}`);
        const kpos = pos();
        const k = parseString();
        ws();
        if (text[i] !== ':') fail(`expected ":" after property name "${k}", found ${describe(text[i])}`);
        advance();
        if (Object.prototype.hasOwnProperty.call(obj, k)) {
          throw new JsonSyntaxError(`property "${k}" appears twice in the same object`, kpos.line, kpos.column);
        }
        obj[k] = parseValue(`${ptr}/${escapePointer(k)}`, kpos);
        ws();
        if (text[i] === ',') {
          advance();
          ws();
          if (text[i] === '}') fail('a comma before "}" is not allowed in JSON (remove the last comma)');
          continue;
        }
        if (text[i] === '}') {
          advance();
          return obj;
        }
        fail(`expected "," or "}" after a property value, found ${describe(text[i])}`);
      }
    }
    if (ch === '[') {
      advance();
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') {
        advance();
        return arr;
      }
      for (;;) {
        arr.push(parseValue(`${ptr}/${arr.length}`));
        ws();
        if (text[i] === ',') {
          advance();
          ws();
          if (text[i] === ']') fail('a comma before "]" is not allowed in JSON (remove the last comma)');
          continue;
        }
        if (text[i] === ']') {
          advance();
          return arr;
        }
        fail(`expected "," or "]" after a list item, found ${describe(text[i])}`);
      }
    }
    if (ch === '"') return parseString();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return parseNumber();
    for (const [word, val] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        advance(word.length);
        return val;
      }
    }
    if (ch === "'") fail('texts and names must use double quotes ("), not single quotes');
    return fail(`unexpected ${describe(ch)}: expected a value (text in "quotes", number, true, false, null, {…} or […])`);
  };

  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const data = parseValue('');
  ws();
  if (i < text.length) fail(`unexpected ${describe(text[i])} after the end of the document`);
  return { data, pointers };
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
