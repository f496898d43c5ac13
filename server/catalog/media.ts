// Generated product pictures: a phone in its variant colour (front or back), or an accessory shape.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { productVariants, products } from './schema';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + (amount > 0 ? (255 - v) * amount : v * amount))));
  const r = ch((n >> 16) & 255), g = ch((n >> 8) & 255), b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}
const isLight = (hex: string) => { const n = parseInt(hex.slice(1), 16); return (((n >> 16) & 255) * 299 + ((n >> 8) & 255) * 587 + (n & 255) * 114) / 1000 > 160; };

function phoneSvg(brand: string, name: string, hex: string, back: boolean, feature: boolean, id = 'p'): string {
  const light = shade(hex, 0.25), dark = shade(hex, -0.3), text = isLight(hex) ? '#3a3a3a' : '#f2f2f2';
  const w = 200, h = feature ? 300 : 400, x = (400 - w) / 2, y = (440 - h) / 2;
  const body = `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".45" stop-color="${hex}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2a3a"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs>
<ellipse cx="200" cy="${y + h + 14}" rx="${w / 2 + 10}" ry="9" fill="#000" opacity=".12"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="30" fill="url(#${id}g)" stroke="${dark}" stroke-width="2"/>`;
  if (feature) {
    return `${body}<rect x="${x + 22}" y="${y + 24}" width="${w - 44}" height="110" rx="6" fill="url(#${id}s)"/>
<text x="200" y="${y + 84}" font-family="Arial,Helvetica,sans-serif" font-size="15" fill="#9fd1ff" text-anchor="middle">${esc(brand)}</text>
${[0, 1, 2, 3].map((r) => [0, 1, 2].map((c) => `<rect x="${x + 34 + c * 48}" y="${y + 156 + r * 30}" width="36" height="20" rx="8" fill="${shade(hex, -0.15)}"/>`).join('')).join('')}`;
  }
  if (!back) {
    return `${body}<rect x="${x + 9}" y="${y + 9}" width="${w - 18}" height="${h - 18}" rx="23" fill="url(#${id}s)"/>
<circle cx="200" cy="${y + 26}" r="6" fill="#05080d"/>
<text x="200" y="${y + 110}" font-family="Arial,Helvetica,sans-serif" font-size="40" font-weight="300" fill="#e8f1ff" text-anchor="middle">10:24</text>
<text x="200" y="${y + 134}" font-family="Arial,Helvetica,sans-serif" font-size="12" fill="#9db3cf" text-anchor="middle">${esc(brand)}</text>
${[0, 1, 2, 3].map((i) => `<rect x="${x + 28 + i * 38}" y="${y + h - 70}" width="28" height="28" rx="8" fill="${['#4f8cff', '#35c27a', '#ffb340', '#ff5d6c'][i]}" opacity=".9"/>`).join('')}`;
  }
  return `${body}<rect x="${x + 16}" y="${y + 16}" width="88" height="112" rx="22" fill="${shade(hex, -0.12)}" stroke="${dark}" stroke-width="1.5"/>
<circle cx="${x + 42}" cy="${y + 44}" r="16" fill="#111" stroke="${shade(hex, 0.4)}" stroke-width="3"/><circle cx="${x + 42}" cy="${y + 44}" r="6" fill="#2d3f5c"/>
<circle cx="${x + 42}" cy="${y + 96}" r="16" fill="#111" stroke="${shade(hex, 0.4)}" stroke-width="3"/><circle cx="${x + 42}" cy="${y + 96}" r="6" fill="#2d3f5c"/>
<circle cx="${x + 80}" cy="${y + 70}" r="12" fill="#111" stroke="${shade(hex, 0.4)}" stroke-width="3"/>
<circle cx="${x + 84}" cy="${y + 34}" r="4" fill="#fff6d0"/>
<text x="200" y="${y + h - 40}" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="bold" fill="${text}" text-anchor="middle" opacity=".8">${esc(brand)}</text>
<text x="200" y="${y + h - 20}" font-family="Arial,Helvetica,sans-serif" font-size="10" fill="${text}" text-anchor="middle" opacity=".6">${esc(name)}</text>`;
}

