/**
 * Live dashboard streams of one server process. Every event someone watches has ONE watcher,
 * shared by all its listeners: every `pollMs` it reads the event's cheap fingerprint
 * (dashboardVersion) and, when it changed (or `refreshMs` passed: "inside now" turns at
 * midnight, a refund request changes status without a new row), reads the figures once and
 * sends each listener its own view, unless that view is what the listener last got. Nothing
 * here matters beyond the connections it serves: another instance runs its own watchers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DashboardSnapshot } from '@bilheteira/shared/schemas/backoffice-dashboard';
import type { DbOrTx } from '../../db/client';
import { dashboardErrors } from './event-dashboard.errors';
import {
  dashboardVersionOf,
  forReader,
  readDashboard,
  type DashboardEvent,
  type DashboardReader,
} from './event-dashboard.service';

export interface DashboardListener {
  userId: number;
  reader: DashboardReader;
  /** writes one snapshot to the stream */
  send(snapshot: DashboardSnapshot): void;
  /** writes a comment line (keeps proxies and the browser from closing an idle stream) */
  heartbeat(): void;
  /** ends the stream (server shutting down, or the stream's time is up) */
  end(): void;
}

export interface DashboardHubOptions {
  pollMs: number;
  heartbeatMs: number;
  /** a full reading at least this often while someone watches, even without a new fingerprint */
  refreshMs: number;
  /** streams one user may hold open in this process */
  perUser: number;
  /** a stream ends after this long; the browser's EventSource reconnects, and its session is checked again */
  maxStreamMs: number;
  log?: FastifyBaseLogger;
}

interface Member {
  listener: DashboardListener;
  /** what this listener last got, without its time stamp */
  last: string;
  expiry: NodeJS.Timeout;
}

interface Watch {
  event: DashboardEvent;
  members: Set<Member>;
  timer: NodeJS.Timeout;
  version: string | null;
  readAt: number;
  busy: boolean;
}

/** A snapshot's figures without the time it was read: equal figures are not sent twice. */
const figuresOf = (s: DashboardSnapshot) => JSON.stringify({ ...s, generated_at: '' });

export class DashboardHub {
  private readonly watches = new Map<number, Watch>();
  private readonly streamsOf = new Map<number, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly opts: DashboardHubOptions,
  ) {
    this.heartbeat = setInterval(() => {
      for (const w of this.watches.values()) for (const m of w.members) m.listener.heartbeat();
    }, opts.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Throws 429 `dashboard_too_many_streams` when `userId` holds `perUser` streams already. */
  assertRoom(userId: number): void {
    if (this.closed || (this.streamsOf.get(userId) ?? 0) >= this.opts.perUser)
      throw dashboardErrors.tooManyStreams();
  }

  /**
   * Adds a listener of `event` that already got `first`; answers its removal (call it when
   * the connection closes; calling it twice is harmless).
   */
  add(event: DashboardEvent, listener: DashboardListener, first: DashboardSnapshot): () => void {
    this.assertRoom(listener.userId);
    this.streamsOf.set(listener.userId, (this.streamsOf.get(listener.userId) ?? 0) + 1);
    let watch = this.watches.get(event.id);
    if (!watch) {
      const created: Watch = {
        event,
        members: new Set(),
        timer: setInterval(() => void this.tick(created), this.opts.pollMs),
        version: null,
        readAt: Date.now(),
        busy: false,
      };
      created.timer.unref();
      this.watches.set(event.id, created);
      watch = created;
    }
    const w = watch;
    const member: Member = {
      listener,
      last: figuresOf(first),
      expiry: setTimeout(() => listener.end(), this.opts.maxStreamMs),
    };
    member.expiry.unref();
    w.members.add(member);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      clearTimeout(member.expiry);
      w.members.delete(member);
      const left = (this.streamsOf.get(listener.userId) ?? 1) - 1;
      if (left > 0) this.streamsOf.set(listener.userId, left);
      else this.streamsOf.delete(listener.userId);
      if (!w.members.size) {
        clearInterval(w.timer);
        if (this.watches.get(w.event.id) === w) this.watches.delete(w.event.id);
      }
    };
  }

  /** How many streams are open (all events). */
  get size(): number {
    let n = 0;
    for (const w of this.watches.values()) n += w.members.size;
    return n;
  }

  /** Ends every stream and stops every watcher: an open stream never holds the server's close. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const w of [...this.watches.values()]) {
      clearInterval(w.timer);
      for (const m of [...w.members]) m.listener.end();
    }
    this.watches.clear();
  }

  private async tick(w: Watch): Promise<void> {
    if (w.busy || !w.members.size) return;
    w.busy = true;
    try {
      const version = await dashboardVersionOf(this.db, w.event.id);
      if (version === w.version && Date.now() - w.readAt < this.opts.refreshMs) return;
      const snapshot = await readDashboard(this.db, w.event, new Date());
      w.version = version;
      w.readAt = Date.now();
      for (const m of w.members) {
        const view = forReader(snapshot, m.listener.reader);
        const figures = figuresOf(view);
        if (figures === m.last) continue;
        m.last = figures;
        m.listener.send(view);
      }
    } catch (err) {
      // a failed reading (database restarting) is tried again at the next tick
      this.opts.log?.warn({ err, eventId: w.event.id }, 'dashboard reading failed');
    } finally {
      w.busy = false;
    }
  }
}
