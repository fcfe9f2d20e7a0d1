import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, queryRows, type Database } from '../db/client';
import { enqueueMessage } from '../lib/outbox';
import { drainOutbox, emailTransport, MAX_ATTEMPTS, smsTransport, type Transport } from './outbox-worker';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
}, 120_000);
afterAll(() => database.close());

/** A minimal SMTP server that records what it receives (enough for nodemailer). */
function fakeSmtp(): Promise<{ port: number; mails: string[]; close(): void }> {
  const mails: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, mails, close: () => server.close() }),
    ),
  );
}

/** An SMS provider that records requests and answers `status`. */
function fakeSmsProvider(status: () => number) {
  const requests: { auth?: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.statusCode = status();
      res.end('{}');
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
        requests,
        close: () => server.close(),
      }),
    ),
  );
}

const statusOf = async (recipient: string) =>
  (
    await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      database.db,
      sql`SELECT status, attempts, last_error FROM outbox WHERE recipient = ${recipient}`,
    )
  )[0]!;

describe('outbox worker', () => {
  it('sends email through SMTP (nodemailer) and marks it sent', async () => {
    const smtp = await fakeSmtp();
    try {
      const config = loadConfig({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Bilheteira <no-reply@x.pt>',
      });
      await enqueueMessage(database.db, {
        channel: 'email',
        recipient: 'ana@example.pt',
        subject: 'Olá',
        body: 'Ligação: http://x/reset',
      });
      const sent = await drainOutbox(database.db, {
        email: emailTransport(config),
        sms: { send: async () => {} },
      });
      expect(sent).toBe(1);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toContain('To: ana@example.pt');
      expect(smtp.mails[0]).toContain('Subject: =?UTF-8?Q?Ol=C3=A1?=');
      expect((await statusOf('ana@example.pt')).status).toBe('sent');
    } finally {
      smtp.close();
    }
  });

  it('sends SMS through the HTTP provider with its token; retries with back-off, then gives up', async () => {
    let answer = 200;
    const provider = await fakeSmsProvider(() => answer);
    try {
      const config = loadConfig({ SMS_PROVIDER_URL: provider.url, SMS_PROVIDER_TOKEN: 'sms-token' });
      const transports: Record<string, Transport> = {
        sms: smsTransport(config),
        email: { send: async () => {} },
      };
      await enqueueMessage(database.db, {
        channel: 'sms',
        recipient: '+351915000001',
        body: 'Código 123456',
      });
      await drainOutbox(database.db, transports);
      expect(provider.requests[0]).toEqual({
        auth: 'Bearer sms-token',
        body: { to: '+351915000001', text: 'Código 123456' },
      });
      expect((await statusOf('+351915000001')).status).toBe('sent');

      answer = 503;
      await enqueueMessage(database.db, { channel: 'sms', recipient: '+351915000002', body: 'x' });
      await drainOutbox(database.db, transports);
      const failed = await statusOf('+351915000002');
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed.last_error).toMatch(/503/);
      // not due again until the back-off has passed
      expect(await drainOutbox(database.db, transports)).toBe(0);
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        await database.db.execute(sql`UPDATE outbox SET run_at = now() WHERE recipient = '+351915000002'`);
        await drainOutbox(database.db, transports);
      }
      expect(await statusOf('+351915000002')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    } finally {
      provider.close();
    }
  });

  it('without SMTP_URL or SMS_PROVIDER_URL messages stay readable in the dev outbox', async () => {
    const config = loadConfig({});
    await enqueueMessage(database.db, { channel: 'sms', recipient: '+351915000003', body: 'y' });
    await drainOutbox(database.db, { sms: smsTransport(config), email: emailTransport(config) });
    expect((await statusOf('+351915000003')).status).toBe('sent');
  });
});
