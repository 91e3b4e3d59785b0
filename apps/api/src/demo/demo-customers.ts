/**
 * Demo customers and invoices for the embedded database's first start (called by demo/seed-demo.ts in its
 * transaction): about 50 customers of both types and every status, and about 150 invoices over the four
 * statuses and the last 12 months. Everything comes from a seeded pseudo-random generator, so the same day
 * gives the same data; dates are relative to `now` so the demo always looks current.
 *
 * Names are invented; e-mails use the reserved example.* domains; avatars are generic silhouettes served
 * by the web app (/assets/avatars/), so nothing points to another site.
 */
import type { CustomerStatus, CustomerType, InvoiceStatus } from '@app/contracts';
import type { Queryable } from '../db/database.js';
import { customers } from '../db/schema.js';
import { invoiceContent } from '../modules/customers/invoice-content.js';
import { insertInvoice } from '../modules/customers/invoices.repository.js';

export const DEMO_CUSTOMER_COUNT = 50;
export const DEMO_INVOICE_COUNT = 150;
export const DEMO_PERSON_AVATARS = 6;
export const DEMO_INSTITUTION_AVATARS = 3;

const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a small, well-spread 32-bit generator; enough for demo data, not for secrets. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(choices: readonly (readonly [T, number])[]): T => {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
  };
  return { next, int, pick, weighted };
}

const PEOPLE = [
  'Élodie Lefèvre',
  'Karim Benali',
  'Fatima Zahra El Idrissi',
  'Julien Moreau',
  'Nadia Haddad',
  'Mehdi Bouzid',
  'Camille Girard',
  'Youssef Amrani',
  'Inès Chérif',
  'Thomas Lambert',
  'Amina Belkacem',
  'Hugo Fontaine',
  'Salma Ouali',
  'Rachid Kaci',
  'Chloé Rousseau',
  'Bilal Mansouri',
  'Léa Bertrand',
  'Sofiane Hamidi',
  'Myriam Ait Ahmed',
  'Nicolas Petit',
  'Khadija Naciri',
  'Omar Tazi',
  'Sarah Cohen',
  'Malik Diallo',
  'Aïcha Traoré',
  'Antoine Mercier',
  'Lina Bensaïd',
  'Hamza Cherkaoui',
  'Zoé Faure',
  'Ibrahim Keita',
  'Yasmine Boukhari',
  'Mathieu Garnier',
  'Nour El Houda Saadi',
  'Adam Rahmani',
  'Manon Chevalier',
] as const;

const INSTITUTIONS = [
  'Association Al-Nour',
  'Institut Ibn Rochd',
  'École Les Oliviers',
  'Centre Culturel Averroès',
  'Librairie La Plume',
  'Fondation Andalousie',
  'Collège Saint-Exupéry',
  'Maison de Quartier Belleville',
  'Cabinet Haddad & Associés',
  'Atelier Zellige',
  'Coopérative Atlas',
  'Médiathèque du Vieux-Port',
  'Crèche Les Petits Pas',
  'Institut de Langue Arabe du Rhône',
  'Société Numidia Conseil',
] as const;

const STREETS = [
  'rue des Lilas',
  'avenue Jean-Jaurès',
  'boulevard Voltaire',
  'rue de la République',
  'place du Marché',
  'rue Victor-Hugo',
  'allée des Tilleuls',
  'chemin des Vignes',
  'rue Pasteur',
  'quai Saint-Antoine',
] as const;

const CITIES = [
  ['75011', 'Paris'],
  ['69003', 'Lyon'],
  ['13001', 'Marseille'],
  ['59000', 'Lille'],
  ['31000', 'Toulouse'],
  ['44000', 'Nantes'],
  ['67000', 'Strasbourg'],
  ['33000', 'Bordeaux'],
  ['34000', 'Montpellier'],
  ['38000', 'Grenoble'],
  ['93200', 'Saint-Denis'],
  ['06000', 'Nice'],
] as const;

const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/** Two words each: the invoice screen reads an entry as "row word word rate". */
const SERVICES = [
  'Web Design',
  'SEO Work',
  'Logo Design',
  'Site Hosting',
  'Content Writing',
  'Arabic Course',
  'Quran Lessons',
  'Tajwid Course',
  'Mobile App',
  'Data Migration',
  'Security Audit',
  'Server Maintenance',
  'Email Campaign',
  'Photo Shoot',
  'Video Editing',
  'Translation Work',
  'Graphic Design',
  'Social Media',
  'IT Support',
  'Brand Strategy',
] as const;

const CUSTOMER_STATUS_WEIGHTS: [CustomerStatus, number][] = [
  ['ACTIVE', 60],
  ['PENDING', 18],
  ['INACTIVE', 14],
  ['BANNED', 8],
];
const INVOICE_STATUS_WEIGHTS: [InvoiceStatus, number][] = [
  ['PAID', 50],
  ['PENDING', 25],
  ['OVERDUE', 15],
  ['CANCELED', 10],
];

export type DemoCustomer = {
  name: string;
  email: string;
  address: string;
  phone: string;
  type: CustomerType;
  status: CustomerStatus;
  imageUrl: string;
  createdAt: Date;
};

export type DemoInvoice = {
  /** Index into the customers array. */
  customer: number;
  services: string;
  total: string;
  date: string;
  status: InvoiceStatus;
  createdAt: Date;
};

