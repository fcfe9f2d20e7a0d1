/**
 * A buy-and-pay load against a running server over HTTP: each client creates an order (one
 * ticket, every other order with a wallet top-up) and pays it with the sandbox test card,
 * again and again until stopped. It records every answer, the orders answered 201 and the
 * orders the pay call answered as paid, so a test can check that what the API confirmed is
 * still there after a fault.
 */
export interface LoadTarget {
  eventId: number;
  ticketTypeId: number;
  /** top-up added to every other order (0: none) */
  topupCents?: number;
}

export interface LoadResult {
  /** "create 201", "pay 503", "create ECONNREFUSED"… → how many */
  answers: Record<string, number>;
  /** ids of the orders answered 201 */
  created: number[];
  /** ids of the orders whose pay call answered 200 with the order paid */
  paid: number[];
  /** order id → the bearer token of the customer who created it */
  owners: Map<number, string>;
}

interface Answer {
  message?: string;
  data?: { id?: number; order?: { status?: string } };
}

const TEST_CARD = { number: '4242424242424242', expiry: '12/2099', name: 'Carga Teste' };

/** Starts `tokens.length` clients (one bearer token each); `stop()` ends them and answers what they saw. */
export function startBuyAndPayLoad(base: string, tokens: string[], target: LoadTarget) {
  const result: LoadResult = { answers: {}, created: [], paid: [], owners: new Map() };
  let stopped = false;
  const note = (what: string, outcome: string) => {
    const key = `${what} ${outcome}`;
    result.answers[key] = (result.answers[key] ?? 0) + 1;
  };
  const call = async (what: string, token: string, url: string, body: unknown) => {
    try {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      const json = (text.startsWith('{') ? JSON.parse(text) : {}) as Answer;
      // a 503 must say when to retry and why, in the error shape
      const shaped =
        res.status !== 503 || (!!res.headers.get('retry-after') && typeof json.message === 'string');
      note(what, shaped ? String(res.status) : `${res.status}-without-retry-after-or-message`);
      return { status: res.status, json };
    } catch (err) {
      note(what, (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name);
      // a refused connection answers at once: do not spin
      await new Promise((r) => setTimeout(r, 50));
      return { status: 0, json: {} as Answer };
    }
  };
  const pause = () => new Promise((r) => setTimeout(r, 200));
  const client = async (token: string, n: number) => {
    for (let i = 0; !stopped; i++) {
      const created = await call('create', token, '/api/orders', {
        event_id: target.eventId,
        include_cart: false,
        items: [{ ticket_id: target.ticketTypeId, qty: 1 }],
        ...(target.topupCents && (i + n) % 2 ? { topup_cents: target.topupCents } : {}),
      });
      if (created.status !== 201) {
        await pause();
        continue;
      }
      const orderId = created.json.data!.id!;
      result.created.push(orderId);
      result.owners.set(orderId, token);
      const paid = await call('pay', token, `/api/orders/${orderId}/pay`, {
        method: 'card',
        card: TEST_CARD,
      });
      if (paid.status === 200 && paid.json.data?.order?.status === 'paid') result.paid.push(orderId);
    }
  };
  const running = tokens.map((token, n) => client(token, n));
  return {
    result,
    async stop(): Promise<LoadResult> {
      stopped = true;
      await Promise.all(running);
      return result;
    },
  };
}

/** The answers that are not 2xx, 4xx or 503: what a fault must never produce. */
export function unexpectedAnswers(answers: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(answers).filter(([key]) => {
      const status = Number(key.split(' ')[1]);
      return !(status >= 200 && status < 500) && status !== 503;
    }),
  );
}
