// The browser build's stand-in for fast-uri (renderer/build/fast-uri.ts) answers as fast-uri does for the URIs
// @rjsf/utils resolves and compares (schema `$id`s and `$ref`s).
import { describe, expect, it } from 'vitest';
import fastUri from 'fast-uri';
import stub from '../../../renderer/build/fast-uri';

const RESOLVE: Array<[string, string]> = [
  ['https://orbita.rs/schemas/guest.json', '#/definitions/address'],
  ['https://orbita.rs/schemas/guest.json', 'address.json'],
  ['https://orbita.rs/schemas/guest.json', 'address.json#/properties/city'],
  ['https://orbita.rs/schemas/forms/guest.json', '../common/address.json'],
  ['https://orbita.rs/schemas/guest.json', '/root.json'],
  ['https://orbita.rs/schemas/guest.json#/a', 'https://example.com/other.json'],
  ['https://orbita.rs/schemas/', 'person'],
  ['urn:orbita:guest', '#/definitions/x'],
  ['guest.json', '#/definitions/x'],
  ['guest.json#/old', '#/definitions/x'],
];

const EQUAL: Array<[string, string]> = [
  ['https://orbita.rs/schemas/guest.json', 'https://orbita.rs/schemas/guest.json'],
  ['https://ORBITA.rs/schemas/guest.json', 'https://orbita.rs/schemas/guest.json'],
  ['https://orbita.rs:443/schemas/guest.json', 'https://orbita.rs/schemas/guest.json'],
  ['https://orbita.rs/schemas/guest.json', 'https://orbita.rs/schemas/other.json'],
  ['https://orbita.rs/a/../schemas/guest.json', 'https://orbita.rs/schemas/guest.json'],
  ['urn:orbita:guest', 'urn:orbita:guest'],
  ['urn:orbita:guest', 'urn:orbita:other'],
  ['guest', 'guest'],
  ['guest', 'other'],
];

describe('fast-uri stand-in', () => {
  it.each(RESOLVE)('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(stub.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });
  it.each(EQUAL)('compares %s and %s as fast-uri does', (a, b) => {
    expect(stub.equal(a, b)).toBe(fastUri.equal(a, b));
  });
});
