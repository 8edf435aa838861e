import { ZServerMessage } from '@fit24/contract';
import { TEST_API_KEY, type TestApp } from './test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: socket messages of every shape
export type Message = { channel: string; type: string; market_id?: number; sequence?: number; data: any };

/**
 * A socket through `injectWS` that keeps what it receives, to wait for the next message of a channel. Every
 * message must match the contract's `ZServerMessage`, the schema the web app reads them with.
 */
export async function connect(t: TestApp) {
  const received: Message[] = [];
  const waiting: Array<() => void> = [];
  const invalid: string[] = [];
  const ws = await t.app.injectWS(`/ws?api_key=${TEST_API_KEY}`);
  ws.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString('utf8')) as Message;
    const checked = ZServerMessage.safeParse(message);
    if (!checked.success) invalid.push(`${message.channel}: ${checked.error.message}`);
    received.push(message);
    for (const wake of waiting.splice(0)) wake();
  });
  const next = async (channel: string, type?: string): Promise<Message> => {
    for (let waited = 0; ; ) {
      if (invalid.length > 0) throw new Error(`off-contract message: ${invalid[0]}`);
      const i = received.findIndex((m) => m.channel === channel && (type === undefined || m.type === type));
      if (i >= 0) return received.splice(i, 1)[0]!;
      if (waited++ > 100) throw new Error(`no ${channel} message`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  const send = (message: object) => ws.send(JSON.stringify(message));
  return { ws, next, send, received };
}