function accessorySvg(kind: string, brand: string, hex: string): string {
  const dark = shade(hex, -0.35), light = shade(hex, 0.3);
  const grad = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${shade(hex, -0.1)}"/></linearGradient></defs>`;
  const label = `<text x="200" y="405" font-family="Arial,Helvetica,sans-serif" font-size="18" font-weight="bold" fill="#555" text-anchor="middle">${esc(brand)}</text>`;
  const shapes: Record<string, string> = {
    charger: `<rect x="140" y="120" width="120" height="150" rx="22" fill="url(#g)" stroke="${dark}" stroke-width="2"/><rect x="180" y="80" width="12" height="44" rx="3" fill="#999"/><rect x="208" y="80" width="12" height="44" rx="3" fill="#999"/><rect x="186" y="240" width="28" height="12" rx="5" fill="#333"/>`,
    earbuds: `<rect x="120" y="170" width="160" height="120" rx="50" fill="url(#g)" stroke="${dark}" stroke-width="2"/><line x1="126" y1="215" x2="274" y2="215" stroke="${dark}" stroke-width="2"/><circle cx="200" cy="250" r="5" fill="#35c27a"/>`,
    case: `<rect x="130" y="50" width="140" height="290" rx="26" fill="url(#g)" opacity=".85" stroke="${dark}" stroke-width="6"/><rect x="145" y="65" width="62" height="78" rx="16" fill="none" stroke="${dark}" stroke-width="4"/>`,
    powerbank: `<rect x="120" y="90" width="160" height="230" rx="24" fill="url(#g)" stroke="${dark}" stroke-width="2"/>${[0, 1, 2, 3].map((i) => `<circle cx="${170 + i * 20}" cy="290" r="4" fill="#4f8cff"/>`).join('')}`,
    watch: `<rect x="165" y="40" width="70" height="320" rx="20" fill="${dark}"/><circle cx="200" cy="200" r="80" fill="url(#g)" stroke="${dark}" stroke-width="6"/><circle cx="200" cy="200" r="64" fill="#0b1220"/><text x="200" y="210" font-family="Arial" font-size="26" fill="#e8f1ff" text-anchor="middle">10:24</text>`,
    headphones: `<path d="M110 230 Q110 90 200 90 Q290 90 290 230" fill="none" stroke="${dark}" stroke-width="16"/><rect x="90" y="210" width="60" height="100" rx="24" fill="url(#g)" stroke="${dark}" stroke-width="2"/><rect x="250" y="210" width="60" height="100" rx="24" fill="url(#g)" stroke="${dark}" stroke-width="2"/>`,
    cable: `<path d="M130 90 C 320 120, 80 260, 270 320" fill="none" stroke="${shade(hex, -0.2)}" stroke-width="10" stroke-linecap="round"/><rect x="110" y="70" width="40" height="30" rx="6" fill="#bbb"/><rect x="250" y="310" width="40" height="30" rx="6" fill="#bbb"/>`,
    glass: `<rect x="130" y="50" width="140" height="290" rx="26" fill="${hex}" opacity=".55" stroke="#8fb5d4" stroke-width="3"/><path d="M150 90 L190 70 M150 130 L230 90" stroke="#fff" stroke-width="6" opacity=".8"/>`,
    vacuum: `<ellipse cx="200" cy="300" rx="130" ry="22" fill="#000" opacity=".08"/><circle cx="200" cy="210" r="120" fill="url(#g)" stroke="${dark}" stroke-width="3"/><circle cx="200" cy="210" r="86" fill="none" stroke="${dark}" stroke-width="2" opacity=".5"/><circle cx="200" cy="150" r="18" fill="${dark}"/><circle cx="200" cy="150" r="6" fill="#35c27a"/>`,
    purifier: `<rect x="135" y="70" width="130" height="270" rx="30" fill="url(#g)" stroke="${dark}" stroke-width="2"/><circle cx="200" cy="110" r="22" fill="none" stroke="#4f8cff" stroke-width="4"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="155" y="${170 + i * 22}" width="90" height="8" rx="4" fill="${dark}" opacity=".35"/>`).join('')}`,
    fryer: `<rect x="120" y="80" width="160" height="250" rx="40" fill="url(#g)" stroke="#111" stroke-width="2"/><rect x="140" y="200" width="120" height="110" rx="18" fill="${shade(hex, 0.15)}" stroke="#111" stroke-width="2"/><rect x="175" y="245" width="50" height="14" rx="7" fill="#888"/><circle cx="200" cy="140" r="24" fill="#111" stroke="#888" stroke-width="3"/>`,
    band: `<rect x="175" y="50" width="50" height="300" rx="22" fill="${dark}"/><rect x="160" y="145" width="80" height="110" rx="30" fill="url(#g)" stroke="#444" stroke-width="3"/><rect x="172" y="160" width="56" height="80" rx="20" fill="#0b1220"/>`,
  };
  return `${grad}${shapes[kind] ?? shapes.charger}${label}`;
}

const wrap = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 440" width="400" height="440"><rect width="400" height="440" fill="#f6f7f9"/>${inner}</svg>`;

