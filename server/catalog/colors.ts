// Colour families for the colour facet: the marketing names (Titanijum srebrnoplava, Ponoćno crna…)
// are grouped by the colour's hue and lightness into a handful of families a shopper filters by.

export interface ColorFamily { code: string; sr: string; en: string }

const FAMILIES: Record<string, ColorFamily> = {
  crna: { code: 'crna', sr: 'Crna', en: 'Black' },
  bela: { code: 'bela', sr: 'Bela', en: 'White' },
  siva: { code: 'siva', sr: 'Siva i srebrna', en: 'Grey & silver' },
  crvena: { code: 'crvena', sr: 'Crvena', en: 'Red' },
  roze: { code: 'roze', sr: 'Roze', en: 'Pink' },
  zlatna: { code: 'zlatna', sr: 'Zlatna i bež', en: 'Gold & beige' },
  zelena: { code: 'zelena', sr: 'Zelena', en: 'Green' },
  plava: { code: 'plava', sr: 'Plava', en: 'Blue' },
  ljubicasta: { code: 'ljubicasta', sr: 'Ljubičasta', en: 'Purple' },
};

export const FAMILY_ORDER = Object.keys(FAMILIES);

export function familyByCode(code: string): ColorFamily | undefined { return FAMILIES[code]; }

export function colorFamily(hex: string): ColorFamily {
  const n = parseInt(hex.replace('#', ''), 16);
  const r = ((n >> 16) & 255) / 255, g = ((n >> 8) & 255) / 255, b = (n & 255) / 255;
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  if (h < 0) h += 360;
  if (l < 0.24) return FAMILIES.crna;
  if (s < 0.12) return l > 0.9 ? FAMILIES.bela : FAMILIES.siva;
  if (l > 0.88 && s < 0.35) return FAMILIES.bela;
  if (h >= 320 || h < 12) return l > 0.7 || (h >= 320 && h < 345) ? FAMILIES.roze : FAMILIES.crvena;
  if (h < 50) return FAMILIES.zlatna;
  if (h < 170) return FAMILIES.zelena;
  if (h < 236) return FAMILIES.plava;
  return FAMILIES.ljubicasta;
}
