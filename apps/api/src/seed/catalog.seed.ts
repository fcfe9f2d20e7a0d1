import type { Tx } from '../db/client';
import { eventSessions, events, organizers, ticketTypes } from '../db/schema/index';
import { addDays, at, ymd } from './dates';

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

type AddEvent = (values: Omit<typeof events.$inferInsert, 'organizerId'>) => Promise<number>;
type AddType = (slug: string, values: Omit<typeof ticketTypes.$inferInsert, 'eventId'>) => Promise<void>;
/** What each demo event's seeding needs: the transaction, today (UTC midnight) and the inserts. */
interface CatalogBuilder {
  tx: Tx;
  today: Date;
  addEvent: AddEvent;
  addType: AddType;
}

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

  const addEvent: AddEvent = async (values) => {
    const [row] = await tx
      .insert(events)
      .values({ organizerId, ...values })
      .returning();
    ids[values.slug] = row!.id;
    return row!.id;
  };
  const addType: AddType = async (slug, values) => {
    const [row] = await tx
      .insert(ticketTypes)
      .values({ eventId: ids[slug]!, ...values })
      .returning();
    typeIds[`${slug}/${values.name}`] = row!.id;
  };
  const b: CatalogBuilder = { tx, today, addEvent, addType };

  await seedFestival(b);
  await seedConcert(b);
  const teatroSessions = await seedTheatre(b);
  await seedPastFestival(b);
  await seedSoldOut(b);
  await seedPrivateEvent(b);

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
    latitude: '38.7633',
    longitude: '-9.0950',
    startsAt: at(fStart, 16),
    endsAt: at(addDays(fStart, 3), 2),
    contactEmail: 'festival@promotora-demo.pt',
    serviceFeeBp: 500,
    walletEnabled: true,
    // tills work from now on in the demo (the demo ledger goes back 51 h)
    walletOpensAt: addDays(b.today, -3),
    onlineTopupEnabled: true,
    refundsAllowed: true,
    refundOpensAt: addDays(b.today, -1),
    refundClosesAt: addDays(fStart, 60),
    promoters: ['Promotora Demo'],
    partners: ['Cerveja Lusa', 'Rádio Demo', 'Câmara Municipal de Lisboa'],
    terms: 'Entrada proibida a menores de 6 anos. A pulseira é pessoal e intransmissível depois de ativada.',
  });
  await b.addType('festival-demo', {
    name: 'Passe 3 dias',
    priceCents: 8900,
    quantity: 2000,
    maxPerOrder: 6,
    periodDays: fDays,
    sortOrder: 0,
  });
  for (const [i, day] of fDays.entries()) {
    await b.addType('festival-demo', {
      name: `Bilhete diário — dia ${i + 1}`,
      priceCents: 3900,
      quantity: 1000,
      periodDays: [day],
      sortOrder: i + 1,
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
    startsAt: at(cDay, 21),
    endsAt: at(cDay, 23, 30),
    contactEmail: 'concertos@promotora-demo.pt',
    serviceFeeBp: 400,
  });
  await b.addType('concerto-demo', {
    name: 'Plateia',
    priceCents: 3500,
    quantity: 800,
    periodDays: [ymd(cDay)],
  });
  await b.addType('concerto-demo', {
    name: 'Balcão',
    priceCents: 2500,
    quantity: 400,
    periodDays: [ymd(cDay)],
    sortOrder: 1,
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
    startsAt: at(tStart, 17),
    endsAt: at(addDays(tStart, 2), 23),
    contactEmail: 'teatro@promotora-demo.pt',
    isSession: true,
    serviceFeeBp: 300,
  });
  await b.addType('teatro-demo', { name: 'Normal', priceCents: 1500, quantity: 120, maxPerOrder: 8 });
  await b.addType('teatro-demo', {
    name: 'Estudante',
    priceCents: 1000,
    quantity: 40,
    maxPerOrder: 4,
    sortOrder: 1,
  });
  const teatroSessions: number[] = [];
  for (const d of [0, 1, 2]) {
    for (const h of [17, 21]) {
      const day = addDays(tStart, d);
      const [s] = await b.tx
        .insert(eventSessions)
        .values({
          eventId: teatroId,
          date: ymd(day),
          hour: `${h}:00`,
          startsAt: at(day, h),
          capacity: 120,
        })
        .returning();
      teatroSessions.push(s!.id);
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
    startsAt: at(pStart, 16),
    endsAt: at(addDays(pStart, 2), 2),
    contactEmail: 'festival@promotora-demo.pt',
    walletEnabled: true,
    refundsAllowed: true,
    refundOpensAt: addDays(pStart, 3),
    refundClosesAt: addDays(pStart, 30),
  });
  await b.addType('festival-passado', {
    name: 'Passe 2 dias',
    priceCents: 6000,
    quantity: 500,
    periodDays: [ymd(pStart), ymd(addDays(pStart, 1))],
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
    startsAt: at(eDay, 21),
    endsAt: at(eDay, 23, 59),
    contactEmail: 'concertos@promotora-demo.pt',
  });
  await b.addType('esgotado-demo', {
    name: 'Geral',
    priceCents: 4500,
    quantity: 300,
    sold: 300,
    periodDays: [ymd(eDay)],
  });
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
    startsAt: at(vDay, 19),
    endsAt: at(vDay, 23),
    contactEmail: 'eventos@promotora-demo.pt',
    visibility: 'private',
  });
  await b.addType('evento-privado', {
    name: 'Convite',
    priceCents: 0,
    quantity: 100,
    periodDays: [ymd(vDay)],
  });
}