const ACCESSORY_KIND: Array<[RegExp, string]> = [
  [/BUDS|AIRPODS/, 'earbuds'], [/CHARGER|ADAPTER/, 'charger'], [/CASE/, 'case'], [/POWERBANK/, 'powerbank'],
  [/VACUUM/, 'vacuum'], [/PURIFIER/, 'purifier'], [/FRYER/, 'fryer'], [/WATCH/, 'watch'], [/JBL|TUNE/, 'headphones'], [/CABLE/, 'cable'], [/GLASS/, 'glass'], [/BAND/, 'band'],
];

export type PictureView = 'duo' | 'front' | 'back';

/** Back and front together, like a product render: the colour and the screen at one glance. */
function duoSvg(brand: string, name: string, hex: string): string {
  return `<g transform="translate(-58 22) scale(.9)">${phoneSvg(brand, name, hex, true, false, 'b')}</g>`
    + `<g transform="translate(98 34) scale(.86)">${phoneSvg(brand, name, hex, false, false, 'f')}</g>`;
}

/** SVG for /media/products/<variantCode>.svg[?view=front|back], or null when the code is unknown. */
export async function productPicture(db: DbOrTx, variantCode: string, view: PictureView = 'duo'): Promise<string | null> {
  const rows = await db.select({ hex: productVariants.colorHex, code: products.code, brand: products.brand, name: products.name, type: products.type })
    .from(productVariants).innerJoin(products, eq(products.code, productVariants.productCode)).where(eq(productVariants.code, variantCode));
  const r = rows[0];
  if (!r) return null;
  // goods drawn by their kind: accessories, gifts (PROMO_PRODUCT) and partners' home appliances (DROPSHIPPING)
  if (r.type === 'ACCESSORY' || r.type === 'PROMO_PRODUCT' || r.type === 'DROPSHIPPING') {
    const kind = ACCESSORY_KIND.find(([re]) => re.test(r.code))?.[1] ?? 'charger';
    return wrap(accessorySvg(kind, r.brand, r.hex));
  }
  const feature = /105_4G/.test(r.code);
  if (view === 'duo' && !feature) return wrap(duoSvg(r.brand, r.name, r.hex));
  return wrap(phoneSvg(r.brand, r.name, r.hex, view === 'back', feature));
}

/**
 * Pictures of the CMS components (`cms_components.media_url` = /media/cms/<name>.svg): drawn here like the
 * product pictures. `no-stock`: an empty box with a "sold out" mark (the no-stock pop-up). Unknown → null.
 */
export function cmsPicture(name: string): string | null {
  if (name !== 'no-stock') return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120" role="img">
<ellipse cx="80" cy="108" rx="52" ry="6" fill="#000" opacity=".08"/>
<path d="M30 48 L80 30 L130 48 L130 96 L80 112 L30 96 Z" fill="#f3ecfa" stroke="#5b1f8f" stroke-width="3" stroke-linejoin="round"/>
<path d="M30 48 L80 64 L130 48 M80 64 L80 112" fill="none" stroke="#5b1f8f" stroke-width="3" stroke-linejoin="round"/>
<path d="M30 48 L16 34 L66 18 L80 30" fill="#d9c5ec" stroke="#5b1f8f" stroke-width="3" stroke-linejoin="round"/>
<path d="M130 48 L144 34 L94 18 L80 30" fill="#d9c5ec" stroke="#5b1f8f" stroke-width="3" stroke-linejoin="round"/>
<circle cx="118" cy="86" r="20" fill="#fff" stroke="#e2175b" stroke-width="5"/>
<path d="M104 100 L132 72" stroke="#e2175b" stroke-width="5" stroke-linecap="round"/>
</svg>`;
}