/** "Élodie Lefèvre" → "elodie.lefevre"; "Cabinet Haddad & Associés" → "cabinet.haddad.associes". */
function emailLocalPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The demo data as plain values, without touching the database: the same `now` gives the same data. */
export function buildDemoCustomers(now: Date = new Date()): {
  customers: DemoCustomer[];
  invoices: DemoInvoice[];
} {
  const random = seededRandom(20_240_611);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  // Interleave people and institutions: 3 in 10 are institutions.
  const people: { name: string; type: CustomerType }[] = PEOPLE.map((name) => ({ name, type: 'INDIVIDUAL' }));
  const bodies: { name: string; type: CustomerType }[] = INSTITUTIONS.map((name) => ({
    name,
    type: 'INSTITUTION',
  }));
  const names = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, i) => {
    const wantInstitution = i % 10 === 3 || i % 10 === 6 || i % 10 === 9;
    const next = (wantInstitution ? bodies.shift() : people.shift()) ?? people.shift() ?? bodies.shift();
    if (!next) throw new Error('not enough demo names');
    return next;
  });

  const demoCustomers = names.map(({ name, type }, i): DemoCustomer => {
    const [postcode, city] = random.pick(CITIES);
    const mobile = type === 'INDIVIDUAL' ? random.pick(['6', '7']) : random.pick(['1', '4', '5']);
    const pairs = Array.from({ length: 4 }, () => String(random.int(0, 99)).padStart(2, '0'));
    const avatar =
      type === 'INDIVIDUAL'
        ? `person-${random.int(1, DEMO_PERSON_AVATARS)}`
        : `institution-${random.int(1, DEMO_INSTITUTION_AVATARS)}`;
    // The first four take each status once, so every badge colour shows; the rest are weighted.
    const status = CUSTOMER_STATUS_WEIGHTS[i]?.[0] ?? random.weighted(CUSTOMER_STATUS_WEIGHTS);
    // Joined from about 13 months ago to about 7 weeks ago, in this order, at office hours.
    const daysAgo = 400 - i * 7 - random.int(0, 5);
    return {
      name,
      email: `${emailLocalPart(name)}@${random.pick(EMAIL_DOMAINS)}`,
      address: `${random.int(1, 180)} ${random.pick(STREETS)}, ${postcode} ${city}`,
      phone: `+33 ${mobile} ${pairs.join(' ')}`,
      type,
      status,
      imageUrl: `/assets/avatars/${avatar}.svg`,
      createdAt: new Date(today - daysAgo * DAY + random.int(8 * 60, 18 * 60) * 60_000),
    };
  });

  const demoInvoices: DemoInvoice[] = [];
  for (let i = 0; i < DEMO_INVOICE_COUNT; i++) {
    // Spread over the last 12 months: each twelfth of the year gets its share.
    const daysAgo = Math.min(364, Math.floor((i % 12) * 30.4) + random.int(0, 29));
    const day = today - daysAgo * DAY;
    const eligible = demoCustomers.flatMap((c, index) => (c.createdAt.getTime() < day ? [index] : []));
    const customer = eligible.length > 0 ? random.pick(eligible) : 0;

    const entries: string[] = [];
    let cents = 0;
    const used = new Set<string>();
    const count = random.weighted([
      [1, 35],
      [2, 35],
      [3, 20],
      [4, 10],
    ] as const);
    while (entries.length < count) {
      const service = random.pick(SERVICES);
      if (used.has(service)) continue;
      used.add(service);
      const rateCents = random.int(10, 300) * 500 + (random.next() < 0.2 ? 50 : 0);
      cents += rateCents;
      entries.push(`${entries.length + 1} ${service} ${(rateCents / 100).toString()}`);
    }
    demoInvoices.push({
      customer,
      services: entries.join(','),
      total: (cents / 100).toFixed(2),
      date: isoDate(new Date(day)),
      status: random.weighted(INVOICE_STATUS_WEIGHTS),
      createdAt: new Date(day + random.int(8 * 60, 18 * 60) * 60_000),
    });
  }
  // Invoice numbers follow the order of insertion: oldest first, so they grow with the date.
  demoInvoices.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { customers: demoCustomers, invoices: demoInvoices };
}

/** Inserts the demo customers and their invoices into an organisation that has none yet. */
export async function seedDemoCustomers(
  tx: Queryable,
  organisationId: number,
  now: Date = new Date(),
): Promise<void> {
  const demo = buildDemoCustomers(now);
  const ids = new Map<number, number>();
  for (const customer of demo.customers) {
    const [row] = await tx
      .insert(customers)
      .values({ ...customer, organisationId })
      .returning({ id: customers.id });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    ids.set(ids.size, row.id);
  }
  // Written as the invoice call writes them (with their lines, a payment when PAID and their history), by
  // nobody: the demo data is the server's.
  for (const { customer, total, createdAt, ...invoice } of demo.invoices) {
    const customerId = ids.get(customer);
    if (customerId === undefined) throw new Error(`no demo customer ${customer}`);
    const content = invoiceContent({ ...invoice, customerId, total: Number(total) });
    await insertInvoice(tx, organisationId, { ...content, createdAt }, null);
  }
}
