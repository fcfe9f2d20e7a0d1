import { eq } from 'drizzle-orm';
import {
  createEventBody,
  createTicketTypeBody,
  sessionBody,
  type CreateEventBody,
  type CreateTicketTypeBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import type { Tx } from '../db/client';
import { organizers, ticketTypes } from '../db/schema/index';
import { auditActors } from '../lib/audit';
import { createEvent, publishEvent } from '../modules/events/events.admin.service';
import { createSession, createTicketType } from '../modules/events/ticket-types.admin.service';
import { addDays, at, ymd } from './dates';

/** The demo private event's link (demo only, like the demo TOTP seeds: the API draws a random one). */
export const DEMO_PRIVATE_LINK = 'evento-privado';
const SEED_ACTOR = auditActors.ops('demo-seed');

export interface DemoCatalog {
  organizerId: number;
  /** event ids by slug */
  events: Record<string, number>;
  /** ticket type ids by "<event slug>/<type name>" */
  ticketTypes: Record<string, number>;
  /** session ids of teatro-demo, in date/hour order */
  teatroSessions: number[];
}

const LOREM_FREE_ABOUT = {
  festival:
    'Três dias de música ao ar livre junto ao rio, com mais de 40 artistas nacionais e internacionais em quatro palcos. Pagamentos no recinto apenas com a pulseira cashless: carregue online antes de chegar e evite filas.',
  concerto:
    'Uma noite de fado e guitarra portuguesa no Coliseu, com a orquestra de câmara da cidade. Portas abrem uma hora antes do início.',
  teatro:
    'Comédia em dois atos sobre uma família que herda uma pensão no Porto. Várias sessões por dia; escolha a data e a hora que preferir.',
  passado: 'A edição do ano passado do festival. Obrigado a todos os que estiveram connosco!',
  esgotado: 'O regresso da banda mais esperada do ano. Todos os bilhetes foram vendidos.',
  privado: 'Evento privado para convidados. Apenas acessível através da ligação partilhada pela organização.',
};

type AddEvent = (values: CreateEventBody & { slug: string }) => Promise<number>;
type AddType = (slug: string, values: CreateTicketTypeBody) => Promise<number>;
/** What each demo event's seeding needs: the transaction, today (UTC midnight) and the adders. */
interface CatalogBuilder {
  tx: Tx;
  organizerId: number;
  now: Date;
  today: Date;
  addEvent: AddEvent;
  addType: AddType;
}

const iso = (d: Date) => d.toISOString();

/** Organiser and the six demo events named in the README (slugs are a contract). */
export async function seedCatalog(tx: Tx, now: Date): Promise<DemoCatalog> {
  const [org] = await tx
    .insert(organizers)
    .values({
      slug: 'promotora-demo',
      name: 'Promotora Demo',
      description: 'Promotora de festivais, concertos e teatro em Portugal desde 2010.',
      email: 'geral@promotora-demo.pt',
      website: 'https://promotora-demo.pt',
      frameOrigins: ['https://promotora-demo.pt'],
    })
    .returning();
  const organizerId = org!.id;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const ids: Record<string, number> = {};
  const typeIds: Record<string, number> = {};

  // Through the back office's own service functions (DESIGN §2b: one way to create an event),
  // each input checked by the same shared schemas the API validates with.
  const addEvent: AddEvent = async (values) => {
    const event = await createEvent(tx, organizerId, createEventBody.parse(values), SEED_ACTOR, now);
    ids[values.slug] = event.id;
    return event.id;
  };
  const addType: AddType = async (slug, values) => {
    const type = await createTicketType(
      tx,
      { organizerId, eventId: ids[slug]! },
      createTicketTypeBody.parse(values),
      SEED_ACTOR,
    );
    typeIds[`${slug}/${values.name}`] = type.id;
    return type.id;
  };
  const b: CatalogBuilder = { tx, organizerId, now, today, addEvent, addType };

  await seedFestival(b);
  await seedConcert(b);
  const teatroSessions = await seedTheatre(b);
  await seedPastFestival(b);
  await seedSoldOut(b);
  await seedPrivateEvent(b);
  for (const slug of Object.keys(ids))
    await publishEvent(
      tx,
      organizerId,
      ids[slug]!,
      slug === 'evento-privado'
        ? { visibility: 'private', linkToken: DEMO_PRIVATE_LINK }
        : { visibility: 'public' },
      SEED_ACTOR,
      now,
    );

  return { organizerId, events: ids, ticketTypes: typeIds, teatroSessions };
}

/** festival-demo: three days starting in 30 days, wallet and bracelets, refunds open. */
async function seedFestival(b: CatalogBuilder): Promise<void> {
  // festival-demo: three days starting in 30 days, wallet and bracelets, refunds open.
  const fStart = addDays(b.today, 30);
  const fDays = [0, 1, 2].map((i) => ymd(addDays(fStart, i)));
  await b.addEvent({
    slug: 'festival-demo',
    name: 'Festival Demo',
    information: LOREM_FREE_ABOUT.festival,
    address: 'Parque Tejo, Lisboa',
    city: 'Lisboa',
    latitude: 38.7633,
    longitude: -9.095,
    starts_at: iso(at(fStart, 16)),
    ends_at: iso(at(addDays(fStart, 3), 2)),
    contact_email: 'festival@promotora-demo.pt',
    service_fee_bp: 500,
    wallet_enabled: true,
    // tills work from now on in the demo (the demo ledger goes back 51 h)
    wallet_opens_at: iso(addDays(b.today, -3)),
    online_topup_enabled: true,
    refunds_allowed: true,
    refund_opens_at: iso(addDays(b.today, -1)),
    refund_closes_at: iso(addDays(fStart, 60)),
    promoters: ['Promotora Demo'],
    partners: ['Cerveja Lusa', 'Rádio Demo', 'Câmara Municipal de Lisboa'],
    terms: 'Entrada proibida a menores de 6 anos. A pulseira é pessoal e intransmissível depois de ativada.',
  });
  await b.addType('festival-demo', {
    name: 'Passe 3 dias',
    price_cents: 8900,
    quantity: 2000,
    max_per_order: 6,
    period_days: fDays,
    sort_order: 0,
  });
  for (const [i, day] of fDays.entries()) {
    await b.addType('festival-demo', {
      name: `Bilhete diário — dia ${i + 1}`,
      price_cents: 3900,
      quantity: 1000,
      period_days: [day],
      sort_order: i + 1,
    });
  }
}

/** concerto-demo: one date in 14 days. */
async function seedConcert(b: CatalogBuilder): Promise<void> {
  // concerto-demo: one date in 14 days.
  const cDay = addDays(b.today, 14);
  await b.addEvent({
    slug: 'concerto-demo',
    name: 'Concerto Demo',
    information: LOREM_FREE_ABOUT.concerto,
    address: 'Coliseu dos Recreios, Rua das Portas de Santo Antão 96, Lisboa',
    city: 'Lisboa',
    starts_at: iso(at(cDay, 21)),
    ends_at: iso(at(cDay, 23, 30)),
    contact_email: 'concertos@promotora-demo.pt',
    service_fee_bp: 400,
  });
  await b.addType('concerto-demo', {
    name: 'Plateia',
    price_cents: 3500,
    quantity: 800,
    period_days: [ymd(cDay)],
  });
  await b.addType('concerto-demo', {
    name: 'Balcão',
    price_cents: 2500,
    quantity: 400,
    period_days: [ymd(cDay)],
    sort_order: 1,
  });
}

/** teatro-demo: three dates, two hours each; answers its session ids in order. */
async function seedTheatre(b: CatalogBuilder): Promise<number[]> {
  // teatro-demo: three dates, two hours each.
  const tStart = addDays(b.today, 7);
  const teatroId = await b.addEvent({
    slug: 'teatro-demo',
    name: 'Teatro Demo',
    information: LOREM_FREE_ABOUT.teatro,
    address: 'Teatro Sá da Bandeira, Porto',
    city: 'Porto',
    starts_at: iso(at(tStart, 17)),
    ends_at: iso(at(addDays(tStart, 2), 23)),
    contact_email: 'teatro@promotora-demo.pt',
    is_session: true,
    service_fee_bp: 300,
  });
  await b.addType('teatro-demo', { name: 'Normal', price_cents: 1500, quantity: 120, max_per_order: 8 });
  await b.addType('teatro-demo', {
    name: 'Estudante',
    price_cents: 1000,
    quantity: 40,
    max_per_order: 4,
    sort_order: 1,
  });
  const teatroSessions: number[] = [];
  for (const d of [0, 1, 2]) {
    for (const h of [17, 21]) {
      const session = await createSession(
        b.tx,
        { organizerId: b.organizerId, eventId: teatroId },
        sessionBody.parse({ date: ymd(addDays(tStart, d)), hour: `${h}:00`, capacity: 120 }),
        SEED_ACTOR,
      );
      teatroSessions.push(session.id);
    }
  }

  return teatroSessions;
}

/** festival-passado: finished 40 days ago. */
async function seedPastFestival(b: CatalogBuilder): Promise<void> {
  // festival-passado: finished last year.
  const pStart = addDays(b.today, -40);
  await b.addEvent({
    slug: 'festival-passado',
    name: 'Festival Passado',
    information: LOREM_FREE_ABOUT.passado,
    address: 'Parque da Cidade, Porto',
    city: 'Porto',
    starts_at: iso(at(pStart, 16)),
    ends_at: iso(at(addDays(pStart, 2), 2)),
    contact_email: 'festival@promotora-demo.pt',
    wallet_enabled: true,
    refunds_allowed: true,
    refund_opens_at: iso(addDays(pStart, 3)),
    refund_closes_at: iso(addDays(pStart, 30)),
  });
  await b.addType('festival-passado', {
    name: 'Passe 2 dias',
    price_cents: 6000,
    quantity: 500,
    period_days: [ymd(pStart), ymd(addDays(pStart, 1))],
  });
}

/** esgotado-demo: sold out. */
async function seedSoldOut(b: CatalogBuilder): Promise<void> {
  // esgotado-demo: sold out.
  const eDay = addDays(b.today, 21);
  await b.addEvent({
    slug: 'esgotado-demo',
    name: 'Esgotado Demo',
    information: LOREM_FREE_ABOUT.esgotado,
    address: 'Altice Arena, Lisboa',
    city: 'Lisboa',
    starts_at: iso(at(eDay, 21)),
    ends_at: iso(at(eDay, 23, 59)),
    contact_email: 'concertos@promotora-demo.pt',
  });
  const geral = await b.addType('esgotado-demo', {
    name: 'Geral',
    price_cents: 4500,
    quantity: 300,
    period_days: [ymd(eDay)],
  });
  // its 300 places went before the demo starts (sales the demo does not replay as orders)
  await b.tx.update(ticketTypes).set({ sold: 300 }).where(eq(ticketTypes.id, geral));
}

/** evento-privado: private, reachable by link only. */
async function seedPrivateEvent(b: CatalogBuilder): Promise<void> {
  // evento-privado: private, reachable by link only.
  const vDay = addDays(b.today, 10);
  await b.addEvent({
    slug: 'evento-privado',
    name: 'Evento Privado',
    information: LOREM_FREE_ABOUT.privado,
    address: 'Palácio da Bolsa, Porto',
    city: 'Porto',
    starts_at: iso(at(vDay, 19)),
    ends_at: iso(at(vDay, 23)),
    contact_email: 'eventos@promotora-demo.pt',
  });
  await b.addType('evento-privado', {
    name: 'Convite',
    price_cents: 0,
    quantity: 100,
    period_days: [ymd(vDay)],
  });
}
