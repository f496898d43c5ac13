#!/usr/bin/env node
// Adds or updates message texts in schemas/messages/{sr,en}.json without rewriting other keys.
// Usage: node tools/messages-add.mjs file.json   where file.json is { "key": { "sr": "...", "en": "..." }, ... }
//    or: node tools/messages-add.mjs key "srpski tekst" "English text"
// Safe to run from several shells: each run reads, merges and writes in one go; keys stay sorted.
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas', 'messages');
const [a, b, c] = process.argv.slice(2);
let add;
if (b === undefined) add = JSON.parse(readFileSync(a, 'utf8'));
else add = { [a]: { sr: b, en: c ?? b } };
for (const lang of ['sr', 'en']) {
  const file = join(dir, `${lang}.json`);
  const cur = JSON.parse(readFileSync(file, 'utf8'));
  for (const [k, v] of Object.entries(add)) {
    if (v[lang] === undefined) throw new Error(`${k}: no ${lang} text`);
    cur[k] = v[lang];
  }
  const { $schema, ...rest } = cur;
  const sorted = { $schema };
  for (const k of Object.keys(rest).sort()) sorted[k] = rest[k];
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(tmp, file);
}
console.log(`messages: ${Object.keys(add).length} key(s) written`);
