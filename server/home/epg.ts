// The TV guide's schedule: a realistic day per channel, generated from the channel's genre (deterministic per
// channel and date, so every instance writes the same rows), in Belgrade local time.
import epgPools from './epg-pools.json';

type LocalText = { sr: string; en: string };

export const EPG_TIME_ZONE = 'Europe/Belgrade';

/** Belgrade's wall clock (made once: a formatter costs far more to make than to use; a week's guide asks ~10 000 times). */
const BELGRADE_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: EPG_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** Minutes east of UTC of Belgrade at `utcMs`. */
function offsetMinutes(utcMs: number): number {
  const parts = BELGRADE_CLOCK.formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(utcMs / 60000) * 60000) / 60000);
}

/** The UTC instant of Belgrade's local `date` (yyyy-mm-dd) at `minute` minutes after midnight. */
export function belgradeInstant(date: string, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d) + minute * 60000;
  const first = guess - offsetMinutes(guess) * 60000;
  return new Date(guess - offsetMinutes(first) * 60000);
}

/** Belgrade's local date (yyyy-mm-dd) of an instant. */
export function belgradeDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: EPG_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Monday..Sunday (yyyy-mm-dd) of the Belgrade week holding `at`. */
export function weekOf(at: Date): string[] {
  const today = belgradeDate(at);
  const [y, m, d] = today.split('-').map(Number);
  const base = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(base.getTime() - ((base.getUTCDay() + 6) % 7) * 86400000);
  return Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * 86400000).toISOString().slice(0, 10));
}

interface Show { title: string; minutes: number; genre: LocalText; description: LocalText }

/**
 * The programmes a channel's day is drawn from, per channel genre (./epg-pools.json: data, one programme a row; a
 * programme's genre is a key of the file's `genres`). An unknown channel genre draws from `general`.
 */
const POOLS: Record<string, Show[]> = Object.fromEntries(Object.entries(epgPools.pools).map(([channelGenre, rows]) => [channelGenre, rows.map(showOf)]));

function showOf(row: { title: string; minutes: number; genre: string; description: LocalText }): Show {
  const genre = (epgPools.genres as Record<string, LocalText>)[row.genre];
  if (!genre) throw new Error(`server/home/epg-pools.json: "${row.title}" has the unknown genre ${row.genre}`);
  return { title: row.title, minutes: row.minutes, genre, description: row.description };
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
  return h >>> 0;
}

export interface EpgRow { channelCode: string; startsAt: Date; endsAt: Date; title: string; genre: LocalText; description: LocalText }

/** One Belgrade day (00:00–24:00) of a channel: programmes back to back, starting on the half hour. */
export function daySchedule(channelCode: string, genre: string, date: string): EpgRow[] {
  const pool = POOLS[genre] ?? POOLS.general;
  let seed = hash(`${channelCode}|${date}`);
  const rows: EpgRow[] = [];
  let minute = 0;
  while (minute < 24 * 60) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    const s = pool[seed % pool.length];
    const len = Math.min(s.minutes, 24 * 60 - minute);
    rows.push({ channelCode, startsAt: belgradeInstant(date, minute), endsAt: belgradeInstant(date, minute + len), title: s.title, genre: s.genre, description: s.description });
    minute += len;
  }
  return rows;
}
