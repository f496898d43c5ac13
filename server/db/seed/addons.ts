// Seed of the add-ons page and the digital services (issue 13): tariff, mobile and roaming add-ons in the categories
// and zones of server/catalog/addons.ts, and the seven OTT services of /Digitalni-servisi/<slug>. Guarded by
// app_meta 'seed.addons' (so a database seeded before them gets them at its next start).
import { eq } from 'drizzle-orm';
import type { Db } from '../index';
import * as s from '../tables';

export const ADDONS_SEED_MARKER = 'seed.addons';
const para = (rsd: number) => Math.round(rsd * 100);
const t = (sr: string, en: string) => ({ sr, en });
type LocalText = { sr: string; en: string };

interface SeedAddon {
  code: string; name: string; type: string; categories: string[]; description: LocalText;
  monthly?: number; oneTime?: number; highlights?: Array<[LocalText, LocalText]>;
}

export const addonOffers: SeedAddon[] = [
  { code: 'ADDON_NET_30GB', name: 'Dodatnih 30 GB', type: 'ADDON_POSTPAID', categories: ['dodaci', 'tarifni-internet'], monthly: 799,
    description: t('30 GB interneta mesečno uz postpejd tarifu.', '30 GB of data a month with a postpaid tariff.'),
    highlights: [[t('Internet', 'Data'), t('30 GB mesečno', '30 GB a month')]] },
  { code: 'ADDON_NET_NIGHT', name: 'Noćni internet', type: 'ADDON_POSTPAID', categories: ['dodaci', 'tarifni-internet'], monthly: 199,
    description: t('Neograničen internet od ponoći do 7 časova.', 'Unlimited data from midnight to 7 a.m.'),
    highlights: [[t('Internet', 'Data'), t('neograničen, 00–07 h', 'unlimited, 00–07 h')]] },
  { code: 'ADDON_MIN_500', name: '500 minuta ka svim mrežama', type: 'ADDON_POSTPAID', categories: ['dodaci', 'tarifni-razgovori'], monthly: 299,
    description: t('500 minuta razgovora ka svim mrežama u Srbiji.', '500 minutes of calls to every network in Serbia.'),
    highlights: [[t('Minuti', 'Minutes'), t('500 mesečno', '500 a month')]] },
  { code: 'ADDON_SMS_1000', name: '1000 SMS poruka', type: 'ADDON_POSTPAID', categories: ['dodaci', 'tarifni-razgovori'], monthly: 149,
    description: t('1000 SMS poruka ka svim mrežama u Srbiji.', '1000 text messages to every network in Serbia.'),
    highlights: [[t('SMS', 'SMS'), t('1000 mesečno', '1000 a month')]] },
  { code: 'ADDON_PREPAID_NET_15GB', name: 'Pripejd 15 GB', type: 'ADDON_PREPAID', categories: ['dodaci', 'mobilni-pripejd'], oneTime: 700,
    description: t('15 GB interneta za 30 dana, za pripejd korisnike.', '15 GB of data for 30 days, for prepaid users.'),
    highlights: [[t('Važi', 'Valid'), t('30 dana', '30 days')]] },
  { code: 'ADDON_PREPAID_WEEK', name: 'Nedeljni internet 3 GB', type: 'ADDON_PREPAID', categories: ['dodaci', 'mobilni-pripejd'], oneTime: 200,
    description: t('3 GB interneta za 7 dana, za pripejd korisnike.', '3 GB of data for 7 days, for prepaid users.'),
    highlights: [[t('Važi', 'Valid'), t('7 dana', '7 days')]] },
  { code: 'SHARED_NET_20GB', name: 'Deljeni internet 20 GB', type: 'SHARED_NET', categories: ['dodaci', 'mobilni-deljeni'], monthly: 599,
    description: t('20 GB interneta koje deliš sa još tri broja iz porodice.', '20 GB of data shared with up to three family numbers.'),
    highlights: [[t('Deli sa', 'Share with'), t('do 3 broja', 'up to 3 numbers')]] },
  { code: 'ROAM_REGION_5GB', name: 'Roming Zapadni Balkan 5 GB', type: 'ADDON_POSTPAID', categories: ['dodaci', 'roming-region', 'zona:REGION'], oneTime: 690,
    description: t('5 GB preko pravične upotrebe u zemljama Zapadnog Balkana, važi 30 dana.', '5 GB above fair use in the Western Balkans, valid 30 days.'),
    highlights: [[t('Važi', 'Valid'), t('30 dana', '30 days')]] },
  { code: 'ROAM_EU_3GB', name: 'Roming Evropa 3 GB', type: 'ADDON_POSTPAID', categories: ['dodaci', 'roming-evropa', 'zona:EU', 'zona:REGION'], oneTime: 990,
    description: t('3 GB interneta u Evropi i na Zapadnom Balkanu, važi 30 dana.', '3 GB of data in Europe and the Western Balkans, valid 30 days.'),
    highlights: [[t('Važi', 'Valid'), t('30 dana', '30 days')]] },
  { code: 'ROAM_EU_DAY', name: 'Dnevna karta Evropa', type: 'ADDON_POSTPAID', categories: ['dodaci', 'roming-evropa', 'zona:EU'], oneTime: 290,
    description: t('1 GB interneta i 30 minuta razgovora u Evropi za 24 sata.', '1 GB of data and 30 minutes of calls in Europe for 24 hours.'),
    highlights: [[t('Važi', 'Valid'), t('24 sata', '24 hours')]] },
  { code: 'ROAM_WORLD_2GB', name: 'Roming Svet 2 GB', type: 'ADDON_POSTPAID', categories: ['dodaci', 'roming-svet', 'zona:WORLD', 'zona:EU', 'zona:REGION'], oneTime: 1990,
    description: t('2 GB interneta u svim zonama rominga, važi 30 dana.', '2 GB of data in every roaming zone, valid 30 days.'),
    highlights: [[t('Važi', 'Valid'), t('30 dana', '30 days')]] },
  // digital services (OTT), bought as add-ons of a postpaid tariff
  { code: 'OTT_DEEZER', name: 'Deezer Premium', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Deezer'], monthly: 399,
    description: t('Više od 120 miliona pesama bez reklama, i van mreže.', 'More than 120 million songs without ads, offline too.'),
    highlights: [[t('Uređaji', 'Devices'), t('telefon, računar, TV', 'phone, computer, TV')], [t('Reklame', 'Ads'), t('bez reklama', 'none')]] },
  { code: 'OTT_ARENA_CLOUD', name: 'Arena Cloud', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Arena-cloud'], monthly: 699,
    description: t('Svi Arena Sport kanali uživo i snimci utakmica na telefonu, tabletu i televizoru.', 'Every Arena Sport channel live, and match replays on phone, tablet and TV.'),
    highlights: [[t('Kanali', 'Channels'), t('10 sportskih kanala', '10 sports channels')]] },
  { code: 'OTT_APOLLON', name: 'Apollon', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Apollon'], monthly: 499,
    description: t('Filmovi i serije domaće i regionalne produkcije na zahtev.', 'Films and series of Serbian and regional production on demand.'),
    highlights: [[t('Profili', 'Profiles'), t('do 4', 'up to 4')]] },
  { code: 'OTT_BALKAN_MYUSIC', name: 'Balkan Myusic', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Balkan-myusic'], monthly: 249,
    description: t('Domaća i regionalna muzika, plejliste i radio stanice.', 'Music of Serbia and the region, playlists and radio stations.'),
    highlights: [[t('Reklame', 'Ads'), t('bez reklama', 'none')]] },
  { code: 'OTT_IRIS_GO', name: 'Iris Go', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Iris-go'], monthly: 349,
    description: t('Televizija na mobilnom telefonu: više od 90 kanala i sedam dana unazad, bez trošenja interneta iz tarife.', 'TV on your mobile phone: more than 90 channels and seven days back, without using your tariff\'s data.'),
    highlights: [[t('Kanali', 'Channels'), t('90+', '90+')]] },
  { code: 'OTT_NBA', name: 'NBA League Pass', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Nba'], monthly: 999,
    description: t('Sve NBA utakmice uživo i na zahtev, sa komentarom na engleskom.', 'Every NBA game live and on demand, with English commentary.'),
    highlights: [[t('Utakmice', 'Games'), t('sve, uživo', 'all, live')]] },
  { code: 'OTT_MOVE', name: 'Move', type: 'STREAMING_SUBSCRIPTION', categories: ['digitalni-servisi', 'ott:Move'], monthly: 299,
    description: t('Aplikacija za vežbanje: treninzi sa trenerima, planovi ishrane i praćenje napretka.', 'A workout app: training with coaches, meal plans and progress tracking.'),
    highlights: [[t('Treninzi', 'Workouts'), t('500+', '500+')]] },
];

/** The add-ons that existed before the page get its categories. */
const recategorized: Record<string, string[]> = {
  ADDON_NET_10GB: ['dodaci', 'tarifni-internet'],
  ADDON_PREPAID_NET_5GB: ['dodaci', 'mobilni-pripejd'],
};

export async function seedAddons(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: ADDONS_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    let order = 2000;
    for (const o of addonOffers) {
      await tx.insert(s.products).values({
        code: o.code, name: o.name, description: o.description, type: o.type, esim: 'NONE', brand: 'Orbita Telekom',
        categories: o.categories, highlights: (o.highlights ?? []).map(([name, value]) => ({ name, value })), specification: [], sortOrder: order++,
      });
      const planId = `${o.code}_PLAN`;
      await tx.insert(s.pricePlans).values({ id: planId, productCode: o.code, purchasable: true });
      if (o.monthly !== undefined) await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: null, price: para(o.monthly) });
      if (o.oneTime !== undefined) await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(o.oneTime) });
    }
    for (const [code, categories] of Object.entries(recategorized)) await tx.update(s.products).set({ categories }).where(eq(s.products.code, code));
    return true;
  });
}
