// The stream's side of the gateway's request grammar: every request the client sends (subscribe, unsubscribe, ping)
// gets a numeric id, and a reply frame carrying that id is matched back to its request and handed to the part that
// acts on it (the subscriptions for a subscribe, the connection's heartbeat for a ping). It also paces what the client
// sends on its own: the gateway closes a connection (4008) above 20 messages a second, so pings, unsubscribes and
// resubscribes wait for a free slot of the message budget instead of being sent at once. Ids and waiting messages
// belong to one connection: `clear` forgets them when it drops.
import { StreamAuthError, StreamRequestError } from './errors.js';
import type { MessageBudget } from './message-budget.js';
import { isOpen, type SocketLike } from './socket.js';

/** A request waiting for its reply: what was asked, for which patterns, and whether it resubscribes after a drop. */
export interface Pending {
  method: 'subscribe' | 'unsubscribe' | 'ping';
  channels: string[];
  resubscribe?: boolean;
}

/** Who acts on each kind of reply. */
export interface ReplyHandlers {
  /** The gateway refused the key (401/403 on any request): every request would fail the same way. */
  refused(error: StreamAuthError): void;
  /** The reply to a ping. */
  pong(): void;
  /** A subscribe accepted: `result` carries the gateway's subscription id of each pattern. */
  subscribed(request: Pending, result: unknown): void;
  /** A subscribe or unsubscribe answered with an error. */
  failed(request: Pending, error: StreamRequestError): void;
}

export class Requests {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** The client's own messages waiting for a slot of the budget, oldest first. */
  private readonly deferred: object[] = [];
  private deferredTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** Messages sent in the last second (message-budget.ts); a subscribe call takes its slot from it too. */
    readonly budget: MessageBudget,
    /** The connection's socket of the moment (connection.ts), undefined while there is none. */
    private readonly socket: () => SocketLike | undefined,
    private readonly handlers: ReplyHandlers,
  ) {}

  private track(request: Pending): number {
    const id = this.nextId++;
    this.pending.set(id, request);
    return id;
  }

  /** Sends a subscribe of `channels` at once on the open socket (its slot of the budget is taken by the caller). */
  subscribe(channels: string[], resubscribe: boolean): void {
    const id = this.track({ method: 'subscribe', channels, resubscribe });
    this.socket()!.send(JSON.stringify({ id, method: 'subscribe', params: { channels } }));
  }

  /** Frees the gateway's subscription `subscriptionId` of `pattern`; nothing to do when the connection is gone (it took its subscriptions with it). */
  unsubscribe(pattern: string, subscriptionId: string): void {
    if (!isOpen(this.socket())) return;
    this.control({ id: this.track({ method: 'unsubscribe', channels: [pattern] }), method: 'unsubscribe', params: { subscriptionId } });
  }

  /** The heartbeat's ping; its reply goes to `pong`. */
  ping(): void {
    this.control({ id: this.track({ method: 'ping', channels: [] }), method: 'ping' });
  }

  /** The client's own messages: sent when the budget allows, else as soon as a slot frees (in the order asked). */
  private control(message: object): void {
    if (!this.deferred.length && this.budget.tryTake()) {
      this.socket()?.send(JSON.stringify(message));
      return;
    }
    this.deferred.push(message);
    this.scheduleDeferred();
  }
  private scheduleDeferred(): void {
    if (this.deferredTimer) return;
    this.deferredTimer = setTimeout(() => {
      this.deferredTimer = undefined;
      let socket: SocketLike | undefined;
      while (this.deferred.length && isOpen((socket = this.socket())) && this.budget.tryTake()) socket.send(JSON.stringify(this.deferred.shift()));
      if (this.deferred.length) this.scheduleDeferred();
    }, this.budget.waitMs());
  }

  /**
   * Matches a frame to the request its `id` names and hands the reply to its handler. False when no request of this
   * connection has that id (the frame is then neither an event nor a reply).
   */
  reply(message: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    const id = message?.id;
    const request = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!request) return false;
    this.pending.delete(id as number);
    if (request.method === 'ping') {
      this.handlers.pong();
      return true;
    }
    if (message.error !== undefined) {
      const code = (message.error as { code?: unknown })?.code;
      if (code === 401 || code === 403) {
        // Not authenticated (no key in the apikey header, or a refused key): every request would fail the same way.
        const detail = (message.error as { message?: unknown }).message;
        const reason = typeof detail === 'string' ? detail : '';
        this.handlers.refused(
          new StreamAuthError(
            code,
            reason,
            'fatal',
            `stream authentication refused (${code}${reason ? `: ${reason}` : ''}): the gateway reads the API key only from the apikey header; check the key (LAEVITAS_API_KEY)`,
          ),
        );
      } else this.handlers.failed(request, new StreamRequestError(request.method, request.channels, message.error));
      return true;
    }
    if (request.method === 'subscribe') this.handlers.subscribed(request, message.result);
    return true;
  }

  /** The connection dropped: its requests will never be answered and its waiting messages have nowhere to go. */
  clear(): void {
    this.pending.clear();
    this.deferred.length = 0;
    clearTimeout(this.deferredTimer);
    this.deferredTimer = undefined;
  }
}
